import { z } from 'zod';
import { PROMO_CODE_KINDS } from '../catalog/catalog-constants.ts';
import { PROMO_CODE_MAX_LENGTH } from '../preflight/preflight-limits.ts';
import {
  customerDeliveryMethod,
  dayOfWeek,
  errorBody,
  id,
  idParam,
  minorAmount,
  storedText,
  timeOfDay,
} from './common.ts';

/**
 * The back office's promo codes (decision 53): every rule the preflight judges (promo-code-rules.ts), plus the
 * weekdays and first-order-only; the uses and the money given come from the placed orders. A batch of single-use
 * codes for a campaign is made in one call and exported as CSV.
 */

/** Upper-case letters, digits, '-' and '_', as customers type them (any case: stored upper-case). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
export const PROMO_DESCRIPTION_MAX = 500;
export const PROMO_CAMPAIGN_MAX = 60;
/** The largest money a code names (a fixed discount, a cap, a minimum): 1 000 000 ₽ in kopecks. */
export const PROMO_AMOUNT_MAX = 100_000_000;
export const PROMO_LIMIT_MAX = 1_000_000;
export const PROMO_RESTOS_MAX = 1000;
export const PROMO_BATCH_MAX = 10_000;
/** A generated code's random part: 6 to 16 characters (32^6 ≈ 10⁹ codes). */
export const PROMO_BATCH_LENGTH_MIN = 6;
export const PROMO_BATCH_LENGTH_MAX = 16;
export const PROMO_BATCH_PREFIX_MAX = 12;

const localizedOut = z.object({ ru: z.string(), en: z.string().optional() });
const hours = z.object({ from: z.string(), to: z.string() });

