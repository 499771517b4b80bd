import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { staff, staffRefreshTokens } from '../../db/schema.ts';
import { hashRefreshToken, isRefreshTokenShaped } from '../auth/index.ts';

/** 256 random bits, base64url (43 characters), the customers' shape; only its SHA-256 is stored. */
const newRefreshToken = () => randomBytes(32).toString('base64url');

/**
 * A sign-in's refresh tokens all die 12 hours after it (a shift), however often they rotate: the next shift
 * signs in again with the password (ASVS 7.3: an absolute session lifetime).
 */
export const STAFF_REFRESH_TTL_S = 12 * 3600;

async function insertToken(
  db: Executor,
  row: { familyId: string; staffId: number; expiresAt: Date; now: Date },
): Promise<string> {
  const token = newRefreshToken();
  await db.insert(staffRefreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId: row.familyId,
    staffId: row.staffId,
    expiresAt: row.expiresAt,
    createdAt: row.now,
  });
  return token;
}

/** A sign-in: a new family and its first token. */
export function startStaffRefreshFamily(db: Executor, staffId: number, now: Date): Promise<string> {
  const expiresAt = new Date(now.getTime() + STAFF_REFRESH_TTL_S * 1000);
  return insertToken(db, { familyId: randomUUID(), staffId, expiresAt, now });
}

/** Staff of this brand: deployments of several brands may share one database. */
const ofBrand = (db: Executor, whiteLabel: string) =>
  inArray(
    staffRefreshTokens.staffId,
    db.select({ id: staff.id }).from(staff).where(eq(staff.whiteLabelId, whiteLabel)),
  );

export type StaffRotation = { ok: true; staffId: number; refreshToken: string } | { ok: false };

/**
 * Exchanges a live refresh token of an enabled account for the next one of its family. The swap is one
 * conditional UPDATE (… WHERE used_at IS NULL RETURNING), so of two concurrent refreshes with one token only
 * one wins; the other, like any later use of a spent token, counts as reuse and revokes the whole family
 * (RFC 9700 §4.14.2). A token of a disabled account revokes its family too. Refusals are answered, not
 * thrown, so the revocation commits. Every refusal is the same to the caller: sign in again.
 */
export function rotateStaffRefreshToken(
  db: Database,
  whiteLabel: string,
  token: string,
  now: Date,
): Promise<StaffRotation> {
  if (!isRefreshTokenShaped(token)) return Promise.resolve({ ok: false });
  const tokenHash = hashRefreshToken(token);
  return db.transaction(async (tx): Promise<StaffRotation> => {
    const enabled = inArray(
      staffRefreshTokens.staffId,
      tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.whiteLabelId, whiteLabel), isNull(staff.disabledAt))),
    );
    const [current] = await tx
      .update(staffRefreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRefreshTokens.tokenHash, tokenHash),
          isNull(staffRefreshTokens.usedAt),
          isNull(staffRefreshTokens.revokedAt),
          gt(staffRefreshTokens.expiresAt, now),
          enabled,
        ),
      )
      .returning();
    if (current) {
      const refreshToken = await insertToken(tx, { ...current, now });
      return { ok: true, staffId: current.staffId, refreshToken };
    }
    const [known] = await tx
      .select()
      .from(staffRefreshTokens)
      .where(and(eq(staffRefreshTokens.tokenHash, tokenHash), ofBrand(tx, whiteLabel)));
    // Spent (reuse: a copy is in someone's hands) or its account disabled: the whole family ends here.
    if (known && !known.revokedAt && known.expiresAt > now) await revokeStaffFamily(tx, known.familyId, now);
    return { ok: false };
  });
}

async function revokeStaffFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(staffRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffRefreshTokens.familyId, familyId), isNull(staffRefreshTokens.revokedAt)));
}

/** Sign-out: the token's whole family stops working at once. False when the token is unknown. */
export async function revokeStaffByToken(
  db: Executor,
  whiteLabel: string,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!isRefreshTokenShaped(token)) return false;
  const [known] = await db
    .select({ familyId: staffRefreshTokens.familyId })
    .from(staffRefreshTokens)
    .where(and(eq(staffRefreshTokens.tokenHash, hashRefreshToken(token)), ofBrand(db, whiteLabel)));
  if (!known) return false;
  await revokeStaffFamily(db, known.familyId, now);
  return true;
}

/** Every live session of one account ends: a password reset or a disabled account. */
export async function revokeAllOfStaff(db: Executor, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffRefreshTokens.staffId, staffId), isNull(staffRefreshTokens.revokedAt)));
}
