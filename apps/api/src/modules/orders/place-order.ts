import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { type RequestLimits, retryAfterSeconds } from '../../core/request-limits.ts';
import type { Database } from '../../db/client.ts';
import { orders, persons } from '../../db/schema.ts';
import { placementPromoGuess } from '../preflight/index.ts';
import { claimKey, type KeyRef, orderFingerprintOf, releaseKey } from './idempotency.ts';
import {
  decideClaim,
  decideRequest,
  type PlacementInput,
  type PlacementSettings,
} from './placement-decision.ts';
import { writeOrder } from './placement-writing.ts';

/**
 * Placing an order exactly once (ORDERING.md, decision 20). In order:
 *
 * 1. The request alone (no database): contacts, the address of a delivery, the restaurant, the quote's
 *    signature. Each is a 400 (404 for the restaurant) and writes nothing.
 * 2. The key is claimed in its own statement (idempotency.ts): a replay, a reuse or a request in flight is
 *    answered from the claim, before any lock is taken.
 * 3. One transaction: the person's row is locked (one person's placements run one after the other), the
 *    promo code's row is locked and its counts read, the cart is priced by priceCart from the in-memory
 *    catalog exactly as the preflight does, and then either refused (thrown: nothing it wrote survives) or
 *    written whole: the number, the order, its lines, its history, the promo usage under its guard, the
 *    person's first delivery entry, the outbox event and the key's order_id.
 * 4. Any refusal or failure of 3 deletes the claim, so the key does not answer a refusal again.
 *
 * Before 3, an unknown promo code spends a guess of the preflight's budget (kept whatever 3 decides); first in
 * 3, the orders the person and the client placed in the window are counted (holdPlacementLimits): a replay
 * is answered in 2 and never counted.
 *
 * What each step decides is pure (placement-decision.ts); the reads and writes it decides on are the
 * transaction's (placement-writing.ts); decision 36.
 *
 * Failure modes: a crash between 2 and 3 leaves a claim that blocks its key for CLAIM_LOCK_MS, then the
 * next request takes it over; a crash inside 3 rolls everything back (the claim stays, as above); a crash
 * after the commit leaves the order bound to its key, and the client's retry gets it back (replayed).
 */

export interface PlacementDeps extends PlacementSettings {
  db: Database;
  /** Orders per person and per client in a window (core/request-limits.ts). */
  limits: Pick<RequestLimits, 'placementsPerPerson' | 'placementsPerClient' | 'placementWindowMs'>;
  /** Unknown promo codes a client (and a person) may try per hour: the preflight's budget, shared. */
  promoGuessesPerHour: number;
}

/** Who sends the placement: the client key (clientKeyOf) its orders and promo guesses are counted under. */
export interface PlacementClient {
  clientKey: string;
  /** The key its orders are limited under; null for loopback (limitedClientKey): the person's limit only. */
  limitedKey: string | null;
}

/**
 * Holds the limits in the order's transaction: the client's lock (an advisory lock on its key) and the
 * person's row lock, then the orders each placed in the window, counted in PostgreSQL so every instance
 * agrees. Over either limit: 429 orders.too-many with Retry-After (when the oldest counted order leaves the
 * window), and the transaction writes nothing.
 */
async function holdPlacementLimits(
  tx: Executor,
  deps: PlacementDeps,
  input: PlacementInput,
  client: PlacementClient,
): Promise<void> {
  const { placementsPerPerson, placementsPerClient, placementWindowMs } = deps.limits;
  if (client.limitedKey !== null)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`placement:${client.limitedKey}`}))`);
  await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, input.personId)).for('update');
  const since = new Date(input.nowMs - placementWindowMs);
  const tally = async (whose: ReturnType<typeof eq>) => {
    const [row] = await tx
      .select({ n: count(), oldest: min(orders.createdAt) })
      .from(orders)
      .where(and(whose, eq(orders.whiteLabelId, deps.whiteLabel), gt(orders.createdAt, since)));
    return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest).getTime() : input.nowMs };
  };
  const counted: [ReturnType<typeof eq>, number][] = [
    [eq(orders.personId, input.personId), placementsPerPerson],
  ];
  if (client.limitedKey !== null)
    counted.push([eq(orders.clientKey, client.limitedKey), placementsPerClient]);
  for (const [whose, limit] of counted) {
    const { n, oldest } = await tally(whose);
    if (n >= limit)
      throw new ApiError(429, 'orders.too-many', undefined, {
        headers: { 'retry-after': retryAfterSeconds(oldest + placementWindowMs, input.nowMs) },
      });
  }
}

export type Placement = { orderId: number; replayed: boolean };

/** Places the order (or finds the one its key placed) and answers its id. Throws ApiError or OrderRefusal. */
export async function placeOrder(
  deps: PlacementDeps,
  input: PlacementInput,
  client: PlacementClient,
): Promise<Placement> {
  const checked = decideRequest(deps, input);
  if (!checked.ok) throw checked.refusal;
  const { key, pricing, quote } = checked.value;
  const ref: KeyRef = { personId: input.personId, key };
  // A well-signed token can outlive its person (a database reset, a removed account): refused as a token, as
  // /me refuses it, before the key's foreign key fails with a 500 (the ordering fuzz, decision 27).
  const [person] = await deps.db.select({ id: persons.id }).from(persons).where(eq(persons.id, ref.personId));
  if (!person) throw new ApiError(401, 'auth.token-invalid');
  const claim = decideClaim(await claimKey(deps.db, ref, orderFingerprintOf(input.body), input.nowMs));
  if (!claim.ok) throw claim.refusal;
  if (claim.value !== 'place') return { orderId: claim.value.replayOf, replayed: true };
  try {
    // Unknown promo codes spend the preflight's guesses, outside the transaction: its refusal must not undo them.
    const promo = await placementPromoGuess(
      deps.db,
      input.snapshot,
      {
        whiteLabel: deps.whiteLabel,
        raw: input.body.promoCode,
        clientKey: client.clientKey,
        personId: input.personId,
        guessesPerHour: deps.promoGuessesPerHour,
        now: new Date(input.nowMs),
      },
      deps.promoCodesEnabled,
    );
    const orderId = await deps.db.transaction(async (tx) => {
      await holdPlacementLimits(tx, deps, input, client);
      const id = await writeOrder(tx, deps, input, { pricing, quote, ref, promo });
      if (client.limitedKey !== null)
        await tx.update(orders).set({ clientKey: client.limitedKey }).where(eq(orders.id, id));
      return id;
    });
    return { orderId, replayed: false };
  } catch (error) {
    // Refusals are not stored: the key is free for the next attempt. If even this fails, the claim's lock
    // runs out and the next request takes the key over.
    await releaseKey(deps.db, ref).catch(() => {});
    throw error;
  }
}
