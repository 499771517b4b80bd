import { z } from 'zod';
import { DISH_PRICE_MAX } from '../admin/bulk-price.ts';
import { adminDishName } from './admin.ts';
import { errorBody, id, idParam, latLng } from './common.ts';
import { latitudeParam, longitudeParam } from './location.ts';

/**
 * Delivery zones in the back office (audit kind 'zone'): a polygon on the map, its restaurant, order-sum bands
 * (from–to → delivery price and minutes; the first band's `from` is the zone's minimum order, a closed last band's
 * `to` its maximum), a priority where zones overlap, a colour and whether it is active. Versioned under If-Match.
 */

export const ZONE_POLYGON_MAX = 5000;
export const ZONE_BANDS_MAX = 20;
export const ZONE_PRIORITY_LIMIT = 1000;
export const ZONE_TIME_MAX = 24 * 60;
export const ZONE_IMPORT_MAX = 200;

const localizedOut = z.object({ ru: z.string(), en: z.string().optional() });
const money = z.number().int().min(0).max(DISH_PRICE_MAX);

/** One band: orders from orderPriceMin (inclusive) to orderPriceMax (exclusive; null: no limit), kopecks. */
export const adminZoneBand = z.object({
  orderPriceMin: money,
  orderPriceMax: money.nullable(),
  deliveryPrice: money,
  timeMinutes: z.number().int().min(0).max(ZONE_TIME_MAX),
});
export type AdminZoneBand = z.infer<typeof adminZoneBand>;

/** '#RRGGBB'; null: the brand's colour. */
export const zoneColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1A2B3C')
  .nullable();

export const adminZone = z.object({
  id,
  restoId: id,
  name: localizedOut,
  polygon: z.array(latLng),
  bands: z.array(adminZoneBand),
  isActive: z.boolean(),
  priority: z.number().int(),
  color: z.string().nullable(),
  /** Bumped by every back-office change; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminZone = z.infer<typeof adminZone>;

/** Something saved but worth a look (a zone partly outside its city's bounds). */
export const adminWarning = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });
export const adminZoneSaved = adminZone.extend({ warnings: z.array(adminWarning) });

export const adminZoneListQuery = z.object({ cityId: idParam.optional(), restoId: idParam.optional() });
export const adminZoneList = z.object({ zones: z.array(adminZone) });
export const adminZoneParams = z.object({ zoneId: idParam });

const zoneFields = {
  restoId: id,
  name: adminDishName,
  /** At least three distinct points, its edges not crossing (else 422 on `polygon`); open or closed ring. */
  polygon: z.array(latLng).min(1).max(ZONE_POLYGON_MAX),
  /** Sorted by orderPriceMin, not overlapping, only the last open (else 422 admin.zone-bands-overlap). */
  bands: z.array(adminZoneBand).min(1).max(ZONE_BANDS_MAX),
  priority: z.number().int().min(-ZONE_PRIORITY_LIMIT).max(ZONE_PRIORITY_LIMIT),
  color: zoneColor,
  isActive: z.boolean(),
};

/** POST /api/v1/admin/zones */
export const adminZoneCreate = z.object(zoneFields).partial({ priority: true, color: true, isActive: true });
export type AdminZoneCreate = z.infer<typeof adminZoneCreate>;

/** PATCH /api/v1/admin/zones/{zoneId}: the fields to change, at least one; bands a whole new list. */
export const adminZonePatch = z
  .object(zoneFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');
export type AdminZonePatch = z.infer<typeof adminZonePatch>;
export const adminZoneStaleBody = errorBody.extend({ current: adminZone });

/** GET /api/v1/admin/zones/check: which zone, restaurant and band the storefront would use for a point and sum. */
export const adminZoneCheckQuery = z.object({
  cityId: idParam,
  lat: latitudeParam,
  lng: longitudeParam,
  /** The order sum in kopecks; absent: no band is chosen. */
  sum: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
});
/** Why a zone holding the point does not serve it. */
export const ZONE_CHECK_REASONS = ['lower-priority', 'inactive', 'resto-not-delivering'] as const;
export const adminZoneCheck = z.object({
  zone: adminZone.nullable(),
  resto: z.object({ id, name: localizedOut }).nullable(),
  /** The band for `sum`; null without a sum, below the minimum, in a gap or at/above the maximum. */
  band: adminZoneBand.nullable(),
  /** With a sum and no band: 'delivery.order-sum-not-enough.range' or 'delivery.order-sum-too-large'. */
  bandProblem: z.string().nullable(),
  /** Other zones of the city holding the point, and why they do not serve it. */
  others: z.array(
    z.object({ zoneId: id, name: localizedOut, restoId: id, reason: z.enum(ZONE_CHECK_REASONS) }),
  ),
});
export type AdminZoneCheck = z.infer<typeof adminZoneCheck>;

/** A GeoJSON geometry as Yandex Maps' constructor, Google My Maps (via KML) and geojson.io write them. */
const position = z.array(z.number()).min(2).max(3);
const ring = z.array(position).max(ZONE_POLYGON_MAX);
const geometry = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1).max(100) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1).max(100)).max(100) }),
  z.looseObject({ type: z.string().max(40) }),
]);
export const geoJsonFeature = z.looseObject({
  type: z.literal('Feature'),
  geometry: geometry.nullable(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});
export const geoJsonFeatureCollection = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(geoJsonFeature).max(ZONE_IMPORT_MAX),
});
export type GeoJsonFeatureCollection = z.infer<typeof geoJsonFeatureCollection>;

/** POST /api/v1/admin/zones/import: every polygon becomes a zone of the restaurant, with the given bands. */
export const adminZoneImport = z.object({
  restoId: id,
  geojson: geoJsonFeatureCollection,
  bands: z.array(adminZoneBand).min(1).max(ZONE_BANDS_MAX),
  /** true: nothing is saved, the answer lists what would be created. */
  dryRun: z.boolean().default(false),
});
export const adminZoneImportResult = z.object({
  dryRun: z.boolean(),
  /** The zones created (ids) or that would be (id 0 in a dry run). */
  zones: z.array(adminZone.extend({ id: z.number().int().nonnegative(), version: z.number().int() })),
  /** Features skipped (not a polygon, a bad polygon), with the reason's code. */
  skipped: z.array(
    z.object({ index: z.number().int(), name: z.string(), code: z.string(), message: z.string() }),
  ),
  warnings: z.array(adminWarning),
});
export type AdminZoneImportResult = z.infer<typeof adminZoneImportResult>;

export const adminZoneExportQuery = z.object({
  cityId: idParam,
  format: z.enum(['geojson', 'kml']).default('geojson'),
});
