import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { menus, restos, whiteLabels } from './catalog.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

/*
 * The chain's point-of-sale system (iiko today; decision 54). A restaurant is linked to one of its
 * organizations and terminal groups; the organization's nomenclature becomes one menu of ours, its stop-lists
 * our stop-list, and our orders its deliveries. Ids of the POS are text (iiko's are UUIDs).
 */

/** The POS systems an adapter exists for; `none` (our own board is the kitchen's) is the absence of a link. */
export const POS_PROVIDERS = ['iiko'] as const;

/** Our payment methods' types in the POS: what an order's payment is booked as. */
export interface PosPaymentTypeMap {
  'card-online'?: string;
  card?: string;
  cash?: string;
}

/** A restaurant's link: which organization and terminal group cook its orders, and how its payments are booked. */
export const posLinks = pgTable('pos_links', {
  restoId: integer('resto_id')
    .primaryKey()
    .references(() => restos.id, { onDelete: 'cascade' }),
  whiteLabelId: text('white_label_id')
    .notNull()
    .references(() => whiteLabels.id),
  provider: text('provider', { enum: POS_PROVIDERS }).notNull(),
  organizationId: text('organization_id').notNull(),
  terminalGroupId: text('terminal_group_id').notNull(),
  paymentTypes: jsonb('payment_types').$type<PosPaymentTypeMap>().notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  linkedBy: integer('linked_by').references(() => staff.id, { onDelete: 'set null' }),
  /** Bumped by every change: its ETag, checked against If-Match (decision 45). */
  version: integer('version').notNull().default(1),
});

/**
 * One row per brand and organization in use: the revisions to pass back to the POS, the menu its nomenclature
 * fills, the webhook registered for it (the token the POS sends back), and when the next scheduled sync is due
 * (leased by one instance at a time, as the payments sweeper leases its rows).
 */
export const posOrganizations = pgTable(
  'pos_organizations',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    provider: text('provider', { enum: POS_PROVIDERS }).notNull(),
    organizationId: text('organization_id').notNull(),
    name: text('name'),
    menuId: integer('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    nomenclatureRevision: bigint('nomenclature_revision', { mode: 'number' }).notNull().default(0),
    deliveriesRevision: bigint('deliveries_revision', { mode: 'number' }).notNull().default(0),
    /** The random token the POS sends in Authorization with each webhook call; never logged or answered. */
    webhookToken: text('webhook_token'),
    /** The address registered with the POS; a start with another public address registers again. */
    webhookUri: text('webhook_uri'),
    webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
    /** When the last webhook arrived: a poll by revision catches up while they stop. */
    lastWebhookAt: timestamp('last_webhook_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.whiteLabelId, t.provider, t.organizationId] })],
);

export const POS_MAPPING_KINDS = ['group', 'dish', 'modifier-group', 'modifier-item'] as const;

/**
 * The POS's ids and ours (iiko id ↔ ours), per organization: a row of ours keeps its id through every sync. A
 * chain's organizations often share product ids, and each organization's menu is a menu of ours with rows of its
 * own, so the organization is part of the key. A dish of one POS size has its size's id (empty when the product
 * has one size); a modifier item has its modifier group's POS id as its parent, which an order's modifier names
 * again.
 */
export const posMappings = pgTable(
  'pos_mappings',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    provider: text('provider', { enum: POS_PROVIDERS }).notNull(),
    organizationId: text('organization_id').notNull(),
    kind: text('kind', { enum: POS_MAPPING_KINDS }).notNull(),
    externalId: text('external_id').notNull(),
    externalSizeId: text('external_size_id').notNull().default(''),
    externalParentId: text('external_parent_id'),
    ourId: integer('our_id').notNull(),
  },
  (t) => [
    primaryKey({
      // Drizzle's own name for it is longer than PostgreSQL's 63 characters.
      name: 'pos_mappings_pk',
      columns: [t.whiteLabelId, t.provider, t.organizationId, t.kind, t.externalId, t.externalSizeId],
    }),
    index('pos_mappings_ours_idx').on(t.whiteLabelId, t.organizationId, t.kind, t.ourId),
  ],
);

export const POS_LOG_KINDS = [
  'link',
  'unlink',
  'sync',
  'stop-list',
  'order',
  'status',
  'webhook',
  'zones',
] as const;

/** What each sync, stop-list read, order transfer and status change did, for the back office's log. */
export const posLog = pgTable(
  'pos_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    /** Null for an organization-wide entry (a menu sync serves every restaurant linked to it). */
    restoId: integer('resto_id').references(() => restos.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POS_LOG_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    /** Counts and names: added, changed, hidden, failed with reasons; an order's items and sum. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    /** A coded reason ('pos.terminal-offline', 'pos.timeout', …) when not ok. */
    error: text('error'),
  },
  (t) => [
    index('pos_log_resto_idx').on(t.whiteLabelId, t.restoId, t.id),
    index('pos_log_org_idx').on(t.whiteLabelId, t.organizationId, t.id),
  ],
);

export const POS_TRANSFER_STATES = [
  'waiting',
  'in-progress',
  'created',
  'failed',
  'taken-over',
  'cancelling',
  'cancelled',
  'cancel-refused',
] as const;

/**
 * One row per order of a linked restaurant, from when it may be cooked: the POS order's id (derived from ours,
 * so a resend never makes a second one), where its creation stands, and when to try or check again (leased with
 * FOR UPDATE SKIP LOCKED). `failed` keeps being retried with the same id until it succeeds or staff take it over.
 * An order withdrawn on our side once the POS may have it is cancelled there (`cancelling` → `cancelled`, or
 * `cancel-refused` when the POS will not).
 */
export const posOrderTransfers = pgTable(
  'pos_order_transfers',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id),
    provider: text('provider', { enum: POS_PROVIDERS }).notNull(),
    externalOrderId: text('external_order_id').notNull(),
    organizationId: text('organization_id').notNull(),
    terminalGroupId: text('terminal_group_id').notNull(),
    state: text('state', { enum: POS_TRANSFER_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    correlationId: text('correlation_id'),
    /** A coded reason of the last failure ('pos.terminal-offline', …), shown on the board; null once created. */
    lastError: text('last_error'),
    lastErrorText: text('last_error_text'),
    /** The POS's own status of the order as last heard ('WaitCooking', …). */
    externalStatus: text('external_status'),
    /** The POS's cancel cause ('Клиент отказался'), shown to the customer with the decline. */
    cancelCause: text('cancel_cause'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('pos_order_transfers_external_idx').on(t.provider, t.externalOrderId),
    index('pos_order_transfers_due_idx').on(t.state, t.nextAttemptAt),
    check('pos_order_transfers_attempts', sql`${t.attempts} >= 0`),
  ],
);
