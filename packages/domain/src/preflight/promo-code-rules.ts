import type { CustomerDeliveryMethod } from '../methods/methods.ts';
import { type Minor, minor } from '../money/money.ts';
import { MINUTES_PER_DAY, parseTimeOfDay, wallClockAt } from '../schedule/schedule.ts';
import type { PromoCodeProblem } from './preflight-codes.ts';
import type { PromoCodeDefinition, PromoLookup } from './price-cart.ts';

function endOfDayMinute(time: string): number {
  return time === '00:00' || time === '23:59' ? MINUTES_PER_DAY : parseTimeOfDay(time);
}

/**
 * Whether a restaurant-local minute of the day lies in a code's hours [from, to). 00:00 and 23:59 as `to` mean
 * the day's end; a `to` at or before `from` runs past midnight (22:00–02:00), as opening hours do.
 */
export function isWithinPromoHours(hours: { from: string; to: string }, minuteOfDay: number): boolean {
  const from = parseTimeOfDay(hours.from);
  const to = endOfDayMinute(hours.to);
  if (from < to) return minuteOfDay >= from && minuteOfDay < to;
  return minuteOfDay >= from || minuteOfDay < to;
}

export interface PromoContext {
  restoId: number;
  deliveryType: CustomerDeliveryMethod;
  orderAtMs: number;
  timezone: string;
}

export type PromoVerdict =
  | { kind: 'none' }
  | { kind: 'refused'; problem: PromoCodeProblem }
  | {
      kind: 'accepted';
      definition: PromoCodeDefinition;
      /** Problems that do not refuse the code (an anonymous check of a per-person limit). */
      warnings: PromoCodeProblem[];
    };

/**
 * Whether the named code may be used for this order, judged at the order's time in the restaurant's own
 * clock. The checks run in a fixed order and the first failure names the refusal, so the customer is told
 * the most basic reason (an expired code, not its hours).
 */
export function judgePromoCode(lookup: PromoLookup, context: PromoContext): PromoVerdict {
  switch (lookup.kind) {
    case 'none':
      return { kind: 'none' };
    case 'not-found':
      return { kind: 'refused', problem: 'promo-code.not-found' };
    case 'blocked':
      return { kind: 'refused', problem: 'promo-code.too-many-attempts' };
  }
  const { definition: code, usedCount, usedByPerson } = lookup;
  const refusal = firstRefusal(code, usedCount, context);
  if (refusal) return { kind: 'refused', problem: refusal };
  const warnings: PromoCodeProblem[] = [];
  if (code.firstOrderOnly) {
    // Known only for a signed-in person; placement always knows (an order has a person), so it decides there.
    const earlier = lookup.hasEarlierOrder ?? null;
    if (earlier === true) return { kind: 'refused', problem: 'promo-code.first-order-only' };
    if (earlier === null) warnings.push('promo-code.first-order-unchecked');
  }
  if (code.perPersonLimit !== null) {
    // An anonymous preflight cannot count the person's uses: apply it and say that signing in decides.
    if (usedByPerson === null) {
      return {
        kind: 'accepted',
        definition: code,
        warnings: [...warnings, 'promo-code.person-limit-unchecked'],
      };
    }
    if (usedByPerson >= code.perPersonLimit) {
      return { kind: 'refused', problem: 'promo-code.person-limit-exceed' };
    }
  }
  return { kind: 'accepted', definition: code, warnings };
}

function firstRefusal(
  code: PromoCodeDefinition,
  usedCount: number,
  context: PromoContext,
): PromoCodeProblem | null {
  const { orderAtMs } = context;
  if (!code.active) return 'promo-code.not-active';
  if (code.startsAt !== null && code.startsAt > orderAtMs) return 'promo-code.before-start';
  if (code.endsAt !== null && code.endsAt < orderAtMs) return 'promo-code.after-finish';
  if (code.restoIds.length > 0 && !code.restoIds.includes(context.restoId)) {
    return 'promo-code.not-found-for-resto';
  }
  if (code.deliveryMethods.length > 0 && !code.deliveryMethods.includes(context.deliveryType)) {
    return 'promo-code.invalid-delivery-method';
  }
  const wallClock = wallClockAt(orderAtMs, context.timezone);
  if (code.daysOfWeek && code.daysOfWeek.length > 0 && !code.daysOfWeek.includes(wallClock.dayOfWeek)) {
    return 'promo-code.day-not-active';
  }
  if (code.hours && !isWithinPromoHours(code.hours, wallClock.minuteOfDay)) {
    return 'promo-code.hour-not-active';
  }
  if (code.totalLimit !== null && usedCount >= code.totalLimit) return 'promo-code.limit-exceed';
  return null;
}

export interface PromoDiscount {
  /** False below the code's minimum order: kept for the customer to see, not applied. */
  active: boolean;
  discount: Minor;
  amountLeft: Minor;
}

/**
 * The discount an accepted code gives on the goods' sum (never on delivery): percent rounded down, capped by
 * the code's maximum and by the sum itself so nothing is ever paid back.
 */
export function promoDiscount(code: PromoCodeDefinition, sum: Minor): PromoDiscount {
  if (code.minOrderAmount !== null && sum < code.minOrderAmount) {
    return { active: false, discount: minor(0), amountLeft: minor(code.minOrderAmount - sum) };
  }
  const raw = code.kind === 'percent' ? Math.floor((sum * code.value) / 100) : code.value;
  const capped = Math.min(raw, code.maxDiscountAmount ?? raw, sum);
  return { active: true, discount: minor(Math.max(0, capped)), amountLeft: minor(0) };
}
