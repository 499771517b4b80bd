import { z } from 'zod';
import { DISH_PRICE_MAX } from '../admin/bulk-price.ts';
import { GIFT_OPTIONS_MAX, PROMOTION_KINDS } from '../selling/selling-constants.ts';
import { errorBody, id, idParam, storedText } from './common.ts';

/**
 * The back office's promotions (the home carousel's slides): titles and texts in Russian and English, a picture
 * from the image pipeline (decision 46), a window of dates, a priority, the restaurants (none: every one), a link
 * to a menu or to one dish of it, published or not. Versioned under If-Match, audited, revertible.
 */

export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_TEXT_MAX = 2000;
export const PROMOTION_PRIORITY_MAX = 10_000;
export const PROMOTION_RESTOS_MAX = 1000;

/** Where a promotion stands against the clock, published or not. */
export const PROMOTION_STATES = ['active', 'scheduled', 'ended'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

const localizedOut = z.object({ ru: z.string(), en: z.string().optional() });

/** A gift promotion's terms: from which sum, the dishes to choose from, and whether it mixes with a code or points. */
export const adminPromotionGift = z.object({
  minSum: z.number().int().min(1).max(DISH_PRICE_MAX),
  positionIds: z
    .array(id)
    .min(1, 'must name at least one dish')
    .max(GIFT_OPTIONS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a dish'),
  withPromoCode: z.boolean(),
  withBonus: z.boolean(),
});
export type AdminPromotionGift = z.infer<typeof adminPromotionGift>;

export const adminPromotion = z.object({
  id,
  title: localizedOut,
  text: localizedOut,
  /** The picture's URL (an upload's 640 px JPEG), or null. */
  image: z.string().nullable(),
  priority: z.number().int(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  linkMenuId: id.nullable(),
  linkPositionId: id.nullable(),
  isPublished: z.boolean(),
  /** Empty: every restaurant of the brand. */
  restoIds: z.array(id),
  /** 'banner': a slide; 'gift': also a dish at 0 ₽ for an order from gift.minSum (decision 56). */
  kind: z.enum(PROMOTION_KINDS),
  /** Null for a banner. */
  gift: adminPromotionGift.nullable(),
  state: z.enum(PROMOTION_STATES),
  version: z.number().int().positive(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

export const adminPromotionListQuery = z.object({
  /** Words of the title or text, either language, any case. */
  search: z.string().max(200).optional(),
  state: z.enum(PROMOTION_STATES).optional(),
});
export const adminPromotionList = z.object({
  promotions: z.array(adminPromotion),
  /** The brand's wall clock ('+03:00'): its first restaurant's offset, for typing dates. */
  timezone: z.string(),
});
export const adminPromotionParams = z.object({ promotionId: idParam });

const title = storedText(PROMOTION_TITLE_MAX)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'must not be blank'));
const optionalTitle = storedText(PROMOTION_TITLE_MAX).transform((value) => value.trim());
const text = storedText(PROMOTION_TEXT_MAX);
const moment = z.iso.datetime({ offset: true }).nullable();
const priority = z.number().int().min(-PROMOTION_PRIORITY_MAX).max(PROMOTION_PRIORITY_MAX);
const restoIds = z.array(id).max(PROMOTION_RESTOS_MAX);

/** POST /api/v1/admin/promotions */
export const adminPromotionCreate = z.object({
  title: z.object({ ru: title, en: optionalTitle.optional() }),
  text: z.object({ ru: text, en: text.optional() }).default({ ru: '' }),
  priority: priority.default(0),
  startsAt: moment.default(null),
  endsAt: moment.default(null),
  linkMenuId: id.nullable().default(null),
  linkPositionId: id.nullable().default(null),
  isPublished: z.boolean().default(true),
  restoIds: restoIds.default([]),
  /** Present: a gift promotion; absent or null: a banner. */
  gift: adminPromotionGift.nullable().default(null),
});
export type AdminPromotionCreate = z.infer<typeof adminPromotionCreate>;

/** PATCH /api/v1/admin/promotions/{promotionId}: what it names changes; restoIds is a whole new list. */
export const adminPromotionPatch = z
  .object({
    title: z.object({ ru: title, en: optionalTitle.optional() }).optional(),
    text: z.object({ ru: text, en: text.optional() }).optional(),
    priority: priority.optional(),
    startsAt: moment.optional(),
    endsAt: moment.optional(),
    linkMenuId: id.nullable().optional(),
    linkPositionId: id.nullable().optional(),
    isPublished: z.boolean().optional(),
    restoIds: restoIds.optional(),
    /** Terms to make (or keep) it a gift; null: a banner again. */
    gift: adminPromotionGift.nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'must change something');
export type AdminPromotionPatch = z.infer<typeof adminPromotionPatch>;
export const adminPromotionStaleBody = errorBody.extend({ current: adminPromotion });
