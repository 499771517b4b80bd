import type { Minor } from '../money/money.ts';

/**
 * A brand's bonus points (decision 55): cashback in points the customer spends on later orders. 1 point = 1 ₽;
 * amounts are kept in minor units and are always whole points (multiples of POINT), so a customer never sees
 * a fraction of a point. The owner sets the program in the back office (PUT /api/v1/admin/bonus-program).
 */

/** One point in minor units. */
export const POINT = 100 as Minor;

/** Online methods of paying a CARD_ONLINE order at YooKassa (its payment_method_data types: bank_card, sbp, sberbank). */
export const ONLINE_PAY_METHODS = ['card', 'sbp', 'sberpay'] as const;
export type OnlinePayMethod = (typeof ONLINE_PAY_METHODS)[number];

export interface BonusTier {
  /** What the customer paid over the tier period from which this level applies (inclusive), minor units. */
  fromPaid: Minor;
  earnPercent: number;
}

export interface BonusProgram {
  enabled: boolean;
  /** Percent (0–100, whole) of what the customer paid in money for dishes, earned when the order is done. */
  earnPercent: number;
  /** The largest share (0–100, whole percent) of the dishes' sum after a promo discount payable in points. */
  spendMaxPercent: number;
  /** Points expire at the brand's midnight after this many days (1–3650). */
  expiryDays: number;
  /** Points given once at the first sign-in; 0: none. Whole points. */
  welcomeBonus: Minor;
  /** Whether an order with a promo code earns points. */
  promoCodeOrdersEarn: boolean;
  /** Whether an order with a promo code may spend points. */
  promoCodeOrdersSpend: boolean;
  /**
   * Optional tiers by what the customer paid for done orders over the last `periodDays` days: the highest level
   * reached replaces earnPercent. Levels ascend by fromPaid, the first from 0.
   */
  tiers: { periodDays: number; levels: BonusTier[] } | null;
  /** The brand's time zone offset (±HH:MM): points expire at its midnight. */
  timezone: string;
}

/** A brand that never set a program: off. */
export const BONUS_PROGRAM_OFF: BonusProgram = {
  enabled: false,
  earnPercent: 0,
  spendMaxPercent: 0,
  expiryDays: 180,
  welcomeBonus: 0 as Minor,
  promoCodeOrdersEarn: false,
  promoCodeOrdersSpend: false,
  tiers: null,
  timezone: '+03:00',
};

/** The demo brand's program: on, earn 5 %, spend up to 20 %, 180 days, no welcome bonus, promo codes and points don't mix. */
export const DEMO_BONUS_PROGRAM: BonusProgram = {
  enabled: true,
  earnPercent: 5,
  spendMaxPercent: 20,
  expiryDays: 180,
  welcomeBonus: 0 as Minor,
  promoCodeOrdersEarn: false,
  promoCodeOrdersSpend: false,
  tiers: null,
  timezone: '+03:00',
};

/**
 * The kinds of the ledger's rows (every change an immutable row; the balance is their sum). A hold is the
 * spend: it is written at placement and stands once the order is done; a decline or cancel releases it.
 */
export const BONUS_ENTRY_KINDS = [
  /** The first sign-in's gift (+). */
  'welcome',
  /** A done order's cashback (+). */
  'earned',
  /** What an order spends, from its placement (−). */
  'held',
  /** A declined or cancelled order's hold given back (+). */
  'released',
  /** A refund of a done order: the spent points' share given back (+). */
  'refund-return',
  /** A refund of a done order: the earned points' share taken away (−, never below a zero balance). */
  'refund-clawback',
  /** Points past their day (−), oldest first. */
  'expired',
  /** Staff's adjustment with a reason (±). */
  'adjusted',
] as const;
export type BonusEntryKind = (typeof BONUS_ENTRY_KINDS)[number];
