import { type StaffRole, seesEveryResto } from '@storefront/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { restos, staff, staffRestos } from '../db/schema.ts';
import { ApiError } from './api-error.ts';
import type { Executor } from './executor.ts';

/** Who a staff request is from, read from the database on every call: a change of role or restaurants, or a
 *  disabled account, takes effect at once, not when the token runs out. */
export interface StaffAccess {
  staffId: number;
  login: string;
  name: string;
  role: StaffRole;
  whiteLabel: string;
  /** The restaurants this person may see and act on: a manager's or an owner's are every restaurant of the brand. */
  restoIds: number[];
}

export async function loadStaffAccess(
  db: Executor,
  whiteLabel: string,
  staffId: number,
): Promise<StaffAccess | null> {
  const [row] = await db
    .select({ id: staff.id, login: staff.login, name: staff.name, role: staff.role })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.whiteLabelId, whiteLabel), isNull(staff.disabledAt)));
  if (!row) return null;
  // An owner has every restaurant; an operator only those linked. A manager linked to restaurants manages those
  // (a restaurant's manager, decision 57), a manager linked to none the whole brand.
  const own =
    row.role === 'owner'
      ? []
      : await db
          .select({ restoId: staffRestos.restoId })
          .from(staffRestos)
          .where(eq(staffRestos.staffId, staffId))
          .orderBy(asc(staffRestos.restoId));
  const linked =
    seesEveryResto(row.role) && own.length === 0
      ? await db
          .select({ restoId: restos.id })
          .from(restos)
          .where(eq(restos.whiteLabelId, whiteLabel))
          .orderBy(asc(restos.id))
      : own;
  return {
    staffId: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    whiteLabel,
    restoIds: linked.map((r) => r.restoId),
  };
}

/** Refuses a restaurant outside the person's own (403 staff.forbidden-resto). */
export function assertRestoAccess(access: StaffAccess, restoId: number) {
  if (!access.restoIds.includes(restoId)) throw new ApiError(403, 'staff.forbidden-resto', 'restoId');
}
