import { z } from 'zod';
import { id, localizedText, minorAmount } from './common.ts';

/** docs/product.md §9: the home carousel shows at most this many promotions, highest priority first. */
export const PROMOTIONS_PRIORITY_CAP = 6;

export const promotion = z.object({
  id,
  title: localizedText,
  text: localizedText,
  image: z.string().nullable(),
  priority: z.number().int(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  /** Where tapping the slide leads: a menu, or one dish of it (both given then); absent or null: nowhere. */
  linkMenuId: id.nullable().optional(),
  linkPositionId: id.nullable().optional(),
  /** A gift promotion (decision 56): an order from minSum gets one of the dishes at 0 ₽; absent or null: a slide only. */
  gift: z
    .object({ minSum: minorAmount, positionIds: z.array(id) })
    .nullable()
    .optional(),
});
export const promotionsResponse = z.array(promotion);
export type Promotion = z.infer<typeof promotion>;
