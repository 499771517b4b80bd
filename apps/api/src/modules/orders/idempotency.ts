import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import { fingerprintOf } from '../../core/canonical-json.ts';
import type { Database } from '../../db/client.ts';
import { orderIdempotencyKeys } from '../../db/schema.ts';

/**
 * Idempotency-Key of order placement (IETF httpapi draft semantics; decision 20). A key is claimed in its
 * own short statement before the order's transaction, so a second request with the key sees the claim at
 * once, on any instance, instead of waiting on a lock:
 *
 *   no row            → claimed: go on and place the order;
 *   order_id set      → same fingerprint: that order again; another fingerprint: 422 idempotency.key-reused;
 *   claim, same body  → still running: 409 idempotency.in-progress with Retry-After, unless its lock has run
 *                       out (the instance holding it died), then taken over with a guarded update;
 *   claim, other body → 422 idempotency.key-reused (the key names another request).
 *
 * The order's transaction binds the claim (order_id); a refusal or failure deletes it, so a refusal is
 * never answered again from the key. Rows live 24 hours; the same person's next claim sweeps older ones.
 */

/** How long a claim holds its key before another instance may take it over. */
export const CLAIM_LOCK_MS = 30_000;
/** How long a key and its answer are kept. */
const KEY_TTL_MS = 24 * 3600 * 1000;

/**
 * The fingerprint a placement's key is bound to: the body without its quote. The quote is our own signature
 * of a pricing and carries an expiry, so a client that lost the answer and priced the same cart again sends
 * a fresher quote of the same order; that is the same request, and must find the order, not a 422.
 */
export const orderFingerprintOf = (body: { quote?: unknown }) => fingerprintOf({ ...body, quote: undefined });

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; orderId: number }
  | { kind: 'reused' }
  | { kind: 'in-progress'; retryAfterS: number };

export interface KeyRef {
  personId: number;
  key: string;
}

const keyIs = ({ personId, key }: KeyRef) =>
  and(eq(orderIdempotencyKeys.personId, personId), eq(orderIdempotencyKeys.key, key));

export async function claimKey(
  db: Database,
  ref: KeyRef,
  fingerprint: string,
  nowMs: number,
): Promise<Claim> {
  const now = new Date(nowMs);
  const lockedUntil = new Date(nowMs + CLAIM_LOCK_MS);
  // The sweep: this person's keys past their 24 hours (bound or abandoned) go before the claim, so an old
  // key may be used again. Bounded by the person's own rows.
  await db
    .delete(orderIdempotencyKeys)
    .where(
      and(
        eq(orderIdempotencyKeys.personId, ref.personId),
        lt(orderIdempotencyKeys.createdAt, new Date(nowMs - KEY_TTL_MS)),
      ),
    );
  const inserted = await db
    .insert(orderIdempotencyKeys)
    .values({ ...ref, fingerprint, lockedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: orderIdempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };

  const [row] = await db.select().from(orderIdempotencyKeys).where(keyIs(ref));
  // Deleted between the insert and the read (a refusal of the first request): the caller may retry.
  if (!row) return { kind: 'in-progress', retryAfterS: 1 };
  if (row.fingerprint !== fingerprint) return { kind: 'reused' };
  if (row.orderId !== null) return { kind: 'replay', orderId: row.orderId };
  if (row.lockedUntil.getTime() > nowMs)
    return {
      kind: 'in-progress',
      retryAfterS: Math.max(1, Math.ceil((row.lockedUntil.getTime() - nowMs) / 1000)),
    };
  // The claim's instance crashed or hung past its lock: take it over, only if nobody else did meanwhile.
  const taken = await db
    .update(orderIdempotencyKeys)
    .set({ lockedUntil })
    .where(and(keyIs(ref), isNull(orderIdempotencyKeys.orderId), lte(orderIdempotencyKeys.lockedUntil, now)))
    .returning({ key: orderIdempotencyKeys.key });
  return taken.length > 0 ? { kind: 'claimed' } : { kind: 'in-progress', retryAfterS: 1 };
}

/** A refusal or failure gives the key back: the next request with it starts afresh. */
export async function releaseKey(db: Database, ref: KeyRef): Promise<void> {
  await db.delete(orderIdempotencyKeys).where(and(keyIs(ref), isNull(orderIdempotencyKeys.orderId)));
}
