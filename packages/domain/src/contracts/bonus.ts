import { z } from 'zod';
import { BONUS_ENTRY_KINDS, ONLINE_PAY_METHODS, POINT } from '../bonus/bonus-program.ts';
import { id, minorAmount, storedText, timezoneOffset } from './common.ts';

/**
 * Bonus points (decision 55): the brand's program (the owner's, in the back office), a person's balance and
 * history, staff's adjustments, and the online methods of paying (card, SBP, SberPay). Amounts are minor units
 * of whole points (1 point = 1 ₽ = 100).
 */

export const onlineMethod = z.enum(ONLINE_PAY_METHODS);

const wholePoints = (max: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(max)
    .refine((value) => value % POINT === 0, 'must be whole points (a multiple of 100)');

const percent = z.number().int().min(0).max(100);

export const bonusTier = z.object({
  fromPaid: minorAmount.max(100_000_000_00),
  earnPercent: percent,
});

/** PUT /api/v1/admin/bonus-program's body and GET's `program`. */
export const bonusProgram = z.strictObject({
  enabled: z.boolean(),
  earnPercent: percent,
  spendMaxPercent: percent,
  expiryDays: z.number().int().min(1).max(3650),
  welcomeBonus: wholePoints(100_000_00),
  promoCodeOrdersEarn: z.boolean(),
  promoCodeOrdersSpend: z.boolean(),
  tiers: z
    .strictObject({
      periodDays: z.number().int().min(1).max(730),
      levels: z.array(bonusTier).min(1).max(10),
    })
    .refine((tiers) => tiers.levels[0]?.fromPaid === 0, {
      message: 'the first level must start from 0',
      path: ['levels', 0, 'fromPaid'],
    })
    .refine(
      (tiers) =>
        tiers.levels.every((level, i) => i === 0 || level.fromPaid > (tiers.levels[i - 1]?.fromPaid ?? 0)),
      {
        message: 'levels must ascend by fromPaid',
        path: ['levels'],
      },
    )
    .nullable(),
  timezone: timezoneOffset,
});
export type BonusProgramBody = z.infer<typeof bonusProgram>;

/** GET /api/v1/admin/bonus-program: the program and its version (also the ETag; PUT sends it as If-Match). */
export const adminBonusProgramResponse = z.object({
  program: bonusProgram,
  version: z.number().int().positive(),
});

/** One row of a person's history; `spent` is a hold of an order that is done (the points went on it). */
export const bonusHistoryEntry = z.object({
  id,
  kind: z.enum([...BONUS_ENTRY_KINDS, 'spent']),
  /** Signed: + credited, − debited. */
  amount: z.number().int(),
  at: z.string(),
  orderId: id.nullable(),
  /** The order's number ('Б-042') when the row is an order's. */
  orderNumber: z.string().nullable(),
  /** Credits: when their points expire (ISO 8601 UTC). */
  expiresAt: z.string().nullable(),
  /** Adjustments: staff's reason. */
  reason: z.string().nullable(),
  /** What happened, in the request's language ('Начислено за заказ Б-042'). */
  title: z.string(),
});
export type BonusHistoryEntry = z.infer<typeof bonusHistoryEntry>;

/** GET /api/v1/persons/{personId}/bonus (another person's id: 403). */
export const personBonusResponse = z.object({
  /** False when the brand has no program: the storefront shows nothing of points. */
  enabled: z.boolean(),
  balance: minorAmount,
  /** The percent the next order earns (the tier reached) and the most of a cart payable in points. */
  earnPercent: percent,
  spendMaxPercent: percent,
  /** Points expiring within 30 days, soonest first. */
  expiringSoon: z.array(z.object({ amount: minorAmount, expiresAt: z.string() })),
  /** Newest first, at most 100. */
  history: z.array(bonusHistoryEntry),
});
export type PersonBonus = z.infer<typeof personBonusResponse>;

/** GET /api/v1/staff/orders/{orderId}/bonus: the order's customer's points, for the order card. */
export const staffBonusResponse = z.object({
  enabled: z.boolean(),
  personId: id,
  balance: minorAmount,
  /** Newest first, at most 20. */
  history: z.array(bonusHistoryEntry),
  /** Whether this staff account may adjust (managers and owners). */
  canAdjust: z.boolean(),
});

/** POST /api/v1/staff/orders/{orderId}/bonus-adjustments (managers and owners): ± whole points with a reason. */
export const bonusAdjustmentRequest = z.object({
  amount: z
    .number()
    .int()
    .min(-100_000_00)
    .max(100_000_00)
    .refine((value) => value !== 0, 'must not be zero')
    .refine((value) => value % POINT === 0, 'must be whole points (a multiple of 100)'),
  reason: storedText(300)
    .transform((value) => value.trim())
    .pipe(z.string().min(3, 'must say why (at least 3 characters)')),
});

/** POST /api/v1/staff/orders/{orderId}/refunds (managers and owners): money back for a done order paid online. */
export const staffRefundRequest = z.object({
  amount: minorAmount.min(1),
});
export const staffRefundResponse = z.object({
  refundId: id,
  amount: minorAmount,
  /** Money of the payment not refunded yet, this refund counted. */
  refundable: minorAmount,
});

/** The bonus part of a preflight answer; null when the brand has no program. */
export const preflightBonus = z.object({
  /** The signed-in person's balance; null for an anonymous cart. */
  balance: minorAmount.nullable(),
  /** The most this cart may spend now (0 anonymous, with a promo code the program does not mix, or off). */
  spendable: minorAmount,
  /** What this pricing spends (bonusToSpend when allowed, else 0 with a bonus.* problem). */
  spent: minorAmount,
  /** What the order would earn when done. */
  earn: minorAmount,
  earnPercent: percent,
});

/** An order's points as the customer and the board read them. */
export const orderBonus = z.object({
  spent: minorAmount,
  earn: minorAmount,
  /** When the earned points were credited; null until the order is done. */
  earnedAt: z.string().nullable(),
});
