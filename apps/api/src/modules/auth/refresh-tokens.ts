import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenSource } from '@storefront/domain/contracts';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { persons, refreshTokens } from '../../db/schema.ts';

/** A sign-in's refresh tokens all die 30 days after it, however often they rotate. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

/** 256 random bits, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const isRefreshTokenShaped = (token: string) => TOKEN_SHAPE.test(token);

/** Only this hash is stored: a leaked table gives no usable token. SHA-256 suffices for 256 random bits. */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const newToken = () => randomBytes(32).toString('base64url');

async function insertToken(
  db: Executor,
  row: { familyId: string; personId: number; source: TokenSource; expiresAt: Date; now: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId: row.familyId,
    personId: row.personId,
    source: row.source,
    expiresAt: row.expiresAt,
    createdAt: row.now,
  });
  return token;
}

/** A sign-in: a new family and its first token. */
export function startRefreshFamily(
  db: Executor,
  personId: number,
  source: TokenSource,
  now: Date,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000);
  return insertToken(db, { familyId: randomUUID(), personId, source, expiresAt, now });
}

export type RotationResult =
  | { ok: true; personId: number; source: TokenSource; refreshToken: string }
  | { ok: false; code: 'auth.token-invalid' | 'auth.token-expired' | 'auth.refresh-reused' };

/**
 * Exchanges a live refresh token for the next one of its family. The swap is one conditional UPDATE
 * (… WHERE rotated_at IS NULL RETURNING), so of two concurrent refreshes with one token only one wins; the
 * other, like any later use of a rotated token, counts as reuse and revokes the whole family (RFC 9700).
 * Refusals are answered, not thrown, so the revocation commits. Only tokens of this brand's persons count:
 * deployments of several brands may share one database.
 */
export function rotateRefreshToken(
  db: Database,
  whiteLabel: string,
  token: string,
  now: Date,
): Promise<RotationResult> {
  if (!isRefreshTokenShaped(token)) return Promise.resolve({ ok: false, code: 'auth.token-invalid' });
  const tokenHash = hashRefreshToken(token);
  const ofBrand = inArray(
    refreshTokens.personId,
    db.select({ id: persons.id }).from(persons).where(eq(persons.whiteLabelId, whiteLabel)),
  );
  return db.transaction(async (tx) => {
    const [current] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
          ofBrand,
        ),
      )
      .returning();
    if (current) {
      const refreshToken = await insertToken(tx, { ...current, now });
      return { ok: true, personId: current.personId, source: current.source, refreshToken };
    }
    const [known] = await tx
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, tokenHash), ofBrand));
    if (!known || known.revokedAt) return { ok: false, code: 'auth.token-invalid' };
    if (known.rotatedAt) {
      await revokeFamily(tx, known.familyId, now);
      return { ok: false, code: 'auth.refresh-reused' };
    }
    return { ok: false, code: 'auth.token-expired' };
  });
}

async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Sign-out: the token's whole family stops working at once. False when the token is unknown. */
export async function revokeByToken(
  db: Executor,
  whiteLabel: string,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!isRefreshTokenShaped(token)) return false;
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .innerJoin(persons, eq(persons.id, refreshTokens.personId))
    .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(token)), eq(persons.whiteLabelId, whiteLabel)));
  if (!known) return false;
  await revokeFamily(db, known.familyId, now);
  return true;
}
