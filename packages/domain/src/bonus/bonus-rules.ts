import { type Minor, minor } from '../money/money.ts';
import { parseTimezoneOffset } from '../schedule/schedule.ts';
import { type BonusProgram, POINT } from './bonus-program.ts';

/**
 * The program's rules both sides apply (decision 55): what a cart may spend, what an order earns, when points
 * expire, and a refund's share of points. Pure; every amount is minor units of whole points.
 */

const DAY_MS = 86_400_000;

/** Down to whole points. */
export const wholePoints = (amount: number): Minor => minor(Math.floor(amount / POINT) * POINT);

/**
 * The most points this cart may spend: the program's share of the dishes' sum after the promo discount, and
 * no more than the balance; 0 when the program is off or the order has a promo code the program does not mix.
 */
export function spendLimit(
  program: BonusProgram,
  cart: { dishesSum: Minor; hasPromoCode: boolean; balance: Minor },
): Minor {
  if (!program.enabled) return minor(0);
  if (cart.hasPromoCode && !program.promoCodeOrdersSpend) return minor(0);
  const share = Math.floor((cart.dishesSum * program.spendMaxPercent) / 100);
  return wholePoints(Math.max(0, Math.min(share, cart.balance)));
}

export type BonusSpendProblem =
  | 'bonus.program-off'
  | 'bonus.sign-in-required'
  | 'bonus.not-whole'
  | 'bonus.not-with-promo-code'
  | 'bonus.more-than-balance'
  | 'bonus.over-limit';

/**
 * Judges the points a customer asks to spend. `balance` null: an anonymous cart. Refused asks spend nothing;
 * the problem says why (over-limit carries the limit).
 */
export function judgeBonusSpend(
  program: BonusProgram,
  ask: { requested: Minor; dishesSum: Minor; hasPromoCode: boolean; balance: Minor | null },
): { spent: Minor; limit: Minor; problem: BonusSpendProblem | null } {
  const none = (problem: BonusSpendProblem | null, limit = minor(0)) => ({ spent: minor(0), limit, problem });
  if (ask.balance === null) return none(ask.requested > 0 ? 'bonus.sign-in-required' : null);
  const limit = spendLimit(program, {
    dishesSum: ask.dishesSum,
    hasPromoCode: ask.hasPromoCode,
    balance: ask.balance,
  });
  if (ask.requested <= 0) return none(null, limit);
  if (!program.enabled) return none('bonus.program-off');
  if (ask.requested % POINT !== 0) return none('bonus.not-whole', limit);
  if (ask.hasPromoCode && !program.promoCodeOrdersSpend) return none('bonus.not-with-promo-code');
  if (ask.requested > ask.balance) return none('bonus.more-than-balance', limit);
  if (ask.requested > limit) return none('bonus.over-limit', limit);
  return { spent: ask.requested, limit, problem: null };
}

/** The earn percent for a customer who paid `paidInPeriod` over the tiers' period: the highest level reached. */
export function earnPercentFor(program: BonusProgram, paidInPeriod: Minor): number {
  if (!program.enabled) return 0;
  if (!program.tiers || program.tiers.levels.length === 0) return program.earnPercent;
  let percent = program.earnPercent;
  for (const level of program.tiers.levels) if (paidInPeriod >= level.fromPaid) percent = level.earnPercent;
  return percent;
}

/**
 * What a done order earns: the percent of what was paid in money for dishes (not delivery, not the part paid
 * in points), down to whole points; nothing for an order with a promo code the program does not reward.
 */
export function bonusEarn(
  program: BonusProgram,
  order: {
    dishesSum: Minor;
    promoDiscount: Minor;
    bonusSpent: Minor;
    hasPromoCode: boolean;
    earnPercent: number;
  },
): Minor {
  if (!program.enabled) return minor(0);
  if (order.hasPromoCode && !program.promoCodeOrdersEarn) return minor(0);
  const paidForDishes = Math.max(0, order.dishesSum - order.promoDiscount - order.bonusSpent);
  return wholePoints((paidForDishes * order.earnPercent) / 100);
}

/**
 * When points credited at `creditedAtMs` expire: the brand's midnight that ends the `expiryDays`-th day after
 * the day they were credited (credited on the 1st with 180 days: valid through day 181's eve, gone at its 00:00).
 */
export function bonusExpiryAt(
  program: Pick<BonusProgram, 'expiryDays' | 'timezone'>,
  creditedAtMs: number,
): number {
  const offsetMs = parseTimezoneOffset(program.timezone) * 60_000;
  const localDay = Math.floor((creditedAtMs + offsetMs) / DAY_MS);
  return (localDay + program.expiryDays + 1) * DAY_MS - offsetMs;
}

/**
 * A refund's points (cumulative, so partial refunds add up exactly to the whole): after `refundedTotal` of the
 * `paid` money came back, `spent × refundedTotal / paid` of the spent points are due back and as much of the
 * earned ones taken away, in whole points; minus what earlier refunds already moved.
 */
export function refundPoints(order: {
  paid: Minor;
  spent: Minor;
  earned: Minor;
  refundedBefore: Minor;
  refundedNow: Minor;
}): { returnSpent: Minor; clawEarned: Minor } {
  if (order.paid <= 0) return { returnSpent: minor(0), clawEarned: minor(0) };
  const share = (points: number, refunded: number) =>
    refunded >= order.paid ? points : wholePoints((points * refunded) / order.paid);
  const after = order.refundedBefore + order.refundedNow;
  return {
    returnSpent: minor(share(order.spent, after) - share(order.spent, order.refundedBefore)),
    clawEarned: minor(share(order.earned, after) - share(order.earned, order.refundedBefore)),
  };
}
