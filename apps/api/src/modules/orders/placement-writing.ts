import { randomUUID } from 'node:crypto';
import { minor, type PricingCatalog, type PromoLookup } from '@storefront/domain';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import {
  orderHistory,
  orderIdempotencyKeys,
  orderLines,
  orderNumberCounters,
  orders,
  personDeliveries,
  persons,
  promoCodeRedemptions,
  promoCodes,
  restos,
} from '../../db/schema.ts';
import { bonusFactsForPricing, holdOrderBonus } from '../bonus/index.ts';
import { holdSlot } from '../capacity/index.ts';
import { type CatalogSnapshot, readAvailability } from '../catalog/index.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { insertAttempt } from '../payments/index.ts';
import { hasEarlierOrder, normalisePromoCode, promoCodeDefinition, type Quote } from '../preflight/index.ts';
import type { KeyRef } from './idempotency.ts';
import {
  capacityRefusal,
  decideCart,
  type OrderRows,
  offeredPreOrderSlot,
  orderNumber,
  orderRows,
  type PlacementInput,
  type PlacementSettings,
  promoLimitRefusal,
} from './placement-decision.ts';

/**
 * Writing a placement (decision 36): the order's transaction. It reads the facts placement-decision.ts
 * decides on under their locks, throws the refusal a decision returns (so nothing it wrote survives), and
 * writes an accepted order whole (with the hold of the points it spends). The order of its statements is the
 * order of its locks: the person's row, the promo code's row, then the restaurant's counter row last.
 */

/** The promo code's definition from the catalog, its counts from PostgreSQL with its row locked. */
async function lockedPromo(
  tx: Executor,
  settings: PlacementSettings,
  snapshot: CatalogSnapshot,
  raw: string | null | undefined,
  personId: number,
): Promise<PromoLookup> {
  const code = normalisePromoCode(raw);
  if (code === null) return { kind: 'none' };
  const definition = settings.promoCodesEnabled
    ? promoCodeDefinition(snapshot, settings.whiteLabel, code)
    : undefined;
  // Unknown here (a brand without promo codes, or a code deleted since the guess was checked): refused.
  if (!definition) return { kind: 'not-found', code };
  const [row] = await tx
    .select({ usedCount: promoCodes.usedCount })
    .from(promoCodes)
    .where(eq(promoCodes.id, definition.id))
    .for('update');
  if (!row) return { kind: 'not-found', code };
  const [mine] = await tx
    .select({ n: count() })
    .from(promoCodeRedemptions)
    .where(
      and(eq(promoCodeRedemptions.promoCodeId, definition.id), eq(promoCodeRedemptions.personId, personId)),
    );
  return {
    kind: 'found',
    definition,
    usedCount: row.usedCount,
    usedByPerson: Number(mine?.n ?? 0),
    // Read in the order's transaction, after the person's row is locked: two first orders at once are one.
    hasEarlierOrder: definition.firstOrderOnly
      ? await hasEarlierOrder(tx, settings.whiteLabel, personId)
      : null,
  };
}

