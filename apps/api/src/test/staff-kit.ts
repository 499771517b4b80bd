import type { StaffRole } from '@storefront/domain';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { staff, staffRestos } from '../db/schema.ts';

/** A staff member written straight into the database (no password sign-in) and a token for them. */
export async function addTestStaff(
  db: Database,
  options: { login: string; role: StaffRole; restoIds?: number[]; whiteLabel?: string; name?: string },
): Promise<number> {
  const [row] = await db
    .insert(staff)
    .values({
      whiteLabelId: options.whiteLabel ?? 'demo',
      login: options.login,
      name: options.name ?? options.login,
      role: options.role,
      // Not a usable hash: these members never sign in with a password.
      passwordHash: '$test$',
      createdAt: new Date(),
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('no staff row');
  if (options.restoIds?.length)
    await db.insert(staffRestos).values(options.restoIds.map((restoId) => ({ staffId: row.id, restoId })));
  return row.id;
}

/** `Authorization` headers of a staff member. */
export async function staffHeaders(app: StorefrontApp, staffId: number) {
  return { authorization: `Bearer ${await app.authentication.staffTokens.sign(staffId)}` };
}
