import { BONUS_ENTRY_KINDS, type BonusProgram, type Minor } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { whiteLabels } from './catalog.ts';
import { orders } from './orders.ts';
import { paymentRefunds } from './payments.ts';
import { persons } from './persons.ts';
import { staff } from './staff.ts';

/*
 * Bonus points (decision 55): the brand's program and the ledger. Every change of a balance is an immutable
 * row; the balance is their sum. Unique indexes make each order's hold, release and earning, each refund's
 * points, each expiry and the welcome gift happen once, whatever retries, instances or kills do.
 */

/** The brand's program as the owner set it; `version` is the If-Match of PUT /api/v1/admin/bonus-program. */
export const bonusPrograms = pgTable('bonus_programs', {
  whiteLabelId: text('white_label_id')
    .primaryKey()
    .references(() => whiteLabels.id, { onDelete: 'cascade' }),
  program: jsonb('program').$type<BonusProgram>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const bonusLedger = pgTable(
  'bonus_ledger',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BONUS_ENTRY_KINDS }).notNull(),
    /** Signed minor units of whole points: + credits, − debits. */
    amount: integer('amount').$type<Minor>().notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    refundId: integer('refund_id').references(() => paymentRefunds.id, { onDelete: 'cascade' }),
    /**
     * A credit: when its points expire (the brand's midnight). An `expired` row: the instant of the lots it
     * expired (one row per person and instant).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** An adjustment: who made it and why. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('bonus_ledger_person_idx').on(t.personId, t.id),
    // A day's roll-up asks each order for the points given back on its refunds (decision 57).
    index('bonus_ledger_refund_return_idx').on(t.orderId).where(sql`${t.kind} = 'refund-return'`),
    uniqueIndex('bonus_ledger_order_once')
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} in ('held', 'released', 'earned')`),
    uniqueIndex('bonus_ledger_refund_once').on(t.refundId, t.kind).where(sql`${t.refundId} is not null`),
    uniqueIndex('bonus_ledger_expiry_once').on(t.personId, t.expiresAt).where(sql`${t.kind} = 'expired'`),
    uniqueIndex('bonus_ledger_welcome_once').on(t.personId, t.whiteLabelId).where(sql`${t.kind} = 'welcome'`),
  ],
);
