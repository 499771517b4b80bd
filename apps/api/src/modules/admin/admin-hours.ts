import {
  type DayOfWeek,
  type HoursMethod,
  type HoursProblem,
  localDateAt,
  specialDayProblem,
  weekProblem,
} from '@storefront/domain';
import type {
  AdminHours,
  AdminHoursDay,
  AdminHoursWeeks,
  AdminSpecialDay,
  AdminSpecialDayCreate,
  AdminSpecialDayPatch,
} from '@storefront/domain/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import { openingHours, restos, specialDays } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { checkIfMatch } from './admin-menus.ts';

/**
 * A restaurant's opening hours and special days in the back office (decision 51). The weeks (the restaurant's 'ALL'
 * and each method's own, or none) are written as one set under the restaurant's version (If-Match), audited as
 * 'opening-hours' on the restaurant; a special day is a row of its own with its version, audited as 'special-day'.
 * Both are revertible: a special day's state holds `exists`, so a deleted one comes back under its id. The
 * catalog_revision trigger covers both tables, so every instance serves the change.
 */

const OWN_METHODS = ['DELIVERY', 'TAKE_AWAY'] as const;

/** What the audit log keeps of the weeks. */
export interface HoursState {
  weeks: AdminHoursWeeks;
}

/** What the audit log keeps of a special day; `exists: false` is a deleted one. */
export interface SpecialDayState {
  exists: boolean;
  restoId: number;
  date: string;
  method: HoursMethod;
  closed: boolean;
  open: string | null;
  close: string | null;
  breakFrom: string | null;
  breakTo: string | null;
  note: { ru: string; en?: string };
}

/** A special day that is gone: every field named, so a revert of its deletion restores them all. */
export const GONE_SPECIAL_DAY: SpecialDayState = {
  exists: false,
  restoId: 0,
  date: '',
  method: 'ALL',
  closed: true,
  open: null,
  close: null,
  breakFrom: null,
  breakTo: null,
  note: { ru: '' },
};

const fail = (problem: HoursProblem | null, prefix = '') => {
  if (problem) throw new ApiError(422, problem.code, `${prefix}${problem.field}`);
};

/** A day as kept: sorted, with an empty break as null, an inactive day's break dropped. */
const dayOf = (day: AdminHoursDay): AdminHoursDay => ({
  dayOfWeek: day.dayOfWeek,
  active: day.active,
  open: day.open,
  close: day.close,
  breakFrom: day.breakFrom && day.breakTo ? day.breakFrom : null,
  breakTo: day.breakFrom && day.breakTo ? day.breakTo : null,
});
const weekOf = (days: readonly AdminHoursDay[]) => days.map(dayOf).sort((a, b) => a.dayOfWeek - b.dayOfWeek);

export const hoursStateOf = (weeks: AdminHoursWeeks): HoursState => ({
  weeks: {
    ALL: weekOf(weeks.ALL),
    DELIVERY: weeks.DELIVERY ? weekOf(weeks.DELIVERY) : null,
    TAKE_AWAY: weeks.TAKE_AWAY ? weekOf(weeks.TAKE_AWAY) : null,
  },
});

