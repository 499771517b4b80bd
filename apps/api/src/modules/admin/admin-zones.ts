import {
  type Bounds,
  ERROR_MESSAGES,
  type LatLng,
  type Locale,
  openRing,
  pickText,
  polygonOutsideBounds,
  polygonProblems,
  zoneBandsProblem,
} from '@storefront/domain';
import type { AdminZone, AdminZoneBand, AdminZoneCreate, AdminZonePatch } from '@storefront/domain/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { cities, deliveryRules, deliveryZones, restoCities, restos } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { checkIfMatch } from './admin-menus.ts';

/**
 * Delivery zones in the back office (decision 52): a polygon, its restaurant, order-sum bands, a priority where zones
 * overlap, a colour, active or not. Versioned under If-Match, audited as 'zone'; a change and a deletion are
 * revertible (the state holds `exists`, so a deleted zone comes back with its id and bands). A manager sees and
 * changes the zones of their own restaurants only (StaffAccess.restoIds).
 */

/** What the audit log keeps of a zone; `exists: false` is a deleted one. */
export interface ZoneState {
  exists: boolean;
  restoId: number;
  name: { ru: string; en?: string | undefined };
  polygon: LatLng[];
  bands: AdminZoneBand[];
  isActive: boolean;
  priority: number;
  color: string | null;
}

export const GONE_ZONE: ZoneState = {
  exists: false,
  restoId: 0,
  name: { ru: '' },
  polygon: [],
  bands: [],
  isActive: false,
  priority: 0,
  color: null,
};

export interface ZoneWarning {
  code: string;
  message: string;
  field?: string;
}

export const zoneStateOf = (zone: AdminZone): ZoneState => ({
  exists: true,
  restoId: zone.restoId,
  name: zone.name,
  polygon: zone.polygon,
  bands: zone.bands,
  isActive: zone.isActive,
  priority: zone.priority,
  color: zone.color,
});

const zoneColumns = {
  id: deliveryZones.id,
  restoId: deliveryZones.restoId,
  name: deliveryZones.name,
  polygon: deliveryZones.polygon,
  isActive: deliveryZones.isActive,
  priority: deliveryZones.priority,
  color: deliveryZones.color,
  version: deliveryZones.version,
};
type ZoneRow = typeof deliveryZones.$inferSelect;

