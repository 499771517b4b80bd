import { and, eq, inArray, sql } from 'drizzle-orm';
import { createStaffAccount, hashStaffPassword } from '../../modules/staff/index.ts';
import { type Database, MIGRATION_LOCK_KEY } from '../client.ts';
import { restos, staff } from '../schema.ts';
import { DEMO_STAFF, DEMO_STAFF_BRAND } from './demo-staff-logins.ts';

/**
 * Gives the demo brand its two known staff logins (DEMO_STAFF), so the order board can be tried right after
 * `npm start`. Only for the demo brand, only while it has no staff at all (someone who added or removed
 * accounts keeps their choice), and never in production, where a known password would be a way in.
 * Answers whether it added them.
 */
export async function seedDemoStaff(
  db: Database,
  options: { whiteLabel: string; production: boolean; now?: Date },
): Promise<boolean> {
  if (options.production || options.whiteLabel !== DEMO_STAFF_BRAND) return false;
  if (await hasStaff(db, options.whiteLabel)) return false;
  // Hashed before the transaction: ~0.1 s each, and a held transaction would block PGlite's one connection.
  const hashes = await Promise.all(DEMO_STAFF.map((member) => hashStaffPassword(member.password)));
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // Instances starting together on one database: the first adds them, the others find them there.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    if (await hasStaff(tx as unknown as Database, options.whiteLabel)) return false;
    const wanted = [...new Set(DEMO_STAFF.flatMap((member) => [...member.restoIds]))];
    const existing = wanted.length
      ? (
          await tx
            .select({ id: restos.id })
            .from(restos)
            .where(and(eq(restos.whiteLabelId, options.whiteLabel), inArray(restos.id, wanted)))
        ).map((r) => r.id)
      : [];
    for (const [index, member] of DEMO_STAFF.entries()) {
      await createStaffAccount(
        tx,
        {
          whiteLabel: options.whiteLabel,
          login: member.login,
          name: member.name,
          role: member.role,
          passwordHash: hashes[index] as string,
          // A demo seed edited to drop a restaurant still starts: the operator just sees fewer.
          restoIds: member.restoIds.filter((id) => existing.includes(id)),
        },
        now,
      );
    }
    return true;
  });
}

async function hasStaff(db: Database, whiteLabel: string): Promise<boolean> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.whiteLabelId, whiteLabel))
    .limit(1);
  return rows.length > 0;
}
