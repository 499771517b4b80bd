import {
  CUSTOMER_DELIVERY_METHODS,
  type LocalizedText,
  type Minor,
  ORDER_LINE_KINDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@storefront/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { promoCodes, restos, whiteLabels } from './catalog.ts';
import { persons } from './persons.ts';

/*
 * Ordering: the preflight's promo counters, and orders placed exactly once (decision 20). The preflight reads
 * these and never writes them, except for a client's count of unknown promo codes; an order, its lines, its
 * history, its key, its promo usage and its event are written in one transaction.
 */

/** A modifier of an order line as it was priced and named at placement. */
export interface OrderLineModifier {
  id: number;
  modifierId: number;
  name: LocalizedText;
  count: number;
  price: Minor;
}

/** The delivery details of an order besides its address and point. */
export interface OrderPlaceDetails {
  apartment: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  comment: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id),
    /** 'Б-042': the restaurant's letters and the day's counter; unique per restaurant and local day. */
    number: text('number').notNull(),
    /** The restaurant-local day the number belongs to. */
    localDate: date('local_date').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    deliveryType: text('delivery_type', { enum: CUSTOMER_DELIVERY_METHODS }).notNull(),
    payType: text('pay_type', { enum: PAYMENT_METHODS }).notNull(),
    currency: text('currency').notNull(),
    /** The restaurant's offset at placement, e.g. '+03:00'. */
    timezone: text('timezone').notNull(),
    restoName: jsonb('resto_name').$type<LocalizedText>().notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    personName: text('person_name').notNull(),
    personPhone: text('person_phone').notNull(),
    personEmail: text('person_email'),
    comment: text('comment'),
    personCount: integer('person_count').notNull(),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    place: jsonb('place').$type<OrderPlaceDetails>(),
    preOrderAt: timestamp('pre_order_at', { withTimezone: true }),
    promisedAt: timestamp('promised_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sum: integer('sum').$type<Minor>().notNull(),
    discount: integer('discount').$type<Minor>().notNull(),
    deliveryPrice: integer('delivery_price').$type<Minor>().notNull(),
    payable: integer('payable').$type<Minor>().notNull(),
    /** Points spent on the order (minor units, whole points): a discount spread over its lines (decision 55). */
    bonusSpent: integer('bonus_spent').$type<Minor>().notNull().default(sql`0`),
    /** Points the order earns when it is done, as promised at placement. */
    bonusEarn: integer('bonus_earn').$type<Minor>().notNull().default(sql`0`),
    positionsCount: integer('positions_count').notNull(),
    /** The current payment attempt's number (payments.attempt); 0 for an order paid on receipt. */
    paymentAttempt: integer('payment_attempt').notNull().default(0),
    /** The one payment the order keeps (set with paymentStatus 'paid'); any other money is refunded. */
    paidPaymentId: integer('paid_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A card-online order still unpaid at this time is cancelled (the sweeper); null when not waiting. */
    payUntil: timestamp('pay_until', { withTimezone: true }),
    /** When staff accepted it (the promised time may have moved then). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Why staff declined it (DECLINE_REASONS); null unless declined. */
    declineReason: text('decline_reason'),
    /** Who placed it, as clientKeyOf counts clients: orders per client are limited (decision 41). */
    clientKey: text('client_key'),
    /** The capacity slot the order holds (slot_loads, decision 56), given back when it is declined or cancelled. */
    slotAt: timestamp('slot_at', { withTimezone: true }),
    /** The gift promotion the order got its gift from (reports count it). */
    giftPromotionId: integer('gift_promotion_id'),
  },
  (t) => [
    uniqueIndex('orders_paid_payment_idx').on(t.paidPaymentId),
    index('orders_pay_until_idx').on(t.payUntil),
    uniqueIndex('orders_number_idx').on(t.whiteLabelId, t.restoId, t.localDate, t.number),
    index('orders_person_idx').on(t.personId, t.createdAt),
    index('orders_resto_idx').on(t.restoId, t.createdAt),
    index('orders_client_idx').on(t.clientKey, t.createdAt),
    // Reports (decision 57): a period's distinct customers of a brand read from the index alone, not the table.
    index('orders_report_idx').on(t.whiteLabelId, t.createdAt, t.personId, t.status, t.restoId),
    check(
      'orders_money',
      sql`${t.sum} >= 0 and ${t.discount} >= 0 and ${t.deliveryPrice} >= 0 and ${t.payable} >= 0`,
    ),
  ],
);

/** An order's lines, with the names and prices of the catalog at placement (the catalog may change later). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order, from 0. */
    lineNo: integer('line_no').notNull(),
    positionId: integer('position_id').notNull(),
    menuId: integer('menu_id').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    count: integer('count').notNull(),
    price: integer('price').$type<Minor>().notNull(),
    modifiers: jsonb('modifiers').$type<OrderLineModifier[]>().notNull(),
    sum: integer('sum').$type<Minor>().notNull(),
    discount: integer('discount').$type<Minor>().notNull(),
    /** The line's share of the points spent. */
    bonusDiscount: integer('bonus_discount').$type<Minor>().notNull().default(sql`0`),
    payableAmount: integer('payable_amount').$type<Minor>().notNull(),
    /** 'dish' the customer chose; 'free' a condiment given by persons; 'gift' a promotion's gift (both at 0 ₽). */
    kind: text('kind', { enum: ORDER_LINE_KINDS }).notNull().default('dish'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.lineNo)],
);

/** Every status an order took, who moved it ('customer', 'staff', 'system') and when. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: text('by').notNull(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

/**
 * The outbox: one row per change of an order, written in the change's transaction. The order board and the
 * customer's order page read it in id order (ids only grow), resuming from the last id they saw.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whiteLabelId: text('white_label_id').notNull(),
    restoId: integer('resto_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'placed', 'canceled', … */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_events_resto_idx').on(t.whiteLabelId, t.restoId, t.id)],
);

/**
 * Idempotency-Key of placement, per person (decision 20). A row is a claim while order_id is null and
 * locked_until is ahead; a created order binds it (order_id). Refusals delete their claim. Rows older than
 * 24 hours are removed by the next placement of the same person.
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the canonical JSON of the request body. */
    fingerprint: text('fingerprint').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.key] })],
);

/** The last order number given per brand, restaurant and restaurant-local day (bumped by one upsert). */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    whiteLabelId: text('white_label_id').notNull(),
    localDate: date('local_date').notNull(),
    restoId: integer('resto_id').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.whiteLabelId, t.localDate, t.restoId] })],
);

/**
 * One row per order that used a promo code: a person's limit (perPersonLimit) counts them. Written in the
 * order's transaction and removed when the order gives its usage back.
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
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promo_code_redemptions_person_idx').on(t.promoCodeId, t.personId),
    index('promo_code_redemptions_order_idx').on(t.orderId),
  ],
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
