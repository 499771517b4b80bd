import type { LocalizedText } from '../i18n/locale.ts';
import type { Minor } from '../money/money.ts';

/** A promotion of kind 'gift' as pricing reads it; times are epoch ms. */
export interface GiftPromotion {
  id: number;
  /** The order sum (dishes after the promo code, before points) from which the gift is given. */
  minSum: Minor;
  /** The dishes to choose from (one of them is given, count 1, at 0 ₽); the first is the default. */
  positionIds: readonly number[];
  /** Whether the gift is also given with a promo code applied; false: the code wins and the gift waits. */
  withPromoCode: boolean;
  /** Whether the gift is also given when points pay part of the order. */
  withBonus: boolean;
  /** Empty: every restaurant of the brand. */
  restoIds: readonly number[];
  startsAt: number | null;
  endsAt: number | null;
  /** The promotion's title, for the cart's words ('Подарок: …'); absent in rules that need none. */
  title?: LocalizedText;
}

/** Why a reached gift is not given. */
export type GiftWithheld = 'gift.not-with-promo-code' | 'gift.not-with-bonus';

export interface GiftVerdict {
  /**
   * The promotion whose threshold the cart reached: the highest that mixes with the cart's promo code and points,
   * else the highest (then withheld); null below every threshold.
   */
  reached: GiftPromotion | null;
  /** The dish given: the customer's choice when it is one of the options and orderable, else the first orderable. */
  positionId: number | null;
  /** The options still orderable now. */
  options: number[];
  /** Set when the gift was reached but its promotion does not mix with what the cart uses. */
  withheld: GiftWithheld | null;
  /** The next threshold above the sum (the cart's 'Ещё 350 ₽ до подарка'), or null. */
  next: { promotion: GiftPromotion; amountLeft: Minor } | null;
}

export interface GiftFacts {
  /** Dishes after the promo code's discount, before points. */
  dishesSum: Minor;
  restoId: number;
  nowMs: number;
  hasPromoCode: boolean;
  bonusSpent: Minor;
  /** The customer's pick among the options; absent: the first. */
  chosenPositionId?: number | null;
  /** Whether a dish can be ordered now (in the restaurant's menus for the method, not stopped, in its time slot). */
  orderable: (positionId: number) => boolean;
}

const runs = (gift: GiftPromotion, restoId: number, nowMs: number) =>
  (gift.restoIds.length === 0 || gift.restoIds.includes(restoId)) &&
  (gift.startsAt === null || nowMs >= gift.startsAt) &&
  (gift.endsAt === null || nowMs < gift.endsAt);

/**
 * The gift a cart earns: of the running gift promotions with an orderable option and a threshold at or below the
 * sum, the highest that mixes with the cart's promo code and points (else the highest, withheld). Below every
 * threshold there is none, so a gift never survives a falling sum.
 */
export function judgeGift(gifts: readonly GiftPromotion[], facts: GiftFacts): GiftVerdict {
  const running = gifts
    .filter((g) => runs(g, facts.restoId, facts.nowMs))
    .map((g) => ({ gift: g, options: g.positionIds.filter(facts.orderable) }))
    .filter((g) => g.options.length > 0)
    .sort((a, b) => a.gift.minSum - b.gift.minSum || a.gift.id - b.gift.id);
  const withheldOf = (gift: GiftPromotion): GiftWithheld | null =>
    facts.hasPromoCode && !gift.withPromoCode
      ? 'gift.not-with-promo-code'
      : facts.bonusSpent > 0 && !gift.withBonus
        ? 'gift.not-with-bonus'
        : null;
  const reachedAll = running.filter((g) => facts.dishesSum >= g.gift.minSum);
  // The highest reached promotion that mixes with what the cart uses; when none does, the highest, withheld.
  const reachedEntry =
    reachedAll.filter((g) => withheldOf(g.gift) === null).at(-1) ?? reachedAll.at(-1) ?? null;
  const nextEntry = running.find((g) => g.gift.minSum > facts.dishesSum) ?? null;
  const next = nextEntry
    ? { promotion: nextEntry.gift, amountLeft: (nextEntry.gift.minSum - facts.dishesSum) as Minor }
    : null;
  if (!reachedEntry) return { reached: null, positionId: null, options: [], withheld: null, next };
  const { gift, options } = reachedEntry;
  const withheld = withheldOf(gift);
  const chosen =
    facts.chosenPositionId != null && options.includes(facts.chosenPositionId)
      ? facts.chosenPositionId
      : (options[0] ?? null);
  return { reached: gift, positionId: withheld ? null : chosen, options, withheld, next };
}
