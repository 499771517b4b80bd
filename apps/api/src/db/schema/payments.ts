import {
  type Minor,
  ONLINE_PAY_METHODS,
  PAY_ENGINES,
  PAYMENT_ATTEMPT_STATUSES,
  type PaymentReceipt,
  REFUND_REASONS,
  REFUND_STATUSES,
} from '@storefront/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/*
 * Online payment (decision 22). An order has payment attempts; each is one payment at the provider
 * created with its own idempotence key. The order keeps at most one payment (orders.paid_payment_id); money
 * that arrives for any other attempt, or for an order that no longer wants it, is refunded (payment_refunds).
 * demo_payments and demo_refunds are the embedded demo engine's own books, as a provider would keep them.
 */

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, …: the order's attempts in the order they were started. */
    attempt: integer('attempt').notNull(),
    engine: text('engine', { enum: PAY_ENGINES }).notNull(),
    /** The restaurant's payConfig cardOnline value at the time: the provider's shop the money goes to. */
    shop: text('shop').notNull(),
    /** How the customer chose to pay online: card, SBP or SberPay (YooKassa's payment_method_data). */
    method: text('method', { enum: ONLINE_PAY_METHODS }).notNull().default(sql`'card'`),
    /** Sent as Idempotence-Key on every create of this attempt: 'order-{orderId}-{attempt}'. */
    idempotenceKey: text('idempotence_key').notNull(),
    /** The provider's payment id, once the provider has answered a create. */
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull(),
    amount: integer('amount').$type<Minor>().notNull(),
    currency: text('currency').notNull(),
    /** Where the customer pays (the provider's page) and comes back to (our return page). */
    confirmationUrl: text('confirmation_url'),
    returnUrl: text('return_url').notNull(),
    /** The receipt sent with the create, kept so a repeated create sends the very same body. */
    receipt: jsonb('receipt').$type<PaymentReceipt | null>(),
    cancellationParty: text('cancellation_party'),
    cancellationReason: text('cancellation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the sweeper should next ask the provider about it (creating or pending only). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** How many times the sweeper asked: the wait between asks grows with it. */
    checks: integer('checks').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payments_order_attempt_idx').on(t.orderId, t.attempt),
    uniqueIndex('payments_idempotence_key_idx').on(t.engine, t.shop, t.idempotenceKey),
    uniqueIndex('payments_provider_id_idx').on(t.engine, t.providerPaymentId),
    index('payments_next_check_idx').on(t.nextCheckAt),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'refund-{paymentId}-{n}'. */
    idempotenceKey: text('idempotence_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    amount: integer('amount').$type<Minor>().notNull(),
    currency: text('currency').notNull(),
    receipt: jsonb('receipt').$type<PaymentReceipt | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_refunds_key_idx').on(t.idempotenceKey),
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_next_check_idx').on(t.nextCheckAt),
  ],
);

/** The demo engine's payments: what a provider would keep (idempotence, status, reason, expiry). */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: text('id').primaryKey(),
    shop: text('shop').notNull(),
    idempotenceKey: text('idempotence_key').notNull(),
    /** SHA-256 of the create body: the same key with another body is refused, as YooKassa does. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'canceled'] }).notNull(),
    amount: integer('amount').$type<Minor>().notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    receipt: jsonb('receipt').$type<PaymentReceipt | null>(),
    /** Card, SBP or SberPay, as created (YooKassa's payment_method.type): the page shows that method's form. */
    method: text('method', { enum: ONLINE_PAY_METHODS }).notNull().default(sql`'card'`),
    cancellationReason: text('cancellation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A payment nobody paid by then reads as canceled, expired_on_confirmation. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('demo_payments_key_idx').on(t.shop, t.idempotenceKey)],
);

export const demoRefunds = pgTable(
  'demo_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => demoPayments.id, { onDelete: 'cascade' }),
    idempotenceKey: text('idempotence_key').notNull(),
    amount: integer('amount').$type<Minor>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'canceled'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('demo_refunds_key_idx').on(t.paymentId, t.idempotenceKey)],
);
