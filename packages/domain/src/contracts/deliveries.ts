import { z } from 'zod';
import { id, latLng, localizedText, minorAmount } from './common.ts';

/** One order-sum band of a zone: orders in [min, max) cost deliveryPrice and take `time` minutes. */
export const deliveryRule = z.object({
  orderPrice: z.object({ min: minorAmount, max: minorAmount.nullable() }),
  deliveryPrice: minorAmount,
  time: z.number().int().nonnegative(),
});

export const deliveryZone = z.object({
  id,
  name: localizedText,
  restoId: id,
  polygon: z.array(latLng).min(3),
  rules: z.array(deliveryRule),
  /** Where zones overlap, the highest priority serves the point; equal ones keep this list's order. Absent: 0. */
  priority: z.number().int().optional(),
  /** The colour maps draw it in ('#RRGGBB'); null or absent: the brand's. */
  color: z.string().nullable().optional(),
});

export const DEFAULT_ZONES_PAGE_SIZE = 100;

export const deliveriesQuery = z.object({
  size: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, 'must be a whole number from 1 to 1000')
    .transform(Number)
    .pipe(z.number().max(1000, 'must be a whole number from 1 to 1000'))
    .optional(),
});
export const deliveriesResponse = z.object({
  content: z.array(deliveryZone),
  size: z.number().int(),
  totalElements: z.number().int(),
});

export type DeliveryZone = z.infer<typeof deliveryZone>;
export type DeliveryRule = z.infer<typeof deliveryRule>;
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;
