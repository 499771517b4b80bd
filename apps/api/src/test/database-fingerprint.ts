import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Every table a request of the API could write (orders and their lines, history, events and keys; promo
 * uses and guesses; persons and their contacts and tokens; payments, refunds and the demo engine's books;
 * staff, their tokens, stream tickets, stop-lists and pauses; the sign-in budgets; the catalog revision and
 * the rows staff moves touch; groups, dishes, their tags and the back office's audit log; delivery zones; the POS's
 * links, organizations, mappings, log and transfers). The static catalog tables (cities, menus, modifiers…) are left
 * out: no HTTP call writes them yet.
 */
export const WRITABLE_TABLES = [
  'orders',
  'order_lines',
  'order_history',
  'order_events',
  'order_idempotency_keys',
  'order_number_counters',
  'promo_codes',
  'promo_code_redemptions',
  'promo_code_guess_budget',
  'persons',
  'person_identities',
  'person_deliveries',
  'refresh_tokens',
  'phone_sign_in',
  'phone_codes',
  'sms_request_budget',
  'payments',
  'payment_refunds',
  'demo_payments',
  'demo_refunds',
  'staff',
  'staff_restos',
  'staff_refresh_tokens',
  'staff_sign_in_throttle',
  'stream_tickets',
  'resto_stop_list',
  'resto_pauses',
  'catalog_revision',
  'restos',
  'position_groups',
  'positions',
  'position_tags',
  'admin_audit_log',
  'brand_settings',
  'brand_pages',
  'delivery_zones',
  'delivery_rules',
  'pos_links',
  'pos_organizations',
  'pos_mappings',
  'pos_log',
  'pos_order_transfers',
] as const;

export type WritableTable = (typeof WRITABLE_TABLES)[number];
export type Fingerprint = Record<WritableTable, string>;

// One statement, one round trip: each table's rows as text, sorted, digested. The names are our own constants.
const FINGERPRINT_SQL = `select ${WRITABLE_TABLES.map(
  (table) =>
    `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from ${table} t) as ${table}`,
).join(', ')}`;

/** A digest of every writable table's content: equal fingerprints mean nothing was written. */
export async function databaseFingerprint(db: Database): Promise<Fingerprint> {
  const result = await db.execute(sql.raw(FINGERPRINT_SQL));
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows[0] as Fingerprint;
}

/** The tables whose digests differ (empty when nothing changed). */
export function changedTables(before: Fingerprint, after: Fingerprint): WritableTable[] {
  return WRITABLE_TABLES.filter((table) => before[table] !== after[table]);
}
