import type { CustomerDeliveryMethod, SlotLoads } from '@storefront/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { restos, slotLoads } from '../../db/schema.ts';

/**
 * Counting orders per restaurant, method and 15-minute slot (decision 56). Every instance takes a place with the
 * same conditional upsert, so PostgreSQL's row lock on the slot's row orders racing placements and the last
 * place goes to one of them; a declined or cancelled order gives its place back once (its slot_at is cleared in
 * the same statement, so a retried cancel gives nothing twice).
 */

export interface SlotKey {
  restoId: number;
  deliveryType: CustomerDeliveryMethod;
  slotAtMs: number;
}

/**
 * Takes one place in the slot: true when taken, false when the slot holds `capacity` already. No capacity (null):
 * always taken, still counted, so a cap set later counts the orders already placed.
 */
export async function takeSlot(tx: Executor, key: SlotKey, capacity: number | null): Promise<boolean> {
  const taken = await tx
    .insert(slotLoads)
    .values({
      restoId: key.restoId,
      deliveryType: key.deliveryType,
      slotAt: new Date(key.slotAtMs),
      taken: 1,
    })
    .onConflictDoUpdate({
      target: [slotLoads.restoId, slotLoads.deliveryType, slotLoads.slotAt],
      set: { taken: sql`${slotLoads.taken} + 1` },
      ...(capacity === null ? {} : { setWhere: sql`${slotLoads.taken} < ${capacity}` }),
    })
    .returning({ taken: slotLoads.taken });
  return taken.length > 0;
}

/**
 * Gives the order's place back, once: clears orders.slot_at and lowers its slot's count in one statement (a
 * second call finds slot_at null and changes nothing). The caller has moved the order to declined or cancelled
 * in the same transaction. (RETURNING answers the new row, so the slot comes from the locked row read before.)
 */
export async function giveSlotBack(tx: Executor, orderId: number): Promise<void> {
  await tx.execute(sql`
    with released as (
      update orders set slot_at = null
      from (select id, slot_at from orders where id = ${orderId} and slot_at is not null for update) held
      where orders.id = held.id
      returning orders.resto_id, orders.delivery_type, held.slot_at
    )
    update slot_loads set taken = slot_loads.taken - 1
    from released
    where slot_loads.resto_id = released.resto_id
      and slot_loads.delivery_type = released.delivery_type
      and slot_loads.slot_at = released.slot_at
      and slot_loads.taken > 0`);
}

/** The counts of one restaurant and method in [fromMs, untilMs), read in the caller's transaction. */
export async function readSlotLoads(
  tx: Executor,
  restoId: number,
  deliveryType: CustomerDeliveryMethod,
  fromMs: number,
  untilMs: number,
): Promise<SlotLoads> {
  const rows = await tx
    .select({ slotAt: slotLoads.slotAt, taken: slotLoads.taken })
    .from(slotLoads)
    .where(
      and(
        eq(slotLoads.restoId, restoId),
        eq(slotLoads.deliveryType, deliveryType),
        gte(slotLoads.slotAt, new Date(fromMs)),
        lt(slotLoads.slotAt, new Date(untilMs)),
      ),
    );
  return new Map(rows.map((r) => [r.slotAt.getTime(), r.taken]));
}

/** The restaurant's capacity for the method as the database holds it now (placement's transaction). */
export async function readCapacity(
  tx: Executor,
  restoId: number,
  deliveryType: CustomerDeliveryMethod,
): Promise<number | null> {
  const [row] = await tx
    .select({ delivery: restos.slotCapacityDelivery, takeAway: restos.slotCapacityTakeAway })
    .from(restos)
    .where(eq(restos.id, restoId));
  if (!row) return null;
  return deliveryType === 'DELIVERY' ? row.delivery : row.takeAway;
}
