import { AUDIT_ACTIONS, AUDIT_ENTITY_KINDS } from '@storefront/domain';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { whiteLabels } from './catalog.ts';
import { staff } from './staff.ts';

/**
 * The back office's audit log (decision 45): one entry per change of one row, written in the transaction of the
 * change. `before` and `after` are the row's editable state; a revert restores `before` only while the row still
 * equals `after`, and is itself an entry (reverts_entry_id), marking the one it undid (reverted_by_entry_id).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    /** Null once the account is deleted; the login below stays as it was at the time. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffLogin: text('staff_login').notNull(),
    /** The API's clock at the change. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    entityKind: text('entity_kind', { enum: AUDIT_ENTITY_KINDS }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    /**
     * The names the states leave out, as they were when written (the row's name for a photo or reorder entry, the
     * groups' and dishes' names a field lists by id); null when the states say it all, or for older entries.
     */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    revertsEntryId: integer('reverts_entry_id').references((): AnyPgColumn => adminAuditLog.id),
    revertedByEntryId: integer('reverted_by_entry_id').references((): AnyPgColumn => adminAuditLog.id),
  },
  (t) => [
    index('admin_audit_log_brand_idx').on(t.whiteLabelId, t.id),
    index('admin_audit_log_entity_idx').on(t.whiteLabelId, t.entityKind, t.entityId, t.id),
  ],
);
