import {
  DISH_PRICE_MAX,
  ERROR_MESSAGES,
  type ErrorCode,
  isValidPolygon,
  type LatLng,
  type Locale,
  openRing,
  pickText,
  zoneBandsProblem,
} from '@storefront/domain';
import {
  type AdminZoneBand,
  type AdminZoneImportResult,
  ZONE_PRIORITY_LIMIT,
  ZONE_TIME_MAX,
} from '@storefront/domain/contracts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { posLog } from '../../db/schema.ts';
import type { PosDeliveryRestriction, PosDeliveryRestrictions } from '../../integrations/pos/pos-adapter.ts';
import {
  createZone,
  listZones,
  outsideCityWarnings,
  polygonErrorCode,
  restoCityBounds,
  warning,
} from './admin-zones.ts';

/*
 * The one-shot import of the POS's delivery zones into ours (decision 54): each zone of the POS with delivery terms
 * (restrictions) for the restaurant's terminal group becomes a zone of the restaurant. Its bands come from the
 * terms' minimum sums (a term from 0 ₽ at 200 ₽ and one from 1000 ₽ free: two bands), each band's price and minutes
 * from its term; its priority is the terms' highest. Terms by time of day have no place in our zones: the all-day
 * term is taken, and a warning says so. A zone the restaurant already has by name is left as it is, so a second
 * import adds only new zones. The zones are created as a hand-made one (audited 'create'; delete one to undo it).
 */

/** Minutes of a band when the POS gives no duration. */
const DEFAULT_MINUTES = 60;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/** A term for some hours of the day only (iiko writes all day as no hours, or 0 to 1440). */
const limitedToHours = (term: PosDeliveryRestriction) =>
  (term.fromMinute ?? 0) > 0 || (term.toMinute ?? 1440) < 1439;

/** The terms of one zone as bands by minimum sum, and whether terms by time of day were left out. */
export function bandsOfRestrictions(terms: readonly PosDeliveryRestriction[]): {
  bands: AdminZoneBand[];
  hoursIgnored: boolean;
} {
  // The all-day term of each minimum sum wins over ones limited to hours of the day.
  const ordered = [...terms].sort(
    (a, b) => a.minSum - b.minSum || Number(limitedToHours(a)) - Number(limitedToHours(b)),
  );
  const byMin = new Map<number, PosDeliveryRestriction>();
  for (const term of ordered) if (!byMin.has(term.minSum)) byMin.set(term.minSum, term);
  const chosen = [...byMin.values()];
  const hoursIgnored = terms.some(limitedToHours);
  const bands = chosen.map((term, index) => ({
    orderPriceMin: clamp(term.minSum, 0, DISH_PRICE_MAX),
    orderPriceMax: chosen[index + 1] ? clamp(chosen[index + 1]?.minSum ?? 0, 0, DISH_PRICE_MAX) : null,
    deliveryPrice: clamp(term.deliveryPrice ?? 0, 0, DISH_PRICE_MAX),
    timeMinutes: clamp(term.durationMinutes ?? DEFAULT_MINUTES, 0, ZONE_TIME_MAX),
  }));
  return { bands, hoursIgnored };
}

export async function importPosZones(
  tx: Executor,
  access: StaffAccess,
  input: {
    restoId: number;
    organizationId: string;
    terminalGroupId: string;
    found: PosDeliveryRestrictions;
    dryRun: boolean;
  },
  at: Date,
  locale: Locale,
): Promise<AdminZoneImportResult> {
  const message = (code: ErrorCode) => pickText(ERROR_MESSAGES[code], locale);
  const result: AdminZoneImportResult = { dryRun: input.dryRun, zones: [], skipped: [], warnings: [] };
  const skip = (index: number, name: string, code: ErrorCode) =>
    result.skipped.push({ index, name, code, message: message(code) });
  const existing = new Set(
    (await listZones(tx, access, { restoId: input.restoId })).map((z) => z.name.ru.trim().toLowerCase()),
  );
  const bounds = await restoCityBounds(tx, input.restoId);
  const ours = input.found.restrictions.filter(
    (r) => r.terminalGroupId === null || r.terminalGroupId === input.terminalGroupId,
  );
  for (const [index, zone] of input.found.zones.entries()) {
    const name = zone.name.trim().slice(0, 120) || `Зона ${index + 1}`;
    const terms = ours.filter((r) => r.zone === zone.name);
    if (terms.length === 0) {
      skip(index, name, 'pos.zone-no-restriction');
      continue;
    }
    if (existing.has(name.toLowerCase())) {
      skip(index, name, 'pos.zone-exists');
      continue;
    }
    const polygon: LatLng[] = zone.polygon.map(([lat, lng]) => ({ lat, lng }));
    const polygonCode = isValidPolygon(polygon) ? polygonErrorCode(polygon) : 'admin.zone-import-not-polygon';
    if (polygonCode) {
      skip(index, name, polygonCode);
      continue;
    }
    const { bands, hoursIgnored } = bandsOfRestrictions(terms);
    if (zoneBandsProblem(bands)) {
      skip(index, name, 'admin.zone-bands-overlap');
      continue;
    }
    const fields = {
      restoId: input.restoId,
      name: { ru: name },
      polygon: openRing(polygon),
      bands,
      priority: clamp(Math.max(...terms.map((t) => t.priority)), -ZONE_PRIORITY_LIMIT, ZONE_PRIORITY_LIMIT),
      color: null,
    };
    existing.add(name.toLowerCase());
    const named = (list: { code: string; message: string; field?: string }[]) =>
      list.map((w) => ({ ...w, message: `${name}: ${w.message}` }));
    if (hoursIgnored) result.warnings.push(...named([warning('pos.zone-hours-ignored', locale, 'bands')]));
    if (input.dryRun) {
      result.zones.push({ ...fields, id: 0, version: 0, isActive: true });
      result.warnings.push(...named(outsideCityWarnings(fields.polygon, bounds, locale)));
      continue;
    }
    const { warnings, ...created } = await createZone(tx, access, fields, at, locale);
    result.zones.push(created);
    result.warnings.push(...named(warnings));
  }
  if (!input.dryRun)
    await tx.insert(posLog).values({
      whiteLabelId: access.whiteLabel,
      restoId: input.restoId,
      organizationId: input.organizationId,
      kind: 'zones',
      at,
      ok: true,
      summary: {
        by: access.login,
        added: result.zones.map((z) => z.name.ru),
        skipped: result.skipped.map((s) => ({ name: s.name, reason: s.code })),
      },
      error: null,
    });
  return result;
}
