import { formatMoney, type Locale, type Minor, pickText } from '@storefront/domain';
import type { TFunction } from 'i18next';

/** A value as the log shows it: nothing (—), one line, or a list. */
export type ShownValue =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] };

const none: ShownValue = { kind: 'none' };
const text = (value: string): ShownValue => (value === '' ? none : { kind: 'text', text: value });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isLocalized = (value: Record<string, unknown>) =>
  Object.keys(value).length > 0 && Object.keys(value).every((key) => key === 'ru' || key === 'en');

/** A name stored per language ({ru, en}) in the interface language, else the other one. */
function localized(value: unknown, locale: Locale): string | null {
  if (typeof value === 'string') return value;
  if (isRecord(value) && (typeof value.ru === 'string' || typeof value.en === 'string'))
    return pickText(value as { ru: string; en?: string }, locale);
  return null;
}

/**
 * The name of a row a field lists by id (restoIds, groupIds, groupId, positionIds), when it is known: a
 * restaurant's from the brand's list, a group's or a dish's as the entry kept it; else the number is shown.
 */
export type IdName = (field: string, id: number) => string | undefined;

const GROUP_FIELDS = new Set(['groupIds', 'groupId']);
const DISH_FIELDS = new Set(['positionIds']);

/** The names an entry kept beside its state (its `summary`), in the interface language, by field and id. */
export function keptIdNames(
  summary: { groups?: Record<string, unknown>; dishes?: Record<string, unknown> } | null | undefined,
  locale: Locale,
): IdName {
  return (field, id) => {
    const kept = GROUP_FIELDS.has(field)
      ? summary?.groups?.[String(id)]
      : DISH_FIELDS.has(field)
        ? summary?.dishes?.[String(id)]
        : undefined;
    return kept === undefined ? undefined : (localized(kept, locale) ?? undefined);
  };
}

/** Money fields are kopecks: shown in rubles. */
const isMoneyField = (field: string) => field === 'price' || field.endsWith('.price') || field === 'refunded';

/** The bonus program's numbers (decision 55), by their bare name: points (minor units), percents, days. */
const POINTS_FIELDS = new Set(['welcomeBonus']);
const PERCENT_FIELDS = new Set(['earnPercent', 'spendMaxPercent']);
const DAYS_FIELDS = new Set(['expiryDays', 'periodDays']);

/** Minor units of whole points as words: '1 250 баллов'. */
export function pointsWords(amount: number, locale: Locale, t: TFunction<'audit'>): string {
  const points = Math.abs(amount) / 100;
  return t('pointsValue', { count: points, value: new Intl.NumberFormat(locale).format(points) });
}

/** A bonus program's tiers: the period, then a level a line ('from 10 000 ₽ — 7 %'). */
function tiersValue(value: Record<string, unknown>, locale: Locale, t: TFunction<'audit'>): ShownValue {
  const levels = Array.isArray(value.levels) ? (value.levels as Record<string, unknown>[]) : [];
  return {
    kind: 'list',
    items: [
      t('tiersPeriod', { count: Number(value.periodDays) }),
      ...levels.map((level) =>
        t('tierLevel', {
          from: formatMoney(Number(level.fromPaid) as Minor, 'RUB', locale),
          percent: Number(level.earnPercent),
        }),
      ),
    ],
  };
}

/** Monday = 1 … Sunday = 7 (the domain's DAYS_OF_WEEK) as the language's short day name. */
function dayName(day: number, locale: Locale): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, day));
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date);
}

