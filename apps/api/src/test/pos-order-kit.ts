import { eq, sql } from 'drizzle-orm';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { posLinks, posMappings, posOrderTransfers, posOrganizations } from '../db/schema.ts';
import { FAKE_IIKO_API_LOGIN, FAKE_IIKO_DEMO, type FakeIiko } from './fakes/iiko.ts';
import { rowsOf } from './payments-kit.ts';

/**
 * Helpers of the POS order tests: restaurant 1 of the demo chain linked to the fake iiko's demo organization
 * by rows written directly (the link API is tested on its own), our dishes mapped to iiko's products, and
 * the app's webhook registered with the fake.
 */

export const ORG = FAKE_IIKO_DEMO.organizationId;
export const TERMINAL = FAKE_IIKO_DEMO.terminalGroupId;
export const WEBHOOK_TOKEN = 'the-webhook-token-of-the-pos-order-tests';

/** The app's settings for the fake: the worker's timer far apart (tests run its rounds by hand). */
export const iikoEnv = (fake: FakeIiko, extra: Record<string, string> = {}) => ({
  IIKO_API_URL: fake.url,
  IIKO_API_LOGINS: `demo=${FAKE_IIKO_API_LOGIN}`,
  POS_POLL_MS: '600000',
  POS_SYNC_INTERVAL_MS: '86400000',
  ...extra,
});

/** Our demo dishes and modifier items as iiko's products (position 1 in the small size, 29 of one size). */
export const MAPPED = {
  position1: { externalId: FAKE_IIKO_DEMO.products.philadelphia, externalSizeId: FAKE_IIKO_DEMO.sizes.small },
  position29: { externalId: FAKE_IIKO_DEMO.products.california, externalSizeId: '' },
  item12: { externalId: FAKE_IIKO_DEMO.products.spicySauce, externalParentId: FAKE_IIKO_DEMO.sauceGroupId },
};

export async function linkResto1(db: Database, linkedAt: Date, terminalGroupId: string = TERMINAL) {
  await db.insert(posLinks).values({
    restoId: 1,
    whiteLabelId: 'demo',
    provider: 'iiko',
    organizationId: ORG,
    terminalGroupId,
    paymentTypes: {
      'card-online': FAKE_IIKO_DEMO.paymentTypes.external,
      card: FAKE_IIKO_DEMO.paymentTypes.card,
      cash: FAKE_IIKO_DEMO.paymentTypes.cash,
    },
    linkedAt,
  });
  await db.insert(posOrganizations).values({
    whiteLabelId: 'demo',
    provider: 'iiko',
    organizationId: ORG,
    name: FAKE_IIKO_DEMO.organizationName,
    webhookToken: WEBHOOK_TOKEN,
    // The menu sync is another suite's: not due within these tests.
    nextSyncAt: new Date('2100-01-01T00:00:00Z'),
  });
  const mapping = { whiteLabelId: 'demo', provider: 'iiko' as const, organizationId: ORG };
  await db.insert(posMappings).values([
    { ...mapping, kind: 'dish', ...MAPPED.position1, ourId: 1 },
    { ...mapping, kind: 'dish', ...MAPPED.position29, ourId: 29 },
    { ...mapping, kind: 'modifier-item', ...MAPPED.item12, ourId: 12 },
  ]);
}

export const setTerminal = (db: Database, terminalGroupId: string) =>
  db.update(posLinks).set({ terminalGroupId }).where(eq(posLinks.restoId, 1));

/** Registers the app's webhook with the fake: where the app listens, or nowhere (webhooks "off"). */
export async function registerWebhook(app: StorefrontApp, uri: string | null) {
  const adapter = app.pos.adapter;
  if (!adapter) throw new Error('the app has no POS adapter: IIKO_API_LOGINS?');
  await adapter.registerWebhook(ORG, uri ?? 'http://127.0.0.1:9/nowhere', WEBHOOK_TOKEN);
}

export async function transferOf(db: Database, orderId: number) {
  const [row] = await db.select().from(posOrderTransfers).where(eq(posOrderTransfers.orderId, orderId));
  return row;
}

export const historyOf = (db: Database, orderId: number) =>
  rowsOf<{ status: string; by: string }>(
    db,
    sql`select status, by from order_history where order_id = ${orderId} order by id`,
  );

export const posLogOf = (db: Database, orderId: number) =>
  rowsOf<{ kind: string; ok: boolean; error: string | null; summary: Record<string, unknown> }>(
    db,
    sql`select kind, ok, error, summary from pos_log where order_id = ${orderId} order by id`,
  );

/** Waits (real time) until the fake's own timers have done something: its terminal timeouts, its webhooks. */
export async function until(what: string, done: () => boolean | Promise<boolean>, limitMs = 5_000) {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
