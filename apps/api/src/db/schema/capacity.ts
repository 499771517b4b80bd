import { CUSTOMER_DELIVERY_METHODS } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { restos } from './catalog.ts';
import { staff } from './staff.ts';

/**
 * Cooking within capacity and what is sold with what (decision 56).
 */

/**
 * Orders counted per restaurant, method and 15-minute slot. Placement takes a place with one conditional upsert
 * (`taken < capacity`), so two instances racing for the last place give it to one; a decline or cancel gives it
 * back. Rows of past slots are never read again and are swept.
 */
export const slotLoads = pgTable(
  'slot_loads',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    deliveryType: text('delivery_type', { enum: CUSTOMER_DELIVERY_METHODS }).notNull(),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    taken: integer('taken').notNull(),
  },
  (t) => [
    primaryKey({ name: 'slot_loads_pk', columns: [t.restoId, t.deliveryType, t.slotAt] }),
    check('slot_loads_taken', sql`${t.taken} >= 0`),
  ],
);

/**
 * 'Busy' grown up: minutes added to every promised time of the restaurant until `until`, set by staff (+15/+30/+60)
 * or by the board itself ('auto') while more orders than the restaurant's threshold wait unaccepted.
 */
export const restoDelays = pgTable(
  'resto_delays',
  {
    restoId: integer('resto_id')
      .primaryKey()
      .references(() => restos.id, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['staff', 'auto'] }).notNull(),
    setBy: integer('set_by').references(() => staff.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('resto_delays_minutes', sql`${t.extraMinutes} in (15, 30, 60)`)],
);

/**
 * 'Often ordered with': how many of a restaurant's orders of the last 90 days held both dishes, recomputed in the
 * background (never per request) and read into memory by every instance.
 */
export const positionPairs = pgTable(
  'position_pairs',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').notNull(),
    withPositionId: integer('with_position_id').notNull(),
    orders: integer('orders').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'position_pairs_pk', columns: [t.restoId, t.positionId, t.withPositionId] }),
    index('position_pairs_resto_idx').on(t.restoId, t.positionId, t.orders),
  ],
);