export const adminPromoCode = z.object({
  id,
  code: z.string(),
  description: localizedOut,
  kind: z.enum(PROMO_CODE_KINDS),
  /** Percent (1–100) or a fixed amount in kopecks. */
  value: z.number().int().positive(),
  maxDiscountAmount: minorAmount.nullable(),
  minOrderAmount: minorAmount.nullable(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  active: z.boolean(),
  hours: hours.nullable(),
  /** ISO weekdays on the restaurant's wall clock; empty: every day. */
  daysOfWeek: z.array(dayOfWeek),
  /** Empty: both methods. */
  deliveryMethods: z.array(customerDeliveryMethod),
  /** Empty: every restaurant of the brand. */
  restoIds: z.array(id),
  totalLimit: z.number().int().positive().nullable(),
  perPersonLimit: z.number().int().positive().nullable(),
  firstOrderOnly: z.boolean(),
  campaign: z.string().nullable(),
  /** Orders placed with it, not declined or cancelled. */
  uses: z.number().int().nonnegative(),
  /** The discount those orders got, in kopecks. */
  discountGiven: minorAmount,
  version: z.number().int().positive(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCode>;

export const adminPromoCodeListQuery = z.object({
  /** Part of the code, any case. */
  search: z.string().max(PROMO_CODE_MAX_LENGTH).optional(),
  active: z.enum(['true', 'false']).optional(),
  campaign: z.string().max(PROMO_CAMPAIGN_MAX).optional(),
  /** Codes made by hand (no campaign) come too unless a campaign is named; the list is capped. */
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const adminPromoCodeList = z.object({
  codes: z.array(adminPromoCode),
  /** Codes matching the filter, beyond the page too. */
  total: z.number().int().nonnegative(),
  /** The brand's campaigns, for the filter. */
  campaigns: z.array(z.string()),
  /** The brand's wall clock ('+03:00'): its first restaurant's offset, for typing dates. */
  timezone: z.string(),
});
export const adminPromoCodeParams = z.object({ promoCodeId: idParam });

const code = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(PROMO_CODE_PATTERN, 'must be 3–32 letters, digits, - or _'));
const description = storedText(PROMO_DESCRIPTION_MAX);
const money = z.number().int().min(1).max(PROMO_AMOUNT_MAX);
const limit = z.number().int().min(1).max(PROMO_LIMIT_MAX);
const moment = z.iso.datetime({ offset: true }).nullable();
const campaign = storedText(PROMO_CAMPAIGN_MAX)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'must not be blank'));

/** The rules every code carries; a PATCH names any of them. */
const rules = {
  description: z.object({ ru: description, en: description.optional() }),
  kind: z.enum(PROMO_CODE_KINDS),
  value: z.number().int().min(1).max(PROMO_AMOUNT_MAX),
  maxDiscountAmount: money.nullable(),
  minOrderAmount: money.nullable(),
  startsAt: moment,
  endsAt: moment,
  active: z.boolean(),
  hours: z.object({ from: timeOfDay, to: timeOfDay }).nullable(),
  daysOfWeek: z.array(dayOfWeek).max(7),
  deliveryMethods: z.array(customerDeliveryMethod).max(2),
  restoIds: z.array(id).max(PROMO_RESTOS_MAX),
  perPersonLimit: limit.nullable(),
  firstOrderOnly: z.boolean(),
};

const ruleDefaults = {
  description: rules.description.default({ ru: '' }),
  kind: rules.kind,
  value: rules.value,
  maxDiscountAmount: rules.maxDiscountAmount.default(null),
  minOrderAmount: rules.minOrderAmount.default(null),
  startsAt: rules.startsAt.default(null),
  endsAt: rules.endsAt.default(null),
  active: rules.active.default(true),
  hours: rules.hours.default(null),
  daysOfWeek: rules.daysOfWeek.default([]),
  deliveryMethods: rules.deliveryMethods.default([]),
  restoIds: rules.restoIds.default([]),
  firstOrderOnly: rules.firstOrderOnly.default(false),
};

/** POST /api/v1/admin/promo-codes */
export const adminPromoCodeCreate = z.object({
  code,
  ...ruleDefaults,
  totalLimit: limit.nullable().default(null),
  perPersonLimit: rules.perPersonLimit.default(null),
  campaign: campaign.nullable().default(null),
});
export type AdminPromoCodeCreate = z.infer<typeof adminPromoCodeCreate>;

/** PATCH /api/v1/admin/promo-codes/{promoCodeId}: what it names changes; lists are whole new lists. */
export const adminPromoCodePatch = z
  .object({
    code: code.optional(),
    description: rules.description.optional(),
    kind: rules.kind.optional(),
    value: rules.value.optional(),
    maxDiscountAmount: rules.maxDiscountAmount.optional(),
    minOrderAmount: rules.minOrderAmount.optional(),
    startsAt: rules.startsAt.optional(),
    endsAt: rules.endsAt.optional(),
    active: rules.active.optional(),
    hours: rules.hours.optional(),
    daysOfWeek: rules.daysOfWeek.optional(),
    deliveryMethods: rules.deliveryMethods.optional(),
    restoIds: rules.restoIds.optional(),
    totalLimit: limit.nullable().optional(),
    perPersonLimit: rules.perPersonLimit.optional(),
    firstOrderOnly: rules.firstOrderOnly.optional(),
    campaign: campaign.nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'must change something');
export type AdminPromoCodePatch = z.infer<typeof adminPromoCodePatch>;
export const adminPromoCodeStaleBody = errorBody.extend({ current: adminPromoCode });

/** POST /api/v1/admin/promo-codes/batch: `count` single-use codes (totalLimit 1, perPersonLimit 1). */
export const adminPromoCodeBatch = z.object({
  campaign,
  count: z.number().int().min(1).max(PROMO_BATCH_MAX),
  prefix: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_-]{0,12}$/, 'must be up to 12 letters, digits, - or _'))
    .default(''),
  length: z.number().int().min(PROMO_BATCH_LENGTH_MIN).max(PROMO_BATCH_LENGTH_MAX).default(8),
  ...ruleDefaults,
});
export type AdminPromoCodeBatch = z.infer<typeof adminPromoCodeBatch>;
export const adminPromoCodeBatchResult = z.object({
  campaign: z.string(),
  count: z.number().int().positive(),
  /** The audit entry that made them: its revert deactivates the batch's unused codes. */
  auditEntryId: id,
});

export const adminPromoCodeExportQuery = z.object({
  campaign: z.string().max(PROMO_CAMPAIGN_MAX).optional(),
});
