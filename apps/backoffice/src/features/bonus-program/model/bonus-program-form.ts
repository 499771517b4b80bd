import { formatMoney, isTimezoneOffset, type Minor, POINT } from '@storefront/domain';
import type { BonusProgramBody } from '@storefront/domain/contracts';

/**
 * The bonus program's form (decision 55): numbers as the inputs hold them (percents, days, the welcome bonus in
 * points, the tiers' thresholds in whole roubles), checked by the contract's bounds before sending (the browser
 * imports no zod contract at run time, decision 7), and sent whole: the program is one PUT.
 */

export interface TierLevelValues {
  /** Whole roubles paid over the period from which the level applies. */
  fromPaid: string;
  earnPercent: string;
}

export interface BonusProgramValues {
  enabled: boolean;
  earnPercent: string;
  spendMaxPercent: string;
  expiryDays: string;
  /** Whole points (1 point = 1 ₽); sent ×100. */
  welcomeBonus: string;
  promoCodeOrdersEarn: boolean;
  promoCodeOrdersSpend: boolean;
  /** Off: the body's tiers are null; the rows stay in the form so switching back on starts from them. */
  tiersOn: boolean;
  periodDays: string;
  levels: TierLevelValues[];
  timezone: string;
}

/** The contract's bounds (contracts/bonus.ts). */
export const EXPIRY_DAYS_MAX = 3650;
export const PERIOD_DAYS_MAX = 730;
export const WELCOME_POINTS_MAX = 100_000;
export const FROM_PAID_ROUBLES_MAX = 100_000_000;
export const LEVELS_MAX = 10;

/** Russia's offsets with a city each, for the time zone's select; another offset saved earlier is kept as is. */
export const TIMEZONES = [
  ['+02:00', 'kaliningrad'],
  ['+03:00', 'moscow'],
  ['+04:00', 'samara'],
  ['+05:00', 'yekaterinburg'],
  ['+06:00', 'omsk'],
  ['+07:00', 'novosibirsk'],
  ['+08:00', 'irkutsk'],
  ['+09:00', 'yakutsk'],
  ['+10:00', 'vladivostok'],
  ['+11:00', 'magadan'],
  ['+12:00', 'kamchatka'],
] as const;

const DEFAULT_PERIOD_DAYS = 90;

export function bonusProgramValues(program: BonusProgramBody): BonusProgramValues {
  return {
    enabled: program.enabled,
    earnPercent: String(program.earnPercent),
    spendMaxPercent: String(program.spendMaxPercent),
    expiryDays: String(program.expiryDays),
    welcomeBonus: String(program.welcomeBonus / POINT),
    promoCodeOrdersEarn: program.promoCodeOrdersEarn,
    promoCodeOrdersSpend: program.promoCodeOrdersSpend,
    tiersOn: program.tiers !== null,
    periodDays: String(program.tiers?.periodDays ?? DEFAULT_PERIOD_DAYS),
    levels: (program.tiers?.levels ?? [{ fromPaid: 0, earnPercent: program.earnPercent }]).map((level) => ({
      fromPaid: String(level.fromPaid / 100),
      earnPercent: String(level.earnPercent),
    })),
    timezone: program.timezone,
  };
}

/** A whole number as typed ('10 000' too); NaN when it is not one. */
export function wholeOf(text: string): number {
  const value = text.replace(/[\s\u00a0]/g, '');
  return /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
}

const inRange = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * Each wrong field's issue code, worded by the screen ('issue_…' texts): percent (0–100), expiry (1–3650 days),
 * period (1–730 days), points (0–100 000), roubles, firstFromZero, ascending, timezone.
 */
export function bonusProgramIssues(values: BonusProgramValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!inRange(wholeOf(values.earnPercent), 0, 100)) issues.earnPercent = 'percent';
  if (!inRange(wholeOf(values.spendMaxPercent), 0, 100)) issues.spendMaxPercent = 'percent';
  if (!inRange(wholeOf(values.expiryDays), 1, EXPIRY_DAYS_MAX)) issues.expiryDays = 'expiry';
  if (!inRange(wholeOf(values.welcomeBonus), 0, WELCOME_POINTS_MAX)) issues.welcomeBonus = 'points';
  if (!isTimezoneOffset(values.timezone.trim())) issues.timezone = 'timezone';
  if (!values.tiersOn) return issues;
  if (!inRange(wholeOf(values.periodDays), 1, PERIOD_DAYS_MAX)) issues.periodDays = 'period';
  if (values.levels.length === 0) issues.levels = 'noLevels';
  let previous = -1;
  values.levels.forEach((level, i) => {
    const from = wholeOf(level.fromPaid);
    if (!inRange(from, 0, FROM_PAID_ROUBLES_MAX)) issues[`levels.${i}.fromPaid`] = 'roubles';
    else if (i === 0 && from !== 0) issues[`levels.${i}.fromPaid`] = 'firstFromZero';
    else if (i > 0 && from <= previous) issues[`levels.${i}.fromPaid`] = 'ascending';
    if (!inRange(wholeOf(level.earnPercent), 0, 100)) issues[`levels.${i}.earnPercent`] = 'percent';
    previous = Number.isNaN(from) ? previous : from;
  });
  return issues;
}

