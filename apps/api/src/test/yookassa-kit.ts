import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, type FakeYooKassaRequest } from './fakes/yookassa.ts';

/** Helpers of the tests that run the payments module against the fake YooKassa through the real adapter. */

/** The demo seed's restaurants name their shop 'demo-shop'; these credentials are the fake's shop. */
export const YOOKASSA_SHOPS = `demo-shop=${FAKE_YOOKASSA_SHOP.shopId}:${FAKE_YOOKASSA_SHOP.secretKey}`;

/** The environment of an app on the fake: its notifications are believed from 127.0.0.1 only. */
export const yookassaEnv = (fake: FakeYooKassa, extra: Record<string, string> = {}) => ({
  YOOKASSA_URL: fake.url,
  YOOKASSA_SHOPS,
  YOOKASSA_NOTIFICATION_IPS: '127.0.0.1',
  // Shorter than the fake's hold of a 'timeout' fault, so that fault is a real client timeout.
  PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
  ...extra,
});

/** Puts restaurant 1 on YooKassa (the seed has it on the demo engine) and reloads the app's catalog. */
export async function restaurantOnYooKassa(db: Database, ...apps: StorefrontApp[]) {
  await db.execute(sql`update restos set pay_engine = 'yookassa' where id = 1`);
  for (const app of apps) await app.catalog.refresh();
}

/** The address an app listens on (127.0.0.1) and its YooKassa notification URL. */
export async function listenLocally(app: StorefrontApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app listens on no port');
  return `http://127.0.0.1:${address.port}/api/v1/payments/yookassa/notifications`;
}

/** A button of the fake's hosted page, as the customer's browser presses it. */
export async function onHostedPage(
  confirmationUrl: string | null,
  action: 'pay' | 'decline' | 'abandon',
  reason?: string,
) {
  expect(confirmationUrl, 'a hosted page URL').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/[^/]+$/);
  const answer = await fetch(`${confirmationUrl}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: reason ? new URLSearchParams({ reason }).toString() : '',
  });
  await answer.arrayBuffer();
  expect(answer.status).toBe(302);
  return answer.headers.get('location');
}

/** The fake's id of a hosted page URL. */
export const fakeIdOf = (confirmationUrl: string | null) =>
  /\/checkout\/([^/?#]+)$/.exec(confirmationUrl ?? '')?.[1] as string;

/** The fake's API calls of one kind, e.g. ('POST', '/v3/payments'). */
export const callsTo = (fake: FakeYooKassa, method: string, path: string | RegExp) =>
  fake.requests.filter(
    (r: FakeYooKassaRequest) =>
      r.method === method && (typeof path === 'string' ? r.url === path : path.test(r.url)),
  );

/** Creates under a key at the fake: the requests carrying it. */
export const createsWithKey = (fake: FakeYooKassa, key: string) =>
  callsTo(fake, 'POST', '/v3/payments').filter((r) => r.headers['idempotence-key'] === key);

/** The fake's payments whose metadata names this order. */
export const fakePaymentsOf = (fake: FakeYooKassa, orderId: number) =>
  fake
    .paymentIds()
    .map((id) => fake.payment(id))
    .filter((p) => (p.metadata as Record<string, string>).orderId === String(orderId));
