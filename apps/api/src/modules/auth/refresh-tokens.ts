import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
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

/**
 * How long a just-rotated refresh token is still taken (decision 42, RFC 9700 §4.14.2): two tabs, or a
 * retried request whose answer was lost, present the same token a moment apart; the second gets the same
 * successor instead of revoking the session. Only the immediate predecessor of the family's live token.
 */
export const REFRESH_REUSE_GRACE_S = 10;

const newToken = () => randomBytes(32).toString('base64url');

/**
 * The successor of a token is derived from it (an HMAC under a server key), not drawn at random: the grace
 * can answer the same successor again while only hashes are stored. Without the key nobody can compute it.
 */
export type SuccessorKey = Buffer;

/** The key that derives successors, apart from the key it comes from (the sign-in settings' code key). */
export const successorKeyFrom = (key: Buffer): SuccessorKey =>
  createHmac('sha256', key).update('refresh-token-successor').digest();

const successorOf = (key: SuccessorKey, token: string) =>
  createHmac('sha256', key).update(token).digest('base64url');

async function insertToken(
  db: Executor,
  row: { familyId: string; personId: number; source: TokenSource; expiresAt: Date; now: Date },
  token: string = newToken(),
): Promise<string> {
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
 * (… WHERE rotated_at IS NULL RETURNING), so of two concurrent refreshes with one token only one rotates.
 * The other, if it comes within REFRESH_REUSE_GRACE_S of the rotation and the successor is still the
 * family's live token, is answered that same successor and changes nothing (decision 42). Any other use of
 * a rotated token (later, or of an older one) counts as reuse and revokes the whole family (RFC 9700).
 * Refusals are answered, not thrown, so the revocation commits. Only tokens of this brand's persons count:
 * deployments of several brands may share one database.
 */
export function rotateRefreshToken(
  db: Database,
  whiteLabel: string,
  successorKey: SuccessorKey,
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
      const refreshToken = await insertToken(tx, { ...current, now }, successorOf(successorKey, token));
      return { ok: true, personId: current.personId, source: current.source, refreshToken };
    }
    const [known] = await tx
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, tokenHash), ofBrand));
    if (!known || known.revokedAt) return { ok: false, code: 'auth.token-invalid' };
    if (known.rotatedAt) {
      const again = await liveSuccessor(tx, known, successorOf(successorKey, token), now);
      if (again) return { ok: true, personId: known.personId, source: known.source, refreshToken: again };
      await revokeFamily(tx, known.familyId, now);
      return { ok: false, code: 'auth.refresh-reused' };
    }
    return { ok: false, code: 'auth.token-expired' };
  });
}

/**
 * The grace of decision 42: the successor again, if the token was rotated at most REFRESH_REUSE_GRACE_S ago
 * and its successor has neither rotated in turn nor been revoked (so only the immediate predecessor of the
 * live token qualifies). Undefined otherwise.
 */
async function liveSuccessor(
  db: Executor,
  known: { familyId: string; rotatedAt: Date | null },
  successor: string,
  now: Date,
): Promise<string | undefined> {
  if (!known.rotatedAt) return undefined;
  const since = now.getTime() - known.rotatedAt.getTime();
  if (since < 0 || since > REFRESH_REUSE_GRACE_S * 1000) return undefined;
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashRefreshToken(successor)),
        eq(refreshTokens.familyId, known.familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    );
  return live ? successor : undefined;
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