/** The PUT body. Numbers the form could not read are NaN here; the form sends only once its check passes. */
export function bonusProgramBody(values: BonusProgramValues): BonusProgramBody {
  return {
    enabled: values.enabled,
    earnPercent: wholeOf(values.earnPercent),
    spendMaxPercent: wholeOf(values.spendMaxPercent),
    expiryDays: wholeOf(values.expiryDays),
    welcomeBonus: wholeOf(values.welcomeBonus) * POINT,
    promoCodeOrdersEarn: values.promoCodeOrdersEarn,
    promoCodeOrdersSpend: values.promoCodeOrdersSpend,
    tiers: values.tiersOn
      ? {
          periodDays: wholeOf(values.periodDays),
          levels: values.levels.map((level) => ({
            fromPaid: (wholeOf(level.fromPaid) * 100) as Minor,
            earnPercent: wholeOf(level.earnPercent),
          })),
        }
      : null,
    timezone: values.timezone.trim(),
  };
}

/** The API's field path ('tiers.levels.1.fromPaid', 'welcomeBonus') as the form's field. */
export function bonusFieldOf(path: string): string | null {
  const [head, second, index, field] = path.split('.');
  switch (head) {
    case 'enabled':
    case 'earnPercent':
    case 'spendMaxPercent':
    case 'expiryDays':
    case 'welcomeBonus':
    case 'promoCodeOrdersEarn':
    case 'promoCodeOrdersSpend':
    case 'timezone':
      return head;
    case 'tiers':
      if (second === 'periodDays') return 'periodDays';
      if (second === 'levels' && index !== undefined && (field === 'fromPaid' || field === 'earnPercent'))
        return `levels.${index}.${field}`;
      return 'levels';
    default:
      return null;
  }
}

/** What the summary needs to word a number it could not read: an ellipsis instead of NaN. */
type Say = (key: string, options?: Record<string, unknown>) => string;

/**
 * The program in plain words, a sentence a line, as the owner's customers will live it: what a done order earns
 * (or each tier's percent), how much of an order points may pay, when they burn, the welcome gift, promo codes.
 */
export function programSummary(program: BonusProgramBody, t: Say, locale: string): string[] {
  const number = (value: number) => (Number.isFinite(value) ? String(value) : '…');
  const count = (value: number) => (Number.isFinite(value) ? value : 0);
  if (!program.enabled) return [t('summaryOff')];
  const lines: string[] = [];
  if (program.tiers) {
    const levels = program.tiers.levels
      .map((level) =>
        t('summaryLevel', {
          from: Number.isFinite(level.fromPaid) ? formatMoney(level.fromPaid as Minor, 'RUB', locale) : '…',
          percent: number(level.earnPercent),
        }),
      )
      .join(', ');
    lines.push(
      t('summaryTiers', {
        count: count(program.tiers.periodDays),
        days: number(program.tiers.periodDays),
        levels,
      }),
    );
  } else lines.push(t('summaryEarn', { percent: number(program.earnPercent) }));
  lines.push(
    program.spendMaxPercent === 0
      ? t('summaryNoSpend')
      : t('summarySpend', { percent: number(program.spendMaxPercent) }),
  );
  lines.push(
    t('summaryExpiry', {
      count: count(program.expiryDays),
      days: number(program.expiryDays),
      timezone: program.timezone,
    }),
  );
  const welcome = program.welcomeBonus / POINT;
  lines.push(
    welcome === 0 || !Number.isFinite(welcome)
      ? t('summaryNoWelcome')
      : t('summaryWelcome', { count: welcome, points: number(welcome) }),
  );
  const promo = `${program.promoCodeOrdersEarn ? 'earn' : 'noEarn'}_${program.promoCodeOrdersSpend ? 'spend' : 'noSpend'}`;
  lines.push(t(`summaryPromo_${promo}`));
  return lines;
}
