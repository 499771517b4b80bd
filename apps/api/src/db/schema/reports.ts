import { type Minor, RATING_TAGS } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { restos, whiteLabels } from './catalog.ts';
import { orders } from './orders.ts';
import { persons } from './persons.ts';
import { staff } from './staff.ts';

/*
 * Reports and ratings (decision 57). A report reads daily roll-ups per restaurant and brand-local day, recomputed
 * from raw orders whenever one of that day's orders changes: the outbox (the one writer of order events) marks the
 * day in report_dirty in the change's own transaction, a background job recomputes marked days, and a report reads
 * the days still marked straight from the raw orders, so a figure is never behind the orders it sums.
 */

/** One restaurant's figures for one brand-local day (the brand's offset: its first restaurant's). */
export const reportDays = pgTable(
  'report_days',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id, { onDelete: 'cascade' }),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    /** Every order placed that day, whatever became of it. */
    placed: integer('placed').notNull(),
    /** Orders neither declined nor cancelled: the report's 'orders'. */
    orders: integer('orders').notNull(),
    done: integer('done').notNull(),
    cancelled: integer('cancelled').notNull(),
    declined: integer('declined').notNull(),
    /** Money received (an online order's kept payment, an on-receipt order's payable once done), net of refunds. */
    revenue: bigint('revenue', { mode: 'number' }).$type<Minor>().notNull(),
    /** Orders that brought money (revenue > 0): the average check's divisor. */
    revenueOrders: integer('revenue_orders').notNull(),
    /** Refunds of kept payments that succeeded. */
    refunds: bigint('refunds', { mode: 'number' }).$type<Minor>().notNull(),
    /** The dishes' sum before discounts, promo discounts, points spent and delivery fees of the day's orders. */
    gross: bigint('gross', { mode: 'number' }).$type<Minor>().notNull(),
    discounts: bigint('discounts', { mode: 'number' }).$type<Minor>().notNull(),
    bonusSpent: bigint('bonus_spent', { mode: 'number' }).$type<Minor>().notNull(),
    deliveryFees: bigint('delivery_fees', { mode: 'number' }).$type<Minor>().notNull(),
    /** Orders that were their person's first order at the brand (neither declined nor cancelled). */
    newCustomers: integer('new_customers').notNull(),
    /** Orders per brand-local hour, 0–23. */
    hours: integer('hours').array().notNull(),
    /** Minutes from placement to acceptance, one bucket per minute (REPORT_MINUTE_BUCKETS; the last: more). */
    acceptMinutes: integer('accept_minutes').array().notNull(),
    /** Minutes from placement to done, as-soon-as-possible orders only. */
    doneMinutes: integer('done_minutes').array().notNull(),
    /** Ratings of the day's orders: how many of each star, 1–5. */
    stars: integer('stars').array().notNull(),
    /**
     * The persons of the day's counted orders in id order, each at most twice (twice: two orders or more): a
     * period's distinct and repeat customers are counted from these lists rather than from its raw orders.
     */
    persons: integer('persons').array().notNull().default(sql`'{}'`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'report_days_pk', columns: [t.whiteLabelId, t.localDate, t.restoId] }),
    index('report_days_resto_idx').on(t.restoId, t.localDate),
  ],
);

/**
 * The day's counted things beside the figures: dishes and gifts sold (key: position id), promo codes used (key:
 * the code), cancels (key: who cancelled), declines (key: the reason), rating tags (key: the tag).
 */
export const REPORT_ITEM_KINDS = ['dish', 'gift', 'promo', 'cancel', 'decline', 'rating-tag'] as const;

export const reportDayItems = pgTable(
  'report_day_items',
  {
    whiteLabelId: text('white_label_id').notNull(),
    restoId: integer('resto_id').notNull(),
    localDate: date('local_date').notNull(),
    kind: text('kind', { enum: REPORT_ITEM_KINDS }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    /** Money of the item: a dish's payable, a promo code's discount; 0 where it has none. */
    amount: bigint('amount', { mode: 'number' }).$type<Minor>().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'report_day_items_pk',
      columns: [t.whiteLabelId, t.localDate, t.restoId, t.kind, t.key],
    }),
  ],
);

