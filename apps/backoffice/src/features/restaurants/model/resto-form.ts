import {
  isEmailAddress,
  isPhoneNumber,
  isTimezoneOffset,
  isWebLink,
  ONLINE_PAY_METHODS,
  type OnlinePayMethod,
  type PayEngine,
  reviewLinkFits,
  weekProblem,
} from '@storefront/domain';
import type { AdminResto } from '@storefront/domain/contracts';
import {
  type DayValues,
  newWeekDays,
  weekDaysBody,
  weekDaysValues,
  weekTimeIssues,
} from '../../../entities/week-hours/week-hours.ts';

/**
 * A restaurant's form model: every field as the inputs hold it (money in roubles, lists one a line), checked by the
 * domain's rules (admin/resto-rules.ts, the ones the API's contract applies) before sending, and sent as the fields
 * that changed only, so its audit entry, and its undo, hold just those.
 */

export interface PayValues {
  cardOnline: boolean;
  /** The shop's name on the card payment page (the payment account's label). */
  shopName: string;
  cardUponReceipt: boolean;
  cashUponReceipt: boolean;
}

export interface PreOrderValues {
  on: boolean;
  minTimeMinutes: string;
  dayInAdvance: string;
  /** 'same': pre-orders follow the method's opening hours; 'own': the week in `days`. */
  hours: 'same' | 'own';
  days: DayValues[];
}

export interface RestoValues {
  nameRu: string;
  nameEn: string;
  addressRu: string;
  addressEn: string;
  streetRu: string;
  streetEn: string;
  descriptionRu: string;
  descriptionEn: string;
  lat: string;
  lng: string;
  cityId: string;
  phones: string;
  emails: string;
  links: string;
  timezone: string;
  averageCheck: string;
  isDelivery: boolean;
  isTakeAway: boolean;
  payDelivery: PayValues;
  payTakeAway: PayValues;
  payEngine: PayEngine;
  /** The online methods the shop has enabled (decision 55), as the checkboxes hold them. */
  onlineMethods: OnlinePayMethod[];
  takeAwayMinutes: string;
  takeAwayMaxOrderSum: string;
  preDelivery: PreOrderValues;
  preTakeAway: PreOrderValues;
  /** As the checkboxes hold them: ids as strings. */
  menuIds: string[];
  isPublished: boolean;
  orderCode: string;
  /** The most orders of a method per 15-minute slot as typed; '' no limit. */
  capacityDelivery: string;
  capacityTakeAway: string;
  /** More orders than this waiting unaccepted add `autoDelayMinutes`; '' off. */
  autoDelayThreshold: string;
  autoDelayMinutes: '15' | '30' | '60';
  /** The map listings a pleased customer is invited to review it on (decision 57); '' none. */
  reviewYandexMaps: string;
  reviewTwoGis: string;
}

/** The delays staff and the automatic delay add (the domain's DELAY_MINUTES). */
export const AUTO_DELAY_MINUTES = ['15', '30', '60'] as const;

/** The contract's bounds (the browser imports no zod contract at run time, decision 7). */
const TEXT_MAX = 200;
const DESCRIPTION_MAX = 4000;
const CONTACTS_MAX = 10;
const MONEY_MAX = 1_000_000;
const MINUTES_MAX = 1440;
const LEAD_MAX = 10_080;
const DAYS_MAX = 60;
/** The domain's SLOT_CAPACITY_MAX and AUTO_DELAY_THRESHOLD_MAX. */
const CAPACITY_MAX = 1000;
const THRESHOLD_MAX = 100;

const roubles = (kopecks: number | null) => (kopecks === null ? '' : String(kopecks / 100));
const lines = (list: readonly string[]) => list.join('\n');
const listOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const payValues = (pay: AdminResto['payDelivery']): PayValues => ({
  cardOnline: pay.cardOnline !== null,
  shopName: pay.cardOnline ?? '',
  cardUponReceipt: pay.cardUponReceipt,
  cashUponReceipt: pay.cashUponReceipt,
});
/** A method switched off shows the settings it keeps, so switching it on again starts from them. */
const preOrderValues = (pre: AdminResto['preOrder']['DELIVERY']): PreOrderValues => ({
  on: pre?.enabled ?? false,
  minTimeMinutes: String(pre?.minTimeMinutes ?? 60),
  dayInAdvance: String(pre?.dayInAdvance ?? 2),
  hours: pre?.hours ? 'own' : 'same',
  days: pre?.hours ? weekDaysValues(pre.hours) : newWeekDays(),
});

