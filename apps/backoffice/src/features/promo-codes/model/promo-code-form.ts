import type { AdminPromoCode } from '@storefront/domain/contracts';
import {
  instantOfWallClock,
  kopecksOfRubles,
  rublesInput,
  wallClockInput,
} from '../../../shared/wall-clock.ts';

/**
 * A promo code's form model: money typed in rubles (sent in kopecks), dates on the brand's wall clock, the rules as
 * the API keeps them. Checked here before sending (the same rules the API answers 422 with).
 */

export const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;
export const METHODS = ['DELIVERY', 'TAKE_AWAY'] as const;
/** The contract's PROMO_CODE_PATTERN (the browser imports no zod contract at run time, decision 7). */
const CODE = /^[A-Z0-9_-]{3,32}$/;

export interface PromoCodeValues {
  code: string;
  descriptionRu: string;
  descriptionEn: string;
  kind: 'percent' | 'fixed';
  value: string;
  maxDiscount: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  hoursOn: boolean;
  hoursFrom: string;
  hoursTo: string;
  daysOfWeek: number[];
  deliveryMethods: string[];
  restoIds: number[];
  totalLimit: string;
  perPersonLimit: string;
  firstOrderOnly: boolean;
  active: boolean;
  campaign: string;
}

export function promoCodeValues(code: AdminPromoCode | null, offset: string): PromoCodeValues {
  return {
    code: code?.code ?? '',
    descriptionRu: code?.description.ru ?? '',
    descriptionEn: code?.description.en ?? '',
    kind: code?.kind ?? 'percent',
    value: code ? (code.kind === 'percent' ? String(code.value) : rublesInput(code.value)) : '',
    maxDiscount: rublesInput(code?.maxDiscountAmount ?? null),
    minOrder: rublesInput(code?.minOrderAmount ?? null),
    startsAt: wallClockInput(code?.startsAt ?? null, offset),
    endsAt: wallClockInput(code?.endsAt ?? null, offset),
    hoursOn: !!code?.hours,
    hoursFrom: code?.hours?.from ?? '11:00',
    hoursTo: code?.hours?.to ?? '16:00',
    daysOfWeek: [...(code?.daysOfWeek ?? [])],
    deliveryMethods: [...(code?.deliveryMethods ?? [])],
    restoIds: [...(code?.restoIds ?? [])],
    totalLimit: code?.totalLimit ? String(code.totalLimit) : '',
    perPersonLimit: code?.perPersonLimit ? String(code.perPersonLimit) : '',
    firstOrderOnly: code?.firstOrderOnly ?? false,
    active: code?.active ?? true,
    campaign: code?.campaign ?? '',
  };
}

const limitOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const isLimit = (text: string) => text.trim() === '' || /^[1-9]\d{0,6}$/.test(text.trim());
const isMoney = (text: string) => {
  const kopecks = kopecksOfRubles(text);
  return kopecks === null || (Number.isFinite(kopecks) && kopecks >= 1);
};

/** The value as the API keeps it: a percent, or kopecks. */
const discountValueOf = (values: PromoCodeValues) =>
  values.kind === 'percent' ? Number(values.value.trim()) : (kopecksOfRubles(values.value) ?? Number.NaN);

/** Each wrong field's text key by its name. */
export function promoCodeIssues(values: PromoCodeValues, withCode = true): Record<string, string> {
  const issues: Record<string, string> = {};
  if (withCode && !CODE.test(values.code.trim().toUpperCase()))
    issues.code = values.code.trim() ? 'codeInvalid' : 'required';
  const value = discountValueOf(values);
  if (values.value.trim() === '') issues.value = 'required';
  else if (values.kind === 'percent' && !(Number.isInteger(value) && value >= 1 && value <= 100))
    issues.value = 'percentInvalid';
  else if (values.kind === 'fixed' && !(Number.isFinite(value) && value >= 1)) issues.value = 'moneyInvalid';
  if (!isMoney(values.maxDiscount)) issues.maxDiscount = 'moneyInvalid';
  if (!isMoney(values.minOrder)) issues.minOrder = 'moneyInvalid';
  if (!isLimit(values.totalLimit)) issues.totalLimit = 'limitInvalid';
  if (!isLimit(values.perPersonLimit)) issues.perPersonLimit = 'limitInvalid';
  if (values.startsAt && values.endsAt && values.endsAt <= values.startsAt) issues.endsAt = 'endsBeforeStart';
  if (values.hoursOn && (!values.hoursFrom || !values.hoursTo)) issues.hoursTo = 'hoursInvalid';
  return issues;
}

/** The rules of the form as the API takes them (a code's, a batch's). */
export function promoRulesBody(values: PromoCodeValues, offset: string) {
  return {
    description: {
      ru: values.descriptionRu.trim(),
      ...(values.descriptionEn.trim() ? { en: values.descriptionEn.trim() } : {}),
    },
    kind: values.kind,
    value: discountValueOf(values),
    maxDiscountAmount: values.kind === 'percent' ? kopecksOfRubles(values.maxDiscount) : null,
    minOrderAmount: kopecksOfRubles(values.minOrder),
    startsAt: instantOfWallClock(values.startsAt, offset),
    endsAt: instantOfWallClock(values.endsAt, offset),
    active: values.active,
    hours: values.hoursOn ? { from: values.hoursFrom, to: values.hoursTo } : null,
    daysOfWeek: [...values.daysOfWeek].sort((a, b) => a - b),
    deliveryMethods: values.deliveryMethods,
    restoIds: values.restoIds,
    perPersonLimit: limitOf(values.perPersonLimit),
    firstOrderOnly: values.firstOrderOnly,
  };
}

export function promoCodeBody(values: PromoCodeValues, offset: string) {
  return {
    code: values.code.trim().toUpperCase(),
    ...promoRulesBody(values, offset),
    totalLimit: limitOf(values.totalLimit),
    campaign: values.campaign.trim() || null,
  };
}

/** The API's field path as the form's field. */
export function promoFieldOf(path: string): string | null {
  const direct: Record<string, string> = {
    code: 'code',
    value: 'value',
    kind: 'value',
    maxDiscountAmount: 'maxDiscount',
    minOrderAmount: 'minOrder',
    startsAt: 'startsAt',
    endsAt: 'endsAt',
    totalLimit: 'totalLimit',
    perPersonLimit: 'perPersonLimit',
    campaign: 'campaign',
    count: 'count',
    prefix: 'prefix',
    length: 'length',
  };
  if (direct[path]) return direct[path];
  if (path.startsWith('hours')) return 'hoursTo';
  if (path.startsWith('description.en')) return 'descriptionEn';
  if (path.startsWith('description')) return 'descriptionRu';
  if (path.startsWith('restoIds')) return 'restoIds';
  if (path.startsWith('daysOfWeek')) return 'daysOfWeek';
  if (path.startsWith('deliveryMethods')) return 'deliveryMethods';
  return null;
}
