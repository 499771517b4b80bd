import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { promoCodes, whiteLabels } from './catalog.ts';
import { persons } from './persons.ts';

/*
 * Ordering (preflight now; orders to come). The preflight reads these and never writes them, except for
 * a client's count of unknown promo codes.
 */

/**
 * One row per order that used a promo code: a person's limit (perPersonLimit) counts them. The orders
 * issue writes them in the order's transaction (and removes them when an order gives its usage back) and
 * adds the foreign key on order_id.
 */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_code_redemptions_person_idx').on(t.promoCodeId, t.personId)],
);

/**
 * Unknown promo codes tried per client (an IPv4 address, an IPv6 /64) in a fixed one-hour window, so
 * codes cannot be found by guessing. Counted with one conditional upsert (as sms_request_budget), so
 * any number of instances cannot overshoot the limit.
 */
export const promoCodeGuessBudget = pgTable(
  'promo_code_guess_budget',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    clientKey: text('client_key').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    guessesInWindow: integer('guesses_in_window').notNull(),
  },
  (t) => [primaryKey({ columns: [t.whiteLabelId, t.clientKey] })],
);