const NEW_PAY: PayValues = { cardOnline: false, shopName: '', cardUponReceipt: false, cashUponReceipt: true };

export function restoValues(resto: AdminResto | null): RestoValues {
  return {
    nameRu: resto?.name.ru ?? '',
    nameEn: resto?.name.en ?? '',
    addressRu: resto?.address.ru ?? '',
    addressEn: resto?.address.en ?? '',
    streetRu: resto?.street.ru ?? '',
    streetEn: resto?.street.en ?? '',
    descriptionRu: resto?.description.ru ?? '',
    descriptionEn: resto?.description.en ?? '',
    lat: resto ? String(resto.location.lat) : '',
    lng: resto ? String(resto.location.lng) : '',
    cityId: resto?.cityId ? String(resto.cityId) : '',
    phones: lines(resto?.phones ?? []),
    emails: lines(resto?.emails ?? []),
    links: lines(resto?.links ?? []),
    timezone: resto?.timezone ?? '+03:00',
    averageCheck: roubles(resto?.averageCheck ?? 0),
    isDelivery: resto?.isDelivery ?? false,
    isTakeAway: resto?.isTakeAway ?? true,
    payDelivery: resto ? payValues(resto.payDelivery) : { ...NEW_PAY },
    payTakeAway: resto ? payValues(resto.payTakeAway) : { ...NEW_PAY },
    payEngine: resto?.payEngine ?? 'demo',
    onlineMethods: [...(resto?.onlineMethods ?? ['card'])],
    takeAwayMinutes: String(resto?.takeAwayMinutes ?? 20),
    takeAwayMaxOrderSum: roubles(resto?.takeAwayMaxOrderSum ?? null),
    preDelivery: preOrderValues(resto?.preOrder.DELIVERY ?? null),
    preTakeAway: preOrderValues(resto?.preOrder.TAKE_AWAY ?? null),
    menuIds: (resto?.menuIds ?? []).map(String),
    isPublished: resto?.isPublished ?? false,
    orderCode: resto?.orderCode ?? '',
    capacityDelivery: String(resto?.slotCapacity.DELIVERY ?? ''),
    capacityTakeAway: String(resto?.slotCapacity.TAKE_AWAY ?? ''),
    autoDelayThreshold: String(resto?.autoDelay.threshold ?? ''),
    autoDelayMinutes: String(resto?.autoDelay.minutes ?? 30) as RestoValues['autoDelayMinutes'],
    reviewYandexMaps: resto?.reviewLinks.yandexMaps ?? '',
    reviewTwoGis: resto?.reviewLinks.twoGis ?? '',
  };
}

/** Roubles with at most two decimals as kopecks; null when not such a number. */
export function kopecksOf(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

const wholeIn = (text: string, min: number, max: number) =>
  /^\d{1,6}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

const coordinate = (text: string, limit: number) => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit;
};

/**
 * Each wrong field's issue code: 'required', 'maxLength', or this form's own (phone, email, link, money, lat, lng,
 * timezone, whole, shopName, city), worded by the form (restaurants texts 'issue_…').
 */
