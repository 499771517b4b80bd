import type { LocalizedText } from '@storefront/domain';
import type { AdminCity, AdminCityPatch } from '@storefront/domain/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { cities, restoCities } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { checkIfMatch } from './admin-menus.ts';

/**
 * The brand's cities in the back office: the name, the map's centre and zoom the storefront opens on, the bounds its
 * address search keeps to, and the order of the city list. Owners change them, versioned under If-Match and audited
 * (kind 'city'); a deletion is refused while restaurants are in the city, and revertible (`exists` in the state, as
 * a time slot's), so the city comes back under its id.
 */

type LatLng = { lat: number; lng: number };
type Bounds = { southWest: LatLng; northEast: LatLng };

export interface CityState {
  exists: boolean;
  name: LocalizedText;
  center: LatLng;
  bounds: Bounds;
  zoom: number;
  order: number;
}

const GONE_CITY: CityState = {
  exists: false,
  name: { ru: '' },
  center: { lat: 0, lng: 0 },
  bounds: { southWest: { lat: 0, lng: 0 }, northEast: { lat: 0, lng: 0 } },
  zoom: 12,
  order: 0,
};

export const cityStateOf = (city: AdminCity): CityState => ({
  exists: true,
  name: city.name,
  center: city.center,
  bounds: city.bounds,
  zoom: city.zoom,
  order: city.order,
});

const restoCount = sql<number>`(select count(*) from "resto_cities" rc where rc."city_id" = "cities"."id")`;

const toCity = (row: typeof cities.$inferSelect & { restoCount: number }): AdminCity => ({
  id: row.id,
  name: row.name,
  center: { lat: row.centerLat, lng: row.centerLng },
  bounds: {
    southWest: { lat: row.southWestLat, lng: row.southWestLng },
    northEast: { lat: row.northEastLat, lng: row.northEastLng },
  },
  zoom: row.zoom,
  order: row.order,
  restoCount: row.restoCount,
  version: row.version,
});

const cityColumns = {
  id: cities.id,
  whiteLabelId: cities.whiteLabelId,
  name: cities.name,
  centerLat: cities.centerLat,
  centerLng: cities.centerLng,
  southWestLat: cities.southWestLat,
  southWestLng: cities.southWestLng,
  northEastLat: cities.northEastLat,
  northEastLng: cities.northEastLng,
  zoom: cities.zoom,
  order: cities.order,
  version: cities.version,
  restoCount: restoCount.mapWith(Number),
};

export async function listCities(db: Executor, whiteLabel: string): Promise<AdminCity[]> {
  const rows = await db
    .select(cityColumns)
    .from(cities)
    .where(eq(cities.whiteLabelId, whiteLabel))
    .orderBy(asc(cities.order), asc(cities.id));
  return rows.map(toCity);
}

export async function readCity(db: Executor, whiteLabel: string, cityId: number, lock = false) {
  const query = db
    .select(cityColumns)
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toCity(row) : null;
}

export async function cityOfBrand(db: Executor, whiteLabel: string, cityId: number, lock = false) {
  const city = await readCity(db, whiteLabel, cityId, lock);
  if (!city) throw new ApiError(404, 'city.not-found', 'cityId');
  return city;
}

/** 422 when the north-east corner is not north-east of the south-west one, or the centre lies outside. */
export function assertCityShape(center: LatLng, bounds: Bounds) {
  const { southWest: sw, northEast: ne } = bounds;
  if (sw.lat >= ne.lat) throw new ApiError(422, 'admin.city-bounds-inverted', 'bounds.northEast.lat');
  if (sw.lng >= ne.lng) throw new ApiError(422, 'admin.city-bounds-inverted', 'bounds.northEast.lng');
  if (center.lat < sw.lat || center.lat > ne.lat || center.lng < sw.lng || center.lng > ne.lng)
    throw new ApiError(422, 'admin.city-center-outside', 'center');
}

