import { type DayOfWeek, timeSlotDaysProblem } from '@storefront/domain';
import type { AdminTimeSlot } from '@storefront/domain/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { timeSlotDetails, timeSlotPositions, timeSlots } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { assertBrandDishes, checkIfMatch, sortedIds } from './admin-menus.ts';

/**
 * Time slots in the back office (decision 45 'Menus, modifiers and time slots'): a name, days of the week with hours
 * (each day from startAt to endAt on that day, endAt after startAt, 00:00 as the end meaning midnight; no overnight
 * hours: the next day gets its own from 00:00), and the dishes sold only then. Versioned under If-Match, audited;
 * a change and a deletion are revertible (the state holds `exists`, so a deleted slot comes back with its id).
 */

export interface SlotDay {
  dayOfWeek: DayOfWeek;
  startAt: string;
  endAt: string;
  isActive: boolean;
}

/** What the audit log keeps of a slot; `exists: false` is a deleted (or not yet created) one. */
export interface TimeSlotState {
  exists: boolean;
  name: string;
  details: SlotDay[];
  positionIds: number[];
}

/** A slot that is gone: every field named, so a revert of its deletion restores them all. */
export const GONE_SLOT: TimeSlotState = { exists: false, name: '', details: [], positionIds: [] };

const byDay = (details: readonly SlotDay[]) => [...details].sort((a, b) => a.dayOfWeek - b.dayOfWeek);

export const timeSlotStateOf = (slot: AdminTimeSlot): TimeSlotState => ({
  exists: true,
  name: slot.name,
  details: byDay(slot.details),
  positionIds: sortedIds(slot.positionIds),
});

const slotColumns = { id: timeSlots.id, name: timeSlots.name, version: timeSlots.version };

async function withDaysAndDishes(
  db: Executor,
  rows: { id: number; name: string; version: number }[],
): Promise<AdminTimeSlot[]> {
  if (rows.length === 0) return [];
  const slotIds = rows.map((r) => r.id);
  const days = await db
    .select()
    .from(timeSlotDetails)
    .where(inArray(timeSlotDetails.timeSlotId, slotIds))
    .orderBy(asc(timeSlotDetails.dayOfWeek));
  const links = await db
    .select()
    .from(timeSlotPositions)
    .where(inArray(timeSlotPositions.timeSlotId, slotIds));
  return rows.map((row) => ({
    ...row,
    details: days
      .filter((d) => d.timeSlotId === row.id)
      .map((d) => ({
        dayOfWeek: d.dayOfWeek as DayOfWeek,
        startAt: d.startAt,
        endAt: d.endAt,
        isActive: d.isActive,
      })),
    positionIds: sortedIds(links.filter((l) => l.timeSlotId === row.id).map((l) => l.positionId)),
  }));
}

export async function listTimeSlots(db: Executor, whiteLabel: string): Promise<AdminTimeSlot[]> {
  const rows = await db
    .select(slotColumns)
    .from(timeSlots)
    .where(eq(timeSlots.whiteLabelId, whiteLabel))
    .orderBy(asc(timeSlots.id));
  return withDaysAndDishes(db, rows);
}

/** One slot of the brand (locked when `lock`), or null. */
export async function readTimeSlot(db: Executor, whiteLabel: string, slotId: number, lock = false) {
  const query = db
    .select(slotColumns)
    .from(timeSlots)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? ((await withDaysAndDishes(db, [row]))[0] ?? null) : null;
}

export async function timeSlotOfBrand(db: Executor, whiteLabel: string, slotId: number, lock = false) {
  const slot = await readTimeSlot(db, whiteLabel, slotId, lock);
  if (!slot) throw new ApiError(404, 'time-slot.not-found', 'timeSlotId');
  return slot;
}

function assertDays(details: readonly SlotDay[]) {
  const problem = timeSlotDaysProblem(details);
  if (problem) throw new ApiError(422, problem.code, problem.field);
}

/**
 * Writes the fields of `state` it holds (days and dishes as whole lists) and bumps the version. `exists: false`
 * deletes the slot; `exists: true` for a slot that is gone brings it back under its id (a revert of a deletion).
 */