export function restoIssues(values: RestoValues): Record<string, string> {
  const issues: Record<string, string> = {};
  const text = (field: keyof RestoValues, max: number, required: boolean) => {
    const value = (values[field] as string).trim();
    if (required && !value) issues[field] = 'required';
    else if (value.length > max) issues[field] = 'maxLength';
  };
  text('nameRu', 120, true);
  text('nameEn', 120, false);
  text('addressRu', TEXT_MAX, true);
  text('addressEn', TEXT_MAX, false);
  text('streetRu', TEXT_MAX, false);
  text('streetEn', TEXT_MAX, false);
  text('descriptionRu', DESCRIPTION_MAX, false);
  text('descriptionEn', DESCRIPTION_MAX, false);
  if (!coordinate(values.lat, 90)) issues.lat = 'lat';
  if (!coordinate(values.lng, 180)) issues.lng = 'lng';
  if (!values.cityId) issues.cityId = 'city';
  const list = (field: 'phones' | 'emails' | 'links', rule: (value: string) => boolean, code: string) => {
    const items = listOf(values[field]);
    if (items.length > CONTACTS_MAX) issues[field] = 'tooMany';
    else if (items.some((item) => !rule(item))) issues[field] = code;
  };
  list('phones', isPhoneNumber, 'phone');
  list('emails', isEmailAddress, 'email');
  list('links', isWebLink, 'link');
  if (!isTimezoneOffset(values.timezone.trim())) issues.timezone = 'timezone';
  const average = kopecksOf(values.averageCheck);
  if (average === null || average > MONEY_MAX * 100) issues.averageCheck = 'money';
  if (values.takeAwayMaxOrderSum.trim()) {
    const max = kopecksOf(values.takeAwayMaxOrderSum);
    if (max === null || max < 1 || max > MONEY_MAX * 100) issues.takeAwayMaxOrderSum = 'money';
  }
  if (!wholeIn(values.takeAwayMinutes, 0, MINUTES_MAX)) issues.takeAwayMinutes = 'whole';
  for (const method of ['payDelivery', 'payTakeAway'] as const)
    if (values[method].cardOnline && !values[method].shopName.trim())
      issues[`${method}.shopName`] = 'shopName';
  // Asked only where the checkboxes show, with an online shop; without one an empty choice is sent as card.
  const online = values.payDelivery.cardOnline || values.payTakeAway.cardOnline;
  if (online && values.onlineMethods.length === 0) issues.onlineMethods = 'onlineMethods';
  for (const method of ['preDelivery', 'preTakeAway'] as const) {
    if (!values[method].on) continue;
    if (!wholeIn(values[method].minTimeMinutes, 0, LEAD_MAX)) issues[`${method}.minTimeMinutes`] = 'whole';
    if (!wholeIn(values[method].dayInAdvance, 0, DAYS_MAX)) issues[`${method}.dayInAdvance`] = 'whole';
    if (values[method].hours === 'own') Object.assign(issues, weekIssues(values[method].days, method));
  }
  if (values.orderCode.trim() && !/^[\p{L}\p{N}]{1,8}$/u.test(values.orderCode.trim()))
    issues.orderCode = 'orderCode';
  for (const field of ['capacityDelivery', 'capacityTakeAway'] as const)
    if (values[field].trim() && !wholeIn(values[field], 1, CAPACITY_MAX)) issues[field] = 'capacity';
  if (values.autoDelayThreshold.trim() && !wholeIn(values.autoDelayThreshold, 1, THRESHOLD_MAX))
    issues.autoDelayThreshold = 'threshold';
  if (values.reviewYandexMaps.trim() && !reviewLinkFits('yandexMaps', values.reviewYandexMaps.trim()))
    issues.reviewYandexMaps = 'reviewYandexMaps';
  if (values.reviewTwoGis.trim() && !reviewLinkFits('twoGis', values.reviewTwoGis.trim()))
    issues.reviewTwoGis = 'reviewTwoGis';
  return issues;
}

/** An own week's problems as the API would answer them: times not HH:MM, then the hours' rules. */
function weekIssues(days: readonly DayValues[], method: 'preDelivery' | 'preTakeAway') {
  const times = weekTimeIssues(days, `${method}.days.`);
  if (times.length > 0) return Object.fromEntries(times.map((field) => [field, 'time']));
  const problem = weekProblem(weekDaysBody(days), `${method}.days.`);
  return problem ? { [problem.field]: problem.code } : {};
}

const localized = (ru: string, en: string) =>
  en.trim() ? { ru: ru.trim(), en: en.trim() } : { ru: ru.trim() };
const pay = (values: PayValues) => ({
  cardOnline: values.cardOnline ? values.shopName.trim() : null,
  cardUponReceipt: values.cardUponReceipt,
  cashUponReceipt: values.cashUponReceipt,
});
/** Off: null (the API keeps its settings). */
const preOrder = (values: PreOrderValues) =>
  values.on
    ? {
        minTimeMinutes: Number(values.minTimeMinutes),
        dayInAdvance: Number(values.dayInAdvance),
        hours: values.hours === 'own' ? weekDaysBody(values.days) : null,
      }
    : null;

/** Card first, in the vocabulary's order, whatever order they were ticked in; none (no shop): card, as the API needs one. */
function onlineMethodsOf(ticked: readonly string[]): OnlinePayMethod[] {
  const methods = ONLINE_PAY_METHODS.filter((method) => ticked.includes(method));
  return methods.length > 0 ? methods : ['card'];
}