/** Places an accepted order in the caller's transaction and answers its id; throws a refusal otherwise. */
export async function writeOrder(
  tx: Executor,
  settings: PlacementSettings,
  input: PlacementInput,
  checked: {
    pricing: PricingCatalog;
    quote: Quote | null;
    ref: KeyRef;
    /** What the guess budget already decided of the promo code (place-order.ts); null: read it here. */
    promo?: PromoLookup | null;
  },
): Promise<number> {
  const { body, nowMs, personId, snapshot, locale } = input;
  const { pricing, quote, ref } = checked;
  const { resto } = pricing;

  // The person's row first: two placements of one person (two tabs, two keys) run one after the other,
  // so the per-person promo count each reads is final.
  await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, personId)).for('update');
  const promo = checked.promo ?? (await lockedPromo(tx, settings, snapshot, body.promoCode, personId));
  // The stop-list and 'busy' from the database, not the instance's copy: the authoritative check (decision 23).
  const availability = await readAvailability(tx, resto.id, resto.timezone, nowMs);
  // The points as they stand under the person's lock: a second placement of this person waits for the first's
  // hold, so the same points are never spent twice (decision 55).
  const bonus = await bonusFactsForPricing(tx, settings.whiteLabel, personId, nowMs, {
    lockedForPlacement: true,
  });
  const decided = decideCart(settings, input, pricing, quote, { promo, availability, bonus });
  if (!decided.ok) throw decided.refusal;
  const accepted = decided.value;

  // The guard: with every instance doing the same update, used_count never passes total_limit.
  if (accepted.cart.promo) {
    const used = await tx
      .update(promoCodes)
      .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
      .where(
        and(
          eq(promoCodes.id, accepted.cart.promo.definition.id),
          or(isNull(promoCodes.totalLimit), sql`${promoCodes.usedCount} < ${promoCodes.totalLimit}`),
        ),
      )
      .returning({ id: promoCodes.id });
    if (used.length === 0) throw promoLimitRefusal(accepted, locale);
  }

  const [restoRow] = await tx
    .select({ orderCode: restos.orderCode, takeAwayMinutes: restos.takeAwayMinutes, name: restos.name })
    .from(restos)
    .where(eq(restos.id, resto.id));
  if (!restoRow) throw new ApiError(404, 'resto.not-found', 'restoId');

  const rows = orderRows(settings, input, pricing, accepted, restoRow);
  // Within capacity (decision 56): the order's place in the slot of its promised time, taken with the conditional
  // upsert every instance runs; an ASAP promise also gets the restaurant's delay as this transaction reads it.
  const held = await holdSlot(tx, resto.id, body.deliveryType, {
    nowMs,
    preOrderAtMs: accepted.cart.preOrderAtMs,
    baseMs: (rows.order.promisedAt as Date).getTime(),
    resto,
    offered: offeredPreOrderSlot(settings, input, pricing, accepted.extraMinutes),
  });
  if (held.kind !== 'promised') throw capacityRefusal(held, accepted, locale);
  rows.order.promisedAt = new Date(held.promisedAtMs);
  rows.order.slotAt = new Date(held.slotAtMs);
  const at = new Date(nowMs);
  const [order] = await tx
    .insert(orders)
    // Provisional and unique: the day's number is taken last (numberTheOrder), so the restaurant's counter
    // row stays locked for one statement and the commit, not for the whole transaction.
    .values({ ...rows.order, number: `~${randomUUID()}` })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order row was not returned');
  const orderId = order.id;

  await tx.insert(orderLines).values(rows.lines.map((line) => ({ orderId, ...line })));
  if (rows.attempt) {
    // The attempt's row in the order's transaction: never an online order without it. The provider is asked
    // after the commit (startAttempt), with this row's key and body.
    await insertAttempt(tx, {
      orderId,
      attempt: 1,
      ...rows.attempt,
      nowMs,
      settings: settings.payments.settings,
      brandLocale: settings.payments.brandLocale,
    });
  }
  await tx.insert(orderHistory).values({ orderId, status: 'new', at, by: 'customer' });
  await holdOrderBonus(tx, {
    whiteLabel: settings.whiteLabel,
    personId,
    orderId,
    amount: accepted.cart.bonus?.spent ?? minor(0),
    nowMs,
  });
  if (accepted.cart.promo)
    await tx
      .insert(promoCodeRedemptions)
      .values({ promoCodeId: accepted.cart.promo.definition.id, personId, orderId, createdAt: at });
  await rememberContacts(tx, personId, rows.contacts);
  await writeOrderEvent(
    tx,
    { id: orderId, whiteLabelId: settings.whiteLabel, restoId: resto.id },
    'placed',
    at,
  );
  const bound = await tx
    .update(orderIdempotencyKeys)
    .set({ orderId })
    .where(
      and(
        eq(orderIdempotencyKeys.personId, ref.personId),
        eq(orderIdempotencyKeys.key, ref.key),
        isNull(orderIdempotencyKeys.orderId),
      ),
    )
    .returning({ key: orderIdempotencyKeys.key });
  // The claim vanished (swept or taken over after our lock ran out): the order must not exist twice.
  if (bound.length === 0)
    throw new ApiError(409, 'idempotency.in-progress', 'Idempotency-Key', {
      headers: { 'retry-after': '1' },
    });
  await numberTheOrder(tx, {
    orderId,
    whiteLabel: settings.whiteLabel,
    restoId: resto.id,
    ...rows.numbering,
  });
  return orderId;
}

/**
 * The restaurant's next number of the day ('Б-042'). Every placement of the restaurant that day queues on its
 * counter row, so this is the transaction's last statement: the row is held only until the commit (the bench
 * measured placement bound by that queue, docs/benchmarks.md 'Order placement').
 */
async function numberTheOrder(
  tx: Executor,
  at: { orderId: number; whiteLabel: string; restoId: number } & OrderRows['numbering'],
) {
  const [counter] = await tx
    .insert(orderNumberCounters)
    .values({ whiteLabelId: at.whiteLabel, localDate: at.day, restoId: at.restoId, last: 1 })
    .onConflictDoUpdate({
      target: [orderNumberCounters.whiteLabelId, orderNumberCounters.localDate, orderNumberCounters.restoId],
      set: { last: sql`${orderNumberCounters.last} + 1` },
    })
    .returning({ last: orderNumberCounters.last });
  await tx
    .update(orders)
    .set({ number: orderNumber(at.code, counter?.last ?? 1) })
    .where(eq(orders.id, at.orderId));
}

/** docs/product.md §3: the profile reads the first deliveries entry; the order's contacts become it (no duplicates). */
async function rememberContacts(tx: Executor, personId: number, contacts: OrderRows['contacts']) {
  await tx
    .delete(personDeliveries)
    .where(
      and(
        eq(personDeliveries.personId, personId),
        eq(personDeliveries.personName, contacts.personName),
        eq(personDeliveries.phone, contacts.phone),
        contacts.email === null ? isNull(personDeliveries.email) : eq(personDeliveries.email, contacts.email),
      ),
    );
  await tx
    .update(personDeliveries)
    .set({ position: sql`${personDeliveries.position} + 1` })
    .where(eq(personDeliveries.personId, personId));
  await tx.insert(personDeliveries).values({ personId, ...contacts, position: 0 });
}
