import { z } from 'zod';
import { idParam, latLng, whiteLabelId } from './common.ts';
import { deliveryZone } from './deliveries.ts';
import { resto } from './restos.ts';

/**
 * GET /1/p/location — the location-level fetch of SPEC §7: everything the location popup needs for one
 * city in one call (its restaurants with their menus and hours, and every delivery zone).
 */
export const locationQuery = z.object({ cityId: idParam, whiteLabel: whiteLabelId.optional() });
export const locationResponse = z.object({
  cityId: z.number().int(),
  restos: z.array(resto),
  deliveryZones: z.array(deliveryZone),
});
export type LocationResponse = z.infer<typeof locationResponse>;

/** SPEC §3 'Delivery place': where a delivery goes; every part nullable until the customer fills it. */
export const deliveryPlace = z.object({
  address: z.string().max(300).nullable(),
  apartment: z.string().max(50).nullable(),
  entrance: z.string().max(50).nullable(),
  floor: z.string().max(50).nullable(),
  intercom: z.string().max(50).nullable(),
  comment: z.string().max(100).nullable(),
  location: latLng.nullable(),
});
export type DeliveryPlaceValue = z.infer<typeof deliveryPlace>;
