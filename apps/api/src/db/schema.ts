/**
 * The Drizzle schema, one file per area under schema/, gathered here: this is the one path that
 * drizzle.config.ts reads and that the rest of the API imports.
 *
 * - schema/catalog.ts: brands (white labels), cities, restaurants, menus, positions, modifiers, zones,
 *   promotions and promo codes, and the catalog revision counter.
 * - schema/persons.ts: persons, their social identities and deliveries, phone sign-in counters, SMS
 *   budgets and codes, refresh tokens.
 * - schema/orders.ts: promo code redemptions and the per-client budget of promo code guesses; orders to
 *   come, referencing white_labels, restos, positions and persons.
 * - schema/staff.ts: staff accounts and their restaurants, refresh tokens, stream tickets, stop-list, busy.
 * - schema/payments.ts: payment attempts, refunds, and the demo engine's own payments and refunds.
 * - schema/admin.ts: the back office's audit log (decision 45).
 * - schema/pos.ts: links to the chain's point-of-sale system, its id mappings, sync log and order transfers.
 * - schema/bonus.ts: the brand's bonus program and the points ledger.
 * - schema/reports.ts: daily roll-ups of orders for reports, the days behind, and the customers' ratings.
 */
export * from './schema/admin.ts';
export * from './schema/bonus.ts';
export * from './schema/capacity.ts';
export * from './schema/catalog.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/persons.ts';
export * from './schema/pos.ts';
export * from './schema/reports.ts';
export * from './schema/staff.ts';