/** The restaurant of the brand the person may act on (404 another brand's, 403 another manager's), locked. */
async function restoVersion(db: Executor, access: StaffAccess, restoId: number, lock = false) {
  const query = db
    .select({ id: restos.id, version: restos.version, timezone: restos.timezone })
    .from(restos)
    .where(and(eq(restos.id, restoId), eq(restos.whiteLabelId, access.whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'resto.not-found', 'restoId');
  assertRestoAccess(access, restoId);
  return row;
}

export async function weeksOf(db: Executor, restoId: number): Promise<AdminHoursWeeks> {
  const rows = await db
    .select()
    .from(openingHours)
    .where(eq(openingHours.restoId, restoId))
    .orderBy(asc(openingHours.dayOfWeek));
  const of = (method: HoursMethod) =>
    rows
      .filter((row) => row.method === method)
      .map((row) => dayOf({ ...row, dayOfWeek: row.dayOfWeek as DayOfWeek }));
  const own = (method: (typeof OWN_METHODS)[number]) => {
    const days = of(method);
    return days.length > 0 ? days : null;
  };
  return { ALL: of('ALL'), DELIVERY: own('DELIVERY'), TAKE_AWAY: own('TAKE_AWAY') };
}

type SpecialDayRow = typeof specialDays.$inferSelect;

const specialDayOf = (row: SpecialDayRow): AdminSpecialDay => ({
  id: row.id,
  restoId: row.restoId,
  date: row.date,
  method: row.method,
  closed: row.closed,
  open: row.open,
  close: row.close,
  breakFrom: row.breakFrom,
  breakTo: row.breakTo,
  note: row.note,
  version: row.version,
});

export const specialDayStateOf = (day: AdminSpecialDay): SpecialDayState => ({
  exists: true,
  restoId: day.restoId,
  date: day.date,
  method: day.method,
  closed: day.closed,
  open: day.open,
  close: day.close,
  breakFrom: day.breakFrom,
  breakTo: day.breakTo,
  note: day.note,
});

async function specialDaysOf(db: Executor, restoId: number): Promise<AdminSpecialDay[]> {
  const rows = await db
    .select()
    .from(specialDays)
    .where(eq(specialDays.restoId, restoId))
    .orderBy(asc(specialDays.date), asc(specialDays.method));
  return rows.map(specialDayOf);
}

export async function hoursOfResto(db: Executor, access: StaffAccess, restoId: number): Promise<AdminHours> {
  const resto = await restoVersion(db, access, restoId);
  return {
    restoId,
    version: resto.version,
    weeks: await weeksOf(db, restoId),
    specialDays: await specialDaysOf(db, restoId),
  };
}

function assertWeeks(weeks: AdminHoursWeeks) {
  fail(weekProblem(weeks.ALL, 'weeks.ALL.'));
  for (const method of OWN_METHODS) {
    const week = weeks[method];
    if (week) fail(weekProblem(week, `weeks.${method}.`));
  }
}

/** Writes every week at once (a method without its own week has no rows) and bumps the restaurant's version. */
export async function writeWeeks(tx: Executor, restoId: number, weeks: AdminHoursWeeks) {
  await tx.delete(openingHours).where(eq(openingHours.restoId, restoId));
  const rows = (['ALL', ...OWN_METHODS] as const).flatMap((method) =>
    (weeks[method] ?? []).map((day) => ({ ...dayOf(day), method, restoId })),
  );
  if (rows.length > 0) await tx.insert(openingHours).values(rows);
  await tx
    .update(restos)
    .set({ version: sql`${restos.version} + 1` })
    .where(eq(restos.id, restoId));
}

/** PUT under If-Match (the restaurant's version); 422 with the field for a day twice or a break outside its hours. */
export async function putHours(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  ifMatch: string | undefined,
  weeks: AdminHoursWeeks,
  at: Date,
): Promise<AdminHours> {
  const resto = await restoVersion(tx, access, restoId, true);
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  try {
    checkIfMatch(ifMatch, resto);
  } catch (error) {
    throw error instanceof ApiError ? error : new StaleHours(await hoursOfResto(tx, access, restoId));
  }
  assertWeeks(weeks);
  const before = hoursStateOf(await weeksOf(tx, restoId));
  const after = hoursStateOf(weeks);
  await writeWeeks(tx, restoId, after.weeks);
  await writeAuditEntry(tx, access, at, {
    entity: 'opening-hours',
    entityId: restoId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return hoursOfResto(tx, access, restoId);
}

/** A stale PUT: the hours as they are now, for the 412's `current`. */
export class StaleHours extends Error {
  constructor(readonly current: AdminHours) {
    super('admin.version-stale');
  }
}

/** 409 admin.special-day-duplicate when the restaurant has a special day on that date for that method already. */
async function assertFreeDate(tx: Executor, state: SpecialDayState, exceptId: number | null) {
  const [taken] = await tx
    .select({ id: specialDays.id })
    .from(specialDays)
    .where(
      and(
        eq(specialDays.restoId, state.restoId),
        eq(specialDays.date, state.date),
        eq(specialDays.method, state.method),
        ...(exceptId === null ? [] : [ne(specialDays.id, exceptId)]),
      ),
    );
  if (taken) throw new ApiError(409, 'admin.special-day-duplicate', 'date');
}

/** The fields as written: a closed day keeps no hours, an empty break is none. */
const normalized = (state: SpecialDayState): SpecialDayState => {
  const hasBreak = !state.closed && Boolean(state.breakFrom && state.breakTo);
  return {
    ...state,
    open: state.closed ? null : state.open,
    close: state.closed ? null : state.close,
    breakFrom: hasBreak ? state.breakFrom : null,
    breakTo: hasBreak ? state.breakTo : null,
  };
};

function assertSpecialDay(state: SpecialDayState, timezone: string, nowMs: number) {
  fail(specialDayProblem(state, localDateAt(nowMs, timezone)));
}

export async function specialDayOfResto(
  db: Executor,
  access: StaffAccess,
  restoId: number,
  specialDayId: number,
  lock = false,
): Promise<AdminSpecialDay> {
  await restoVersion(db, access, restoId);
  const query = db
    .select()
    .from(specialDays)
    .where(and(eq(specialDays.id, specialDayId), eq(specialDays.restoId, restoId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'special-day.not-found', 'specialDayId');
  return specialDayOf(row);
}

export async function listSpecialDays(db: Executor, access: StaffAccess, restoId: number) {
  await restoVersion(db, access, restoId);
  return specialDaysOf(db, restoId);
}

/** A new special day; audited 'create' (not revertible: delete the day instead, which is). */
export async function createSpecialDay(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  input: AdminSpecialDayCreate,
  at: Date,
): Promise<AdminSpecialDay> {
  const resto = await restoVersion(tx, access, restoId, true);
  const state = normalized({
    exists: true,
    restoId,
    date: input.date,
    method: input.method,
    closed: input.closed,
    open: input.open ?? null,
    close: input.close ?? null,
    breakFrom: input.breakFrom ?? null,
    breakTo: input.breakTo ?? null,
    note: noteOf(input.note),
  });
  assertSpecialDay(state, resto.timezone, at.getTime());
  await assertFreeDate(tx, state, null);
  const { exists: _exists, ...columns } = state;
  const [row] = await tx.insert(specialDays).values(columns).returning();
  if (!row) throw new Error('no special day');
  const day = specialDayOf(row);
  await writeAuditEntry(tx, access, at, {
    entity: 'special-day',
    entityId: day.id,
    action: 'create',
    before: {},
    after: { ...specialDayStateOf(day) },
  });
  return day;
}

const noteOf = (note: { ru: string; en?: string | undefined } | undefined) =>
  note?.en ? { ru: note.ru, en: note.en } : { ru: note?.ru ?? '' };

/** PATCH under If-Match; 422 with the field, 409 for a date and method the restaurant has a special day on. */
export async function patchSpecialDay(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  specialDayId: number,
  ifMatch: string | undefined,
  patch: AdminSpecialDayPatch,
  at: Date,
): Promise<AdminSpecialDay> {
  const resto = await restoVersion(tx, access, restoId, true);
  const current = await specialDayOfResto(tx, access, restoId, specialDayId, true);
  checkIfMatch(ifMatch, current);
  const before = specialDayStateOf(current);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const after = normalized({
    ...before,
    ...defined,
    ...(patch.note ? { note: noteOf(patch.note) } : {}),
  } as SpecialDayState);
  assertSpecialDay(after, resto.timezone, at.getTime());
  await assertFreeDate(tx, after, specialDayId);
  const day = await writeSpecialDayState(tx, specialDayId, after);
  if (!day) throw new Error('no special day');
  await writeAuditEntry(tx, access, at, {
    entity: 'special-day',
    entityId: specialDayId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return day;
}

/** DELETE under If-Match; revertible (the day comes back under its id). */
export async function deleteSpecialDay(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  specialDayId: number,
  ifMatch: string | undefined,
  at: Date,
) {
  const current = await specialDayOfResto(tx, access, restoId, specialDayId, true);
  checkIfMatch(ifMatch, current);
  await writeSpecialDayState(tx, specialDayId, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'special-day',
    entityId: specialDayId,
    action: 'delete',
    before: { ...specialDayStateOf(current) },
    after: { ...GONE_SPECIAL_DAY },
  });
}

/**
 * Writes the fields of `state` it holds and bumps the version. `exists: false` deletes the day; `exists: true` for a
 * day that is gone brings it back under its id (a revert of a deletion).
 */
export async function writeSpecialDayState(
  tx: Executor,
  specialDayId: number,
  state: Partial<SpecialDayState>,
): Promise<AdminSpecialDay | null> {
  if (state.exists === false) {
    await tx.delete(specialDays).where(eq(specialDays.id, specialDayId));
    return null;
  }
  const { exists: _exists, ...columns } = state;
  const [updated] = await tx
    .update(specialDays)
    .set({ ...columns, version: sql`${specialDays.version} + 1` })
    .where(eq(specialDays.id, specialDayId))
    .returning();
  if (updated) return specialDayOf(updated);
  const { restoId, date, closed, note } = columns;
  if (restoId === undefined || date === undefined || closed === undefined)
    throw new Error('incomplete special day');
  const [inserted] = await tx
    .insert(specialDays)
    .values({ ...columns, id: specialDayId, restoId, date, closed, note: note ?? { ru: '' } })
    .returning();
  return inserted ? specialDayOf(inserted) : null;
}

/** The special day's state for a revert's compare (`exists: false` when gone), after the restaurant's access check. */
export async function specialDayStateForRevert(
  tx: Executor,
  access: StaffAccess,
  specialDayId: number,
): Promise<Partial<SpecialDayState>> {
  const [row] = await tx.select().from(specialDays).where(eq(specialDays.id, specialDayId)).for('update');
  if (!row) return GONE_SPECIAL_DAY;
  await restoVersion(tx, access, row.restoId);
  return specialDayStateOf(specialDayOf(row));
}

/** A revert of a special day: the restaurant must be the person's, and its date and method still free. */
export async function restoreSpecialDayState(
  tx: Executor,
  access: StaffAccess,
  specialDayId: number,
  state: Partial<SpecialDayState>,
) {
  if (state.exists !== false && state.restoId !== undefined && state.date && state.method) {
    // Locked as a create is: two writers of one restaurant's days check its dates one after the other.
    await restoVersion(tx, access, state.restoId, true);
    await assertFreeDate(tx, state as SpecialDayState, specialDayId);
  }
  await writeSpecialDayState(tx, specialDayId, state);
}

/** The weeks for a revert's compare, after the restaurant's access check. */
export async function hoursStateForRevert(tx: Executor, access: StaffAccess, restoId: number) {
  await restoVersion(tx, access, restoId, true);
  return hoursStateOf(await weeksOf(tx, restoId));
}

export async function restoreHoursState(tx: Executor, restoId: number, state: Partial<HoursState>) {
  if (state.weeks) await writeWeeks(tx, restoId, state.weeks);
}
