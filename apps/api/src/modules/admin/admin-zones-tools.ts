import {
  chooseDeliveryBand,
  ERROR_MESSAGES,
  isPointInPolygon,
  isValidPolygon,
  type LatLng,
  type Locale,
  minor,
  openRing,
  pickText,
} from '@storefront/domain';
import type {
  AdminZoneBand,
  AdminZoneCheck,
  AdminZoneImportResult,
  GeoJsonFeatureCollection,
} from '@storefront/domain/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { cities, restos } from '../../db/schema.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { findDeliveryPoint } from '../location/index.ts';
import {
  assertZoneResto,
  createZone,
  listZones,
  outsideCityWarnings,
  polygonErrorCode,
  restoCityBounds,
  type ZoneWarning,
} from './admin-zones.ts';
import { polygonsOfGeoJson } from './admin-zones-files.ts';

/** The brand's city (404 city.not-found for another brand's or none). */
export async function cityOfBrand(db: Executor, whiteLabel: string, cityId: number) {
  const [city] = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.whiteLabelId, whiteLabel)));
  if (!city) throw new ApiError(404, 'city.not-found', 'cityId');
  return city;
}

/**
 * "Which zone serves this point": the storefront's own answer (findDeliveryPoint over the catalog snapshot, so the
 * same zones, order and priorities as GET /1/p/location/delivery-point), the band for the sum by the preflight's rule,
 * and every other zone of the city's restaurants holding the point with why it does not serve it.
 */
export async function checkZonePoint(
  db: Executor,
  access: StaffAccess,
  snapshot: CatalogSnapshot,
  query: { cityId: number; lat: number; lng: number; sum?: number | undefined },
): Promise<AdminZoneCheck> {
  await cityOfBrand(db, access.whiteLabel, query.cityId);
  const point: LatLng = { lat: query.lat, lng: query.lng };
  const found = findDeliveryPoint(snapshot, query.cityId, point);
  const zones = await listZones(
    db,
    { ...access, restoIds: await brandRestoIds(db, access) },
    { cityId: query.cityId },
  );
  const zone = found ? (zones.find((z) => z.id === found.zoneId) ?? null) : null;
  const restoIds = [...new Set(zones.map((z) => z.restoId))];
  const names = restoIds.length
    ? await db.select({ id: restos.id, name: restos.name }).from(restos).where(inArray(restos.id, restoIds))
    : [];
  const resto = zone ? (names.find((r) => r.id === zone.restoId) ?? null) : null;
  let band: AdminZoneBand | null = null;
  let bandProblem: string | null = null;
  if (found && query.sum !== undefined) {
    const choice = chooseDeliveryBand(found.deliveryZone.rules, minor(query.sum));
    band = choice.band
      ? {
          orderPriceMin: choice.band.orderPrice.min,
          orderPriceMax: choice.band.orderPrice.max,
          deliveryPrice: choice.band.deliveryPrice,
          timeMinutes: choice.band.time,
        }
      : null;
    bandProblem = choice.problem?.code ?? null;
  }
  const served = found?.zoneId;
  const others = zones
    .filter((z) => z.id !== served && isPointInPolygon(point, z.polygon))
    .map((z) => ({
      zoneId: z.id,
      name: z.name,
      restoId: z.restoId,
      reason: !z.isActive
        ? ('inactive' as const)
        : snapshot.zonesByResto.get(z.restoId)?.some((live) => live.id === z.id) && found
          ? ('lower-priority' as const)
          : ('resto-not-delivering' as const),
    }));
  return {
    zone,
    resto: resto ? { id: resto.id, name: resto.name } : null,
    band,
    bandProblem,
    others,
  };
}

/** Every restaurant of the brand: the check answers as the storefront does, whoever asks. */
async function brandRestoIds(db: Executor, access: StaffAccess) {
  const rows = await db
    .select({ id: restos.id })
    .from(restos)
    .where(eq(restos.whiteLabelId, access.whiteLabel));
  return rows.map((r) => r.id);
}

/** The zones of a city the person may see, for the export (404 for another brand's city). */
export async function cityZones(db: Executor, access: StaffAccess, cityId: number) {
  const city = await cityOfBrand(db, access.whiteLabel, cityId);
  return { city, zones: await listZones(db, access, { cityId }) };
}

/**
 * POST /api/v1/admin/zones/import: each polygon of the file becomes a zone of the restaurant with the given bands and
 * the file's name and colour. A feature that is no polygon, or a polygon no zone can have, is skipped with its reason;
 * a dry run saves nothing and answers the same list (ids 0). Each zone is audited 'create'; delete one to undo it.
 */
export async function importZones(
  tx: Executor,
  access: StaffAccess,
  input: { restoId: number; geojson: GeoJsonFeatureCollection; bands: AdminZoneBand[]; dryRun: boolean },
  at: Date,
  locale: Locale,
): Promise<AdminZoneImportResult> {
  await assertZoneResto(tx, access, input.restoId);
  const { polygons, skipped } = polygonsOfGeoJson(input.geojson);
  if (polygons.length === 0) throw new ApiError(422, 'admin.zone-import-empty', 'geojson');
  const message = (code: keyof typeof ERROR_MESSAGES) => pickText(ERROR_MESSAGES[code], locale);
  const result: AdminZoneImportResult = {
    dryRun: input.dryRun,
    zones: [],
    skipped: skipped.map((s) => ({
      index: s.index,
      name: s.name,
      code: 'admin.zone-import-not-polygon',
      message: message('admin.zone-import-not-polygon'),
    })),
    warnings: [],
  };
  const bounds = await restoCityBounds(tx, input.restoId);
  for (const found of polygons) {
    const code = isValidPolygon(found.polygon)
      ? polygonErrorCode(found.polygon)
      : 'admin.zone-import-not-polygon';
    if (code) {
      result.skipped.push({ index: found.index, name: found.name, code, message: message(code) });
      continue;
    }
    const fields = {
      restoId: input.restoId,
      name: { ru: found.name },
      polygon: openRing(found.polygon),
      bands: input.bands,
      color: found.color,
    };
    if (input.dryRun) {
      result.zones.push({ ...fields, id: 0, version: 0, isActive: true, priority: 0 });
      result.warnings.push(...named(outsideCityWarnings(fields.polygon, bounds, locale), found.name));
      continue;
    }
    const { warnings, ...zone } = await createZone(tx, access, fields, at, locale);
    result.zones.push(zone);
    result.warnings.push(...named(warnings, found.name));
  }
  return result;
}

const named = (warnings: ZoneWarning[], name: string) =>
  warnings.map((w) => ({ ...w, message: `${name}: ${w.message}` }));