/** Every field as the API takes it. */
export function restoFields(values: RestoValues) {
  return {
    name: localized(values.nameRu, values.nameEn),
    address: localized(values.addressRu, values.addressEn),
    street: localized(values.streetRu || values.addressRu, values.streetEn),
    description: localized(values.descriptionRu, values.descriptionEn),
    location: {
      lat: Number(values.lat.trim().replace(',', '.')),
      lng: Number(values.lng.trim().replace(',', '.')),
    },
    cityId: values.cityId ? Number(values.cityId) : null,
    phones: listOf(values.phones),
    emails: listOf(values.emails),
    links: listOf(values.links),
    timezone: values.timezone.trim(),
    averageCheck: kopecksOf(values.averageCheck) ?? 0,
    isDelivery: values.isDelivery,
    isTakeAway: values.isTakeAway,
    payDelivery: pay(values.payDelivery),
    payTakeAway: pay(values.payTakeAway),
    payEngine: values.payEngine,
    onlineMethods: onlineMethodsOf(values.onlineMethods),
    takeAwayMinutes: Number(values.takeAwayMinutes),
    takeAwayMaxOrderSum: values.takeAwayMaxOrderSum.trim() ? kopecksOf(values.takeAwayMaxOrderSum) : null,
    preOrder: { DELIVERY: preOrder(values.preDelivery), TAKE_AWAY: preOrder(values.preTakeAway) },
    menuIds: values.menuIds.map(Number).sort((a, b) => a - b),
    isPublished: values.isPublished,
    orderCode: values.orderCode.trim() || null,
    slotCapacity: {
      DELIVERY: limitOf(values.capacityDelivery),
      TAKE_AWAY: limitOf(values.capacityTakeAway),
    },
    autoDelay: {
      threshold: limitOf(values.autoDelayThreshold),
      minutes: Number(values.autoDelayMinutes) as 15 | 30 | 60,
    },
    reviewLinks: {
      yandexMaps: values.reviewYandexMaps.trim() || null,
      twoGis: values.reviewTwoGis.trim() || null,
    },
  };
}

/** A limit as typed: '' none (null). */
const limitOf = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** The PATCH body: the fields whose value differs from the restaurant's as read (empty: nothing changed). */
export function restoPatch(values: RestoValues, resto: AdminResto): Record<string, unknown> {
  const mine = restoFields(values) as Record<string, unknown>;
  const theirs = restoFields(restoValues(resto)) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(mine).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(theirs[key])),
  );
}

/**
 * The API's field path ('phones.2', 'name.ru', 'preOrder.DELIVERY.dayInAdvance', 'preOrder.DELIVERY.hours.2.close')
 * as the form's field.
 */
export function restoFieldOf(path: string): string | null {
  const [head, second, third, day, dayField] = path.split('.');
  const cap = (text: string | undefined) => (text ? text[0]?.toUpperCase() + text.slice(1) : '');
  switch (head) {
    case 'name':
    case 'address':
    case 'street':
    case 'description':
      return `${head}${cap(second ?? 'ru')}`;
    case 'location':
      return second === 'lng' ? 'lng' : 'lat';
    case 'phones':
    case 'emails':
    case 'links':
    case 'menuIds':
    case 'cityId':
    case 'timezone':
    case 'averageCheck':
    case 'takeAwayMinutes':
    case 'takeAwayMaxOrderSum':
    case 'orderCode':
    case 'onlineMethods':
      return head;
    case 'payDelivery':
    case 'payTakeAway':
      return `${head}.shopName`;
    case 'slotCapacity':
      return second === 'TAKE_AWAY' ? 'capacityTakeAway' : 'capacityDelivery';
    case 'autoDelay':
      return second === 'minutes' ? 'autoDelayMinutes' : 'autoDelayThreshold';
    case 'reviewLinks':
      return second === 'twoGis' ? 'reviewTwoGis' : 'reviewYandexMaps';
    case 'preOrder': {
      const method = second === 'TAKE_AWAY' ? 'preTakeAway' : 'preDelivery';
      if (third !== 'hours') return `${method}.${third ?? 'minTimeMinutes'}`;
      return day && dayField ? `${method}.days.${day}.${dayField}` : `${method}.hours`;
    }
    default:
      return null;
  }
}
