import { z } from 'zod';
import { idParam, whiteLabelId } from './common.ts';
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