/**
 * One restaurant's calendar month summed from its report_days rows, recomputed with them in the same transaction: a
 * report reads a month the period covers whole and none of whose days is marked behind from here, so a year is
 * 12 rows a restaurant rather than 365 (its items 80 rather than 2 500).
 */
export const reportMonths = pgTable(
  'report_months',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id, { onDelete: 'cascade' }),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    /** The month's first brand-local day. */
    month: date('month').notNull(),
    placed: integer('placed').notNull(),
    orders: integer('orders').notNull(),
    done: integer('done').notNull(),
    cancelled: integer('cancelled').notNull(),
    declined: integer('declined').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).$type<Minor>().notNull(),
    revenueOrders: integer('revenue_orders').notNull(),
    refunds: bigint('refunds', { mode: 'number' }).$type<Minor>().notNull(),
    gross: bigint('gross', { mode: 'number' }).$type<Minor>().notNull(),
    discounts: bigint('discounts', { mode: 'number' }).$type<Minor>().notNull(),
    bonusSpent: bigint('bonus_spent', { mode: 'number' }).$type<Minor>().notNull(),
    deliveryFees: bigint('delivery_fees', { mode: 'number' }).$type<Minor>().notNull(),
    newCustomers: integer('new_customers').notNull(),
    /** Orders per weekday (Monday first) and hour: 7 × 24, the heat map's cells (a day's `hours` lose no weekday). */
    heat: integer('heat').array().notNull(),
    acceptMinutes: integer('accept_minutes').array().notNull(),
    doneMinutes: integer('done_minutes').array().notNull(),
    stars: integer('stars').array().notNull(),
    /** As report_days.persons, over the month: each person at most twice. */
    persons: integer('persons').array().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'report_months_pk', columns: [t.whiteLabelId, t.month, t.restoId] })],
);

/** report_day_items summed over a restaurant's month (kept with report_months). */
export const reportMonthItems = pgTable(
  'report_month_items',
  {
    whiteLabelId: text('white_label_id').notNull(),
    restoId: integer('resto_id').notNull(),
    month: date('month').notNull(),
    kind: text('kind', { enum: REPORT_ITEM_KINDS }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    amount: bigint('amount', { mode: 'number' }).$type<Minor>().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'report_month_items_pk',
      columns: [t.whiteLabelId, t.month, t.restoId, t.kind, t.key],
    }),
  ],
);

/**
 * Days whose roll-ups are behind their orders: one row per change, appended by the outbox, deleted by the roll-up
 * job. Appended, never upserted: an upsert that met a committed mark would do nothing, and if the job then deleted
 * that mark before the change committed, the change would be in no mark and in no roll-up.
 */
export const reportDirty = pgTable(
  'report_dirty',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whiteLabelId: text('white_label_id').notNull(),
    restoId: integer('resto_id').notNull(),
    localDate: date('local_date').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_dirty_day_idx').on(t.whiteLabelId, t.localDate, t.restoId)],
);

/** The customer's rating of a done order: one per order, changeable for RATING_CHANGE_HOURS after it is first given. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    whiteLabelId: text('white_label_id').notNull(),
    restoId: integer('resto_id').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    tags: text('tags', { enum: RATING_TAGS }).array().notNull().default(sql`'{}'`),
    comment: text('comment'),
    /** 'order-page' (signed in) or 'link' (the signed link, no sign-in). */
    source: text('source', { enum: ['order-page', 'link'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** A low rating (1–2) flagged on the board until a manager marks it seen. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    seenBy: integer('seen_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('order_ratings_stars', sql`${t.stars} between 1 and 5`),
    index('order_ratings_resto_idx').on(t.restoId, t.createdAt),
  ],
);

/**
 * The rating link sent to the customer by SMS a while after the order is done: one row per order, inserted before
 * the message goes (the claim), so two instances never send it twice; `status` says how the sending went.
 */
export const ratingInvites = pgTable('rating_invites', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  whiteLabelId: text('white_label_id').notNull(),
  status: text('status', { enum: ['sending', 'sent', 'failed'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
