import { z } from 'zod';
import { adminDishName, adminOrder } from './admin.ts';
import { errorBody, id, idParam, latLng } from './common.ts';

/**
 * The brand's cities in the back office (audit kind 'city'): a name, the map's centre and zoom the storefront opens
 * on, and the bounds its address search and zones keep to. Owners change them; managers read.
 */

/** The map's zoom levels a city may open at (Leaflet's and the storefront's map's). */
export const CITY_ZOOM_MIN = 3;
export const CITY_ZOOM_MAX = 19;

const localizedOut = z.object({ ru: z.string(), en: z.string().optional() });
const cityBounds = z.object({ southWest: latLng, northEast: latLng });

/** A city as the back office edits it. */
export const adminCity = z.object({
  id,
  name: localizedOut,
  center: latLng,
  bounds: cityBounds,
  zoom: z.number().int(),
  order: z.number().int(),
  /** How many of the brand's restaurants are in it (a city with any cannot be deleted). */
  restoCount: z.number().int().nonnegative(),
  /** Bumped by every back-office change; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminCity = z.infer<typeof adminCity>;
export const adminCityList = z.object({ cities: z.array(adminCity) });
export const adminCityParams = z.object({ cityId: idParam });

const cityFields = {
  name: adminDishName,
  center: latLng,
  /** South-west below and left of north-east (else 422 admin.city-bounds-inverted). */
  bounds: cityBounds,
  zoom: z.number().int().min(CITY_ZOOM_MIN).max(CITY_ZOOM_MAX),
  order: adminOrder,
};

/** POST /api/v1/admin/cities */
export const adminCityCreate = z.object(cityFields).partial({ order: true, zoom: true });

/** PATCH /api/v1/admin/cities/{cityId}: the fields to change, at least one. */
export const adminCityPatch = z
  .object(cityFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');
export type AdminCityPatch = z.infer<typeof adminCityPatch>;
export const adminCityStaleBody = errorBody.extend({ current: adminCity });
