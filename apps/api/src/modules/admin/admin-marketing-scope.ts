import { and, asc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { restos } from '../../db/schema.ts';

/**
 * Which promotions and promo codes a person may touch ('marketing.write'): those whose restaurants are all theirs.
 * No restaurants means every restaurant of the brand, so only someone who has them all (an owner, a manager without
 * a limit) may touch such a row. Both the row as it is and as it would become are checked.
 */

export const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The brand's restaurants among `restoIds` (422 admin.resto-not-found on restoIds otherwise), sorted, unique. */
export async function brandRestoIds(db: Executor, whiteLabel: string, restoIds: readonly number[]) {
  const wanted = sortedUnique(restoIds);
  if (wanted.length === 0) return wanted;
  const found = await db
    .select({ id: restos.id })
    .from(restos)
    .where(and(eq(restos.whiteLabelId, whiteLabel), inArray(restos.id, wanted)));
  if (found.length !== wanted.length) throw new ApiError(422, 'admin.resto-not-found', 'restoIds');
  return wanted;
}

/** The brand's restaurants among `restoIds` that still exist (a revert's, some maybe deleted since). */
export async function existingRestoIds(db: Executor, whiteLabel: string, restoIds: readonly number[]) {
  const wanted = sortedUnique(restoIds);
  if (wanted.length === 0) return wanted;
  const found = await db
    .select({ id: restos.id })
    .from(restos)
    .where(and(eq(restos.whiteLabelId, whiteLabel), inArray(restos.id, wanted)));
  return sortedUnique(found.map((r) => r.id));
}

/**
 * A patch's instants as the database answers them ('…T21:00:00.000Z'): an entry's `after` must equal the row read
 * back, or its revert would find the row "changed since" when only the spelling of the offset differs.
 */
export function sameInstants<T extends { startsAt?: string | null; endsAt?: string | null }>(patch: T): T {
  const iso = (value: string | null | undefined) =>
    value === undefined || value === null ? value : new Date(value).toISOString();
  return {
    ...patch,
    ...(patch.startsAt !== undefined ? { startsAt: iso(patch.startsAt) } : {}),
    ...(patch.endsAt !== undefined ? { endsAt: iso(patch.endsAt) } : {}),
  };
}

/** Whether the person has every restaurant the row names (none named: every restaurant of the brand). */
export async function ownsRestos(db: Executor, access: StaffAccess, restoIds: readonly number[]) {
  const named =
    restoIds.length > 0
      ? restoIds
      : (
          await db.select({ id: restos.id }).from(restos).where(eq(restos.whiteLabelId, access.whiteLabel))
        ).map((r) => r.id);
  return named.every((id) => access.restoIds.includes(id));
}

/** 403 staff.forbidden-resto unless the person has every restaurant the row names. */
export async function assertOwnsRestos(db: Executor, access: StaffAccess, restoIds: readonly number[]) {
  if (!(await ownsRestos(db, access, restoIds))) throw new ApiError(403, 'staff.forbidden-resto', 'restoIds');
}

/**
 * The brand's wall clock for dates typed in the back office and written in exports: its first restaurant's offset
 * (a brand's restaurants share one in practice; each code's hours and weekdays are still read on each restaurant's).
 */
export async function brandTimezone(db: Executor, whiteLabel: string): Promise<string> {
  const [row] = await db
    .select({ timezone: restos.timezone })
    .from(restos)
    .where(eq(restos.whiteLabelId, whiteLabel))
    .orderBy(asc(restos.id))
    .limit(1);
  return row?.timezone ?? '+03:00';
}
