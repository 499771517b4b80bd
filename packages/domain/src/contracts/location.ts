import { z } from 'zod';
import { DELIVERY_DETAIL_MAX, type DeliveryDetailField } from '../location/delivery-details.ts';
import { idParam, latLng, storedText, whiteLabelId } from './common.ts';
import { deliveryZone } from './deliveries.ts';
import { resto } from './restos.ts';

/**
 * GET /1/p/location — the location-level fetch of docs/product.md §7: everything the location popup needs for one
 * city in one call (its restaurants with their menus and hours, and every delivery zone).
 */
export const locationQuery = z.object({ cityId: idParam, whiteLabel: whiteLabelId.optional() });
export const locationResponse = z.object({
  cityId: z.number().int(),
  restos: z.array(resto),
  deliveryZones: z.array(deliveryZone),
});
export type LocationResponse = z.infer<typeof locationResponse>;

/** A field of the delivery-details form: the limit the storefront's form checks (`delivery-details.ts`). */
const deliveryDetail = (field: DeliveryDetailField) => storedText(DELIVERY_DETAIL_MAX[field]).nullable();

/** docs/product.md §3 'Delivery place': where a delivery goes; every part nullable until the customer fills it. */
export const deliveryPlace = z.object({
  address: storedText(300).nullable(),
  apartment: deliveryDetail('apartment'),
  entrance: deliveryDetail('entrance'),
  floor: deliveryDetail('floor'),
  intercom: deliveryDetail('intercom'),
  comment: deliveryDetail('comment'),
  location: latLng.nullable(),
});
export type DeliveryPlaceValue = z.infer<typeof deliveryPlace>;

/**
 * A coordinate in a query string: a plain decimal ('55.7887', '-0.5'), so '1e3', '0x10', 'NaN' or ''
 * are refused rather than coerced, then checked against its range.
 */
function coordinateParam(limit: number) {
  return z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/, 'must be a decimal number')
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
}
export const latitudeParam = coordinateParam(90);
export const longitudeParam = coordinateParam(180);

/**
 * GET /1/p/location/delivery-point — docs/product.md §5 'Point-in-area' checked by the server: the delivery zone
 * (of a restaurant that delivers) holding the point, and so the restaurant that serves it.
 */
export const deliveryPointQuery = z.object({
  cityId: idParam,
  lat: latitudeParam,
  lng: longitudeParam,
  whiteLabel: whiteLabelId.optional(),
});
export const deliveryPointResponse = z.object({
  cityId: z.number().int(),
  zoneId: z.number().int(),
  restoId: z.number().int(),
  deliveryZone,
});
export type DeliveryPointResponse = z.infer<typeof deliveryPointResponse>;