/** The words of one logged value, by its field: ₽ for money, words for booleans and roles, lists for lists. */
export function shownValue(
  field: string,
  value: unknown,
  locale: Locale,
  t: TFunction<'audit'>,
  idName: IdName = () => undefined,
  /** A name per language in full: when the interface language's words did not change but another's did. */
  everyLanguage = false,
): ShownValue {
  if (value === undefined || value === null) return none;
  const bare = field.includes('.') ? (field.split('.').pop() ?? field) : field;
  if (typeof value === 'boolean') {
    const key = `value_${bare}_${value}`;
    return text(t(key, { defaultValue: value ? t('yes') : t('no') }));
  }
  if (typeof value === 'number') {
    if (isMoneyField(field)) return text(formatMoney(value as Minor, 'RUB', locale));
    if (POINTS_FIELDS.has(bare)) return text(pointsWords(value, locale, t));
    if (PERCENT_FIELDS.has(bare)) return text(t('percentValue', { value }));
    if (DAYS_FIELDS.has(bare)) return text(t('daysValue', { count: value }));
    if (field === 'restoIds' || field.endsWith('Id'))
      return text(idName(field, value) ?? t('entityNumber', { id: value }));
    return text(String(value));
  }
  if (typeof value === 'string') {
    if (field === 'role') return text(t(`role_${value}`, { defaultValue: value }));
    if (field === 'photos') return text(value.split('/').pop() ?? value);
    return text(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return none;
    // A delivery zone's border: how many points, not every coordinate.
    if (field === 'polygon') return text(t('polygonPoints', { count: value.length }));
    return { kind: 'list', items: value.map((item) => listItem(field, item, locale, t, idName)) };
  }
  if (isRecord(value)) {
    if (everyLanguage && isLocalized(value))
      return {
        kind: 'list',
        items: Object.entries(value)
          .filter(([, v]) => typeof v === 'string' && v !== '')
          .map(([language, v]) => `${language.toUpperCase()}: ${String(v)}`),
      };
    // A restaurant's weeks (decision 51): a line per method, its days or 'same as the restaurant's'.
    if (field === 'weeks')
      return {
        kind: 'list',
        items: Object.entries(value).map(([method, days]) => {
          const label = t(`field_weeks.${method}`, { defaultValue: method });
          if (!Array.isArray(days)) return `${label}: ${t('weekSame')}`;
          return `${label}: ${days.map((day) => listItem(field, day, locale, t, idName)).join(', ')}`;
        }),
      };
    if (bare === 'tiers') return tiersValue(value, locale, t);
    // A POS link's payment types: a line per method of ours, iiko's type id.
    if (field === 'link.paymentTypes')
      return { kind: 'list', items: Object.entries(value).map(([method, id]) => `${method}: ${String(id)}`) };
    const name = localized(value, locale);
    if (name !== null) return text(name);
    if (typeof value.value === 'number' && typeof value.unit === 'string')
      return text(`${value.value} ${t(`unit_${value.unit}`, { defaultValue: value.unit })}`);
    return text(JSON.stringify(value));
  }
  return text(String(value));
}

function listItem(
  field: string,
  item: unknown,
  locale: Locale,
  t: TFunction<'audit'>,
  idName: IdName,
): string {
  if (typeof item === 'number') return idName(field, item) ?? t('entityNumber', { id: item });
  if (typeof item === 'string') {
    if (field === 'photos') return item.split('/').pop() ?? item;
    if (field === 'onlineMethods') return t(`onlineMethod_${item}`, { defaultValue: item });
    return item;
  }
  if (isRecord(item)) {
    // A selling-hours day: Mon 10:00–22:00.
    // An opening-hours day: Mon 10:00–22:00 (15:00–16:00 off), or the day off.
    if (typeof item.dayOfWeek === 'number' && typeof item.open === 'string') {
      const day = dayName(item.dayOfWeek, locale);
      if (item.active === false) return t('dayInactive', { day });
      const pause = item.breakFrom
        ? ` (${t('field_breakFrom')} ${String(item.breakFrom)}–${String(item.breakTo)})`
        : '';
      return `${day} ${item.open}–${String(item.close)}${pause}`;
    }
    if (typeof item.dayOfWeek === 'number') {
      const day = dayName(item.dayOfWeek, locale);
      if (item.isActive === false) return t('dayInactive', { day });
      return `${day} ${String(item.startAt)}–${String(item.endAt)}`;
    }
    // A delivery zone's band: from–to → its price and minutes.
    if (typeof item.orderPriceMin === 'number' && typeof item.deliveryPrice === 'number') {
      const money = (kopecks: number) => formatMoney(kopecks as Minor, 'RUB', locale);
      const to = typeof item.orderPriceMax === 'number' ? ` – ${money(item.orderPriceMax)}` : '+';
      return `${money(item.orderPriceMin)}${to}: ${money(item.deliveryPrice)}, ${t('bandMinutes', { count: Number(item.timeMinutes) })}`;
    }
    // A modifier's option: its name and price.
    const name = localized(item.name, locale);
    if (name !== null && typeof item.price === 'number')
      return `${name} — ${formatMoney(item.price as Minor, 'RUB', locale)}`;
    if (name !== null) return name;
  }
  return JSON.stringify(item);
}

/** A field's label: its own words when the log knows it, else its name as logged. */
export const fieldLabel = (field: string, t: TFunction<'audit'>) =>
  t(`field_${field}`, { defaultValue: field });

/** A value on one line (a list joined), for the undo's question. */
export function shownInline(value: ShownValue, t: TFunction<'audit'>): string {
  if (value.kind === 'none') return t('empty');
  if (value.kind === 'text') return value.text;
  return value.items.join(', ');
}