async function withBands(db: Executor, rows: ZoneRow[]): Promise<AdminZone[]> {
  if (rows.length === 0) return [];
  const bands = await db
    .select()
    .from(deliveryRules)
    .where(
      inArray(
        deliveryRules.zoneId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(deliveryRules.orderPriceMin));
  return rows.map((row) => ({
    ...row,
    name: row.name.en === undefined ? { ru: row.name.ru } : { ru: row.name.ru, en: row.name.en },
    bands: bands
      .filter((b) => b.zoneId === row.id)
      .map((b) => ({
        orderPriceMin: b.orderPriceMin,
        orderPriceMax: b.orderPriceMax,
        deliveryPrice: b.deliveryPrice,
        timeMinutes: b.timeMinutes,
      })),
  }));
}

export interface ZoneFilter {
  cityId?: number | undefined;
  restoId?: number | undefined;
}

/** The zones of the person's restaurants (of the city, of one restaurant), by restaurant then id. */
export async function listZones(
  db: Executor,
  access: StaffAccess,
  filter: ZoneFilter = {},
): Promise<AdminZone[]> {
  const restoIds = filter.restoId
    ? access.restoIds.filter((restoId) => restoId === filter.restoId)
    : access.restoIds;
  if (restoIds.length === 0) return [];
  const inCity = filter.cityId
    ? inArray(
        deliveryZones.restoId,
        db
          .select({ restoId: restoCities.restoId })
          .from(restoCities)
          .where(eq(restoCities.cityId, filter.cityId)),
      )
    : undefined;
  const rows = await db
    .select(zoneColumns)
    .from(deliveryZones)
    .innerJoin(restos, eq(restos.id, deliveryZones.restoId))
    .where(and(eq(restos.whiteLabelId, access.whiteLabel), inArray(deliveryZones.restoId, restoIds), inCity))
    .orderBy(asc(deliveryZones.restoId), asc(deliveryZones.id));
  return withBands(db, rows);
}

/** One zone the person may see (locked when `lock`), or null. */
async function readZone(db: Executor, access: StaffAccess, zoneId: number, lock = false) {
  const query = db
    .select(zoneColumns)
    .from(deliveryZones)
    .innerJoin(restos, eq(restos.id, deliveryZones.restoId))
    .where(and(eq(deliveryZones.id, zoneId), eq(restos.whiteLabelId, access.whiteLabel)));
  const [row] = lock ? await query.for('update', { of: deliveryZones }) : await query;
  if (!row || !access.restoIds.includes(row.restoId)) return null;
  return (await withBands(db, [row]))[0] ?? null;
}

export async function zoneOfBrand(db: Executor, access: StaffAccess, zoneId: number, lock = false) {
  const zone = await readZone(db, access, zoneId, lock);
  if (!zone) throw new ApiError(404, 'zone.not-found', 'zoneId');
  return zone;
}

/** The brand's restaurant the person may act on: another brand's is 422 admin.resto-not-found, not theirs 403. */
export async function assertZoneResto(db: Executor, access: StaffAccess, restoId: number) {
  const [row] = await db
    .select({ id: restos.id })
    .from(restos)
    .where(and(eq(restos.id, restoId), eq(restos.whiteLabelId, access.whiteLabel)));
  if (!row) throw new ApiError(422, 'admin.resto-not-found', 'restoId');
  if (!access.restoIds.includes(restoId)) throw new ApiError(403, 'staff.forbidden-resto', 'restoId');
}

const POLYGON_CODES = {
  'too-few-points': 'admin.zone-polygon-too-few-points',
  'self-intersecting': 'admin.zone-polygon-self-intersecting',
  'zero-area': 'admin.zone-polygon-zero-area',
} as const;

/** The polygon's first problem as its error code, or null. */
export function polygonErrorCode(polygon: readonly LatLng[]) {
  const [problem] = polygonProblems(polygon);
  return problem ? POLYGON_CODES[problem] : null;
}

/** 422 on `polygon` for a polygon no zone can have; the ring is kept open (no repeated closing point). */
function validPolygon(polygon: readonly LatLng[]): LatLng[] {
  const code = polygonErrorCode(polygon);
  if (code) throw new ApiError(422, code, 'polygon');
  return openRing(polygon);
}

function validBands(bands: readonly AdminZoneBand[]): AdminZoneBand[] {
  const field = zoneBandsProblem(bands);
  if (field) throw new ApiError(422, 'admin.zone-bands-overlap', field);
  return bands.map((b) => ({ ...b }));
}

/** The bounds of the restaurant's cities. */
export async function restoCityBounds(db: Executor, restoId: number): Promise<Bounds[]> {
  const rows = await db
    .select({
      southWestLat: cities.southWestLat,
      southWestLng: cities.southWestLng,
      northEastLat: cities.northEastLat,
      northEastLng: cities.northEastLng,
    })
    .from(cities)
    .innerJoin(restoCities, eq(restoCities.cityId, cities.id))
    .where(eq(restoCities.restoId, restoId));
  return rows.map((c) => ({
    southWest: { lat: c.southWestLat, lng: c.southWestLng },
    northEast: { lat: c.northEastLat, lng: c.northEastLng },
  }));
}

/** A warning when some point of the polygon lies outside every city of its restaurant. */
export function outsideCityWarnings(polygon: readonly LatLng[], bounds: readonly Bounds[], locale: Locale) {
  if (bounds.length === 0) return [];
  const outside = bounds
    .map((b) => polygonOutsideBounds(polygon, b))
    .reduce((common, points) => common.filter((p) => points.includes(p)));
  return outside.length > 0 ? [warning('admin.zone-outside-city', locale, 'polygon')] : [];
}

export function warning(code: keyof typeof ERROR_MESSAGES, locale: Locale, field?: string): ZoneWarning {
  return { code, message: pickText(ERROR_MESSAGES[code], locale), ...(field ? { field } : {}) };
}

/**
 * Writes the fields of `state` it holds (bands as a whole list) and bumps the version. `exists: false` deletes the
 * zone; `exists: true` for a zone that is gone brings it back under its id (a revert of a deletion).
 */
export async function writeZoneState(tx: Executor, zoneId: number, state: Partial<ZoneState>): Promise<void> {
  if (state.exists === false) {
    await tx.delete(deliveryZones).where(eq(deliveryZones.id, zoneId));
    return;
  }
  const { exists: _exists, bands, ...columns } = state;
  const [updated] = await tx
    .update(deliveryZones)
    .set({ ...columns, version: sql`${deliveryZones.version} + 1` })
    .where(eq(deliveryZones.id, zoneId))
    .returning({ id: deliveryZones.id });
  if (!updated) {
    if (columns.restoId === undefined || !columns.name || !columns.polygon)
      throw new Error('zone incomplete');
    await tx.insert(deliveryZones).values({
      ...columns,
      id: zoneId,
      restoId: columns.restoId,
      name: columns.name,
      polygon: columns.polygon,
    });
  }
  if (bands) {
    await tx.delete(deliveryRules).where(eq(deliveryRules.zoneId, zoneId));
    if (bands.length > 0)
      await tx.insert(deliveryRules).values(
        bands.map((b) => ({
          zoneId,
          orderPriceMin: b.orderPriceMin,
          orderPriceMax: b.orderPriceMax,
          deliveryPrice: b.deliveryPrice,
          timeMinutes: b.timeMinutes,
        })) as (typeof deliveryRules.$inferInsert)[],
      );
  }
}

/** A new zone; audited 'create' (not revertible: delete the zone instead, which is). */
export async function createZone(
  tx: Executor,
  access: StaffAccess,
  input: AdminZoneCreate,
  at: Date,
  locale: Locale,
): Promise<AdminZone & { warnings: ZoneWarning[] }> {
  await assertZoneResto(tx, access, input.restoId);
  const polygon = validPolygon(input.polygon);
  const bands = validBands(input.bands);
  const [row] = await tx
    .insert(deliveryZones)
    .values({
      restoId: input.restoId,
      name: input.name,
      polygon,
      isActive: input.isActive ?? true,
      priority: input.priority ?? 0,
      color: input.color ?? null,
    })
    .returning({ id: deliveryZones.id });
  if (!row) throw new Error('no zone');
  await writeZoneState(tx, row.id, { bands });
  await tx.update(deliveryZones).set({ version: 1 }).where(eq(deliveryZones.id, row.id));
  const zone = await zoneOfBrand(tx, access, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'zone',
    entityId: zone.id,
    action: 'create',
    before: {},
    after: { ...zoneStateOf(zone) },
  });
  const warnings = outsideCityWarnings(polygon, await restoCityBounds(tx, zone.restoId), locale);
  return { ...zone, warnings };
}