const columnsOf = (state: Partial<CityState>) => ({
  ...(state.name ? { name: state.name } : {}),
  ...(state.center ? { centerLat: state.center.lat, centerLng: state.center.lng } : {}),
  ...(state.bounds
    ? {
        southWestLat: state.bounds.southWest.lat,
        southWestLng: state.bounds.southWest.lng,
        northEastLat: state.bounds.northEast.lat,
        northEastLng: state.bounds.northEast.lng,
      }
    : {}),
  ...(state.zoom === undefined ? {} : { zoom: state.zoom }),
  ...(state.order === undefined ? {} : { order: state.order }),
});

/** Writes `state` and bumps the version; `exists: false` deletes, `exists: true` of a gone city brings it back. */
export async function writeCityState(
  tx: Executor,
  whiteLabel: string,
  cityId: number,
  state: Partial<CityState>,
) {
  if (state.exists === false) {
    await tx.delete(cities).where(eq(cities.id, cityId));
    return;
  }
  const [updated] = await tx
    .update(cities)
    .set({ ...columnsOf(state), version: sql`${cities.version} + 1` })
    .where(eq(cities.id, cityId))
    .returning({ id: cities.id });
  if (!updated) {
    const full = { ...GONE_CITY, ...state };
    await tx.insert(cities).values({
      id: cityId,
      whiteLabelId: whiteLabel,
      ...columnsOf(full),
      name: full.name,
    } as typeof cities.$inferInsert);
  }
}

export async function createCity(
  tx: Executor,
  access: StaffAccess,
  input: {
    name: LocalizedText;
    center: LatLng;
    bounds: Bounds;
    zoom?: number | undefined;
    order?: number | undefined;
  },
  at: Date,
): Promise<AdminCity> {
  assertCityShape(input.center, input.bounds);
  const state: CityState = { exists: true, ...input, zoom: input.zoom ?? 12, order: input.order ?? 0 };
  const [row] = await tx
    .insert(cities)
    .values({
      whiteLabelId: access.whiteLabel,
      ...columnsOf(state),
      name: state.name,
    } as typeof cities.$inferInsert)
    .returning({ id: cities.id });
  if (!row) throw new Error('no city');
  const city = await cityOfBrand(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'city',
    entityId: city.id,
    action: 'create',
    before: {},
    after: { ...cityStateOf(city) },
  });
  return city;
}

export async function patchCity(
  tx: Executor,
  access: StaffAccess,
  cityId: number,
  ifMatch: string | undefined,
  patch: AdminCityPatch,
  at: Date,
): Promise<AdminCity> {
  const current = await cityOfBrand(tx, access.whiteLabel, cityId, true);
  checkIfMatch(ifMatch, current);
  const before = cityStateOf(current);
  const after: CityState = {
    exists: true,
    name: patch.name ?? before.name,
    center: patch.center ?? before.center,
    bounds: patch.bounds ?? before.bounds,
    zoom: patch.zoom ?? before.zoom,
    order: patch.order ?? before.order,
  };
  assertCityShape(after.center, after.bounds);
  await writeCityState(tx, access.whiteLabel, cityId, after);
  await writeAuditEntry(tx, access, at, {
    entity: 'city',
    entityId: cityId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return cityOfBrand(tx, access.whiteLabel, cityId);
}

/** DELETE under If-Match: 409 admin.city-has-restos while any restaurant is in it. Revertible. */
export async function deleteCity(
  tx: Executor,
  access: StaffAccess,
  cityId: number,
  ifMatch: string | undefined,
  at: Date,
) {
  const current = await cityOfBrand(tx, access.whiteLabel, cityId, true);
  checkIfMatch(ifMatch, current);
  const [linked] = await tx.select().from(restoCities).where(eq(restoCities.cityId, cityId)).limit(1);
  if (linked) throw new ApiError(409, 'admin.city-has-restos', 'cityId');
  await writeCityState(tx, access.whiteLabel, cityId, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'city',
    entityId: cityId,
    action: 'delete',
    before: { ...cityStateOf(current) },
    after: { ...GONE_CITY },
  });
}

export async function cityStateForRevert(tx: Executor, whiteLabel: string, cityId: number) {
  const city = await readCity(tx, whiteLabel, cityId, true);
  return city ? cityStateOf(city) : GONE_CITY;
}