export async function writeTimeSlotState(
  tx: Executor,
  whiteLabel: string,
  slotId: number,
  state: Partial<TimeSlotState>,
): Promise<AdminTimeSlot | null> {
  if (state.exists === false) {
    await tx.delete(timeSlots).where(eq(timeSlots.id, slotId));
    return null;
  }
  const { exists: _exists, details, positionIds, ...columns } = state;
  const [updated] = await tx
    .update(timeSlots)
    .set({ ...columns, version: sql`${timeSlots.version} + 1` })
    .where(eq(timeSlots.id, slotId))
    .returning({ id: timeSlots.id });
  if (!updated)
    await tx.insert(timeSlots).values({ id: slotId, whiteLabelId: whiteLabel, name: columns.name ?? '' });
  if (details) {
    await tx.delete(timeSlotDetails).where(eq(timeSlotDetails.timeSlotId, slotId));
    if (details.length > 0)
      await tx.insert(timeSlotDetails).values(details.map((d) => ({ ...d, timeSlotId: slotId })));
  }
  if (positionIds) {
    await tx.delete(timeSlotPositions).where(eq(timeSlotPositions.timeSlotId, slotId));
    if (positionIds.length > 0)
      await tx
        .insert(timeSlotPositions)
        .values(positionIds.map((positionId) => ({ timeSlotId: slotId, positionId })));
  }
  return timeSlotOfBrand(tx, whiteLabel, slotId);
}

export interface TimeSlotInput {
  name?: string | undefined;
  details?: SlotDay[] | undefined;
  positionIds?: number[] | undefined;
}

/** A new slot; audited 'create' (not revertible: delete the slot instead, which is). */
export async function createTimeSlot(
  tx: Executor,
  access: StaffAccess,
  input: TimeSlotInput & { name: string; details: SlotDay[] },
  at: Date,
): Promise<AdminTimeSlot> {
  assertDays(input.details);
  const positionIds = await assertBrandDishes(tx, access.whiteLabel, input.positionIds ?? []);
  const [row] = await tx
    .insert(timeSlots)
    .values({ whiteLabelId: access.whiteLabel, name: input.name })
    .returning({ id: timeSlots.id });
  if (!row) throw new Error('no slot');
  await writeTimeSlotState(tx, access.whiteLabel, row.id, { details: byDay(input.details), positionIds });
  await tx.update(timeSlots).set({ version: 1 }).where(eq(timeSlots.id, row.id));
  const slot = await timeSlotOfBrand(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'time-slot',
    entityId: slot.id,
    action: 'create',
    before: {},
    after: { ...timeSlotStateOf(slot) },
  });
  return slot;
}

/** PATCH under If-Match; 422 with the field for a day ending before it starts, a day twice, a foreign dish. */
export async function patchTimeSlot(
  tx: Executor,
  access: StaffAccess,
  slotId: number,
  ifMatch: string | undefined,
  patch: TimeSlotInput,
  at: Date,
): Promise<AdminTimeSlot> {
  const current = await timeSlotOfBrand(tx, access.whiteLabel, slotId, true);
  checkIfMatch(ifMatch, current);
  if (patch.details) assertDays(patch.details);
  const positionIds = patch.positionIds
    ? await assertBrandDishes(tx, access.whiteLabel, patch.positionIds)
    : undefined;
  const before = timeSlotStateOf(current);
  const after: TimeSlotState = {
    exists: true,
    name: patch.name ?? before.name,
    details: patch.details ? byDay(patch.details) : before.details,
    positionIds: positionIds ?? before.positionIds,
  };
  const slot = await writeTimeSlotState(tx, access.whiteLabel, slotId, after);
  if (!slot) throw new Error('no slot');
  await writeAuditEntry(tx, access, at, {
    entity: 'time-slot',
    entityId: slotId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return slot;
}

/** DELETE under If-Match: the slot, its days and links go; its dishes are then always on sale. Revertible. */
export async function deleteTimeSlot(
  tx: Executor,
  access: StaffAccess,
  slotId: number,
  ifMatch: string | undefined,
  at: Date,
) {
  const current = await timeSlotOfBrand(tx, access.whiteLabel, slotId, true);
  checkIfMatch(ifMatch, current);
  await writeTimeSlotState(tx, access.whiteLabel, slotId, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'time-slot',
    entityId: slotId,
    action: 'delete',
    before: { ...timeSlotStateOf(current) },
    after: { ...GONE_SLOT },
  });
}

/** The slot's state for a revert's compare: `exists: false` when it is gone. */
export async function timeSlotStateForRevert(tx: Executor, whiteLabel: string, slotId: number) {
  const slot = await readTimeSlot(tx, whiteLabel, slotId, true);
  return slot ? timeSlotStateOf(slot) : GONE_SLOT;
}