/** PATCH under If-Match; 422 with the field for a bad polygon or bands, another brand's restaurant. */
export async function patchZone(
  tx: Executor,
  access: StaffAccess,
  zoneId: number,
  ifMatch: string | undefined,
  patch: AdminZonePatch,
  at: Date,
  locale: Locale,
): Promise<AdminZone & { warnings: ZoneWarning[] }> {
  const current = await zoneOfBrand(tx, access, zoneId, true);
  checkIfMatch(ifMatch, current);
  if (patch.restoId !== undefined) await assertZoneResto(tx, access, patch.restoId);
  const polygon = patch.polygon ? validPolygon(patch.polygon) : undefined;
  const bands = patch.bands ? validBands(patch.bands) : undefined;
  const before = zoneStateOf(current);
  const after: ZoneState = {
    exists: true,
    restoId: patch.restoId ?? before.restoId,
    name: patch.name ?? before.name,
    polygon: polygon ?? before.polygon,
    bands: bands ?? before.bands,
    isActive: patch.isActive ?? before.isActive,
    priority: patch.priority ?? before.priority,
    color: patch.color === undefined ? before.color : patch.color,
  };
  await writeZoneState(tx, zoneId, after);
  const zone = await zoneOfBrand(tx, access, zoneId);
  await writeAuditEntry(tx, access, at, {
    entity: 'zone',
    entityId: zoneId,
    action: 'update',
    before: { ...before },
    after: { ...zoneStateOf(zone) },
  });
  const warnings = outsideCityWarnings(zone.polygon, await restoCityBounds(tx, zone.restoId), locale);
  return { ...zone, warnings };
}

/** DELETE under If-Match: the zone and its bands go. Revertible: it comes back with its id and bands. */
export async function deleteZone(
  tx: Executor,
  access: StaffAccess,
  zoneId: number,
  ifMatch: string | undefined,
  at: Date,
) {
  const current = await zoneOfBrand(tx, access, zoneId, true);
  checkIfMatch(ifMatch, current);
  await writeZoneState(tx, zoneId, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'zone',
    entityId: zoneId,
    action: 'delete',
    before: { ...zoneStateOf(current) },
    after: { ...GONE_ZONE },
  });
}

/** The zone's state for a revert's compare: `exists: false` when it is gone. */
export async function zoneStateForRevert(
  tx: Executor,
  access: StaffAccess,
  zoneId: number,
): Promise<ZoneState> {
  const [row] = await tx
    .select(zoneColumns)
    .from(deliveryZones)
    .where(eq(deliveryZones.id, zoneId))
    .for('update');
  if (!row) return GONE_ZONE;
  const [zone] = await withBands(tx, [row]);
  if (!zone || !access.restoIds.includes(zone.restoId)) throw new ApiError(404, 'zone.not-found', 'zoneId');
  return zoneStateOf(zone);
}

/** Restores an audited state; a restaurant the person no longer has (or that is gone) refuses the revert. */
export async function restoreZoneState(
  tx: Executor,
  access: StaffAccess,
  zoneId: number,
  state: Partial<ZoneState>,
) {
  if (state.exists !== false && state.restoId !== undefined && !access.restoIds.includes(state.restoId))
    throw new ApiError(409, 'admin.changed-since', 'entryId');
  await writeZoneState(tx, zoneId, state);
}
