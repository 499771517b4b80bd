import { afterEach, describe, expect, it } from 'vitest';
import { json, startFake } from './fake-server.ts';
import {
  FAKE_IIKO_API_LOGIN,
  FAKE_IIKO_DEMO,
  type FakeIiko,
  type FakeIikoOptions,
  startFakeIiko,
} from './iiko.ts';

/*
 * The fake's own quirks, which the adapter's tests do not reach: token expiry, webhook filters, duplicates and
 * holding, random faults, and the /fake control API the e2e journey and chaos drive from another process.
 */

const D = FAKE_IIKO_DEMO;
const open: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

async function fakeWith(options: FakeIikoOptions = {}): Promise<FakeIiko> {
  const fake = await startFakeIiko({ creationDelayMs: null, ...options });
  open.push(fake);
  return fake;
}

async function receiver() {
  const calls: { authorization: string | undefined; events: { eventType: string; eventInfo: unknown }[] }[] =
    [];
  const server = await startFake((request, body, response) => {
    calls.push({ authorization: request.headers.authorization, events: JSON.parse(body) });
    json(response, 200, {});
  });
  open.push(server);
  return { url: `${server.url}/hook`, calls };
}

async function api(fake: FakeIiko, path: string, body: unknown, token?: string) {
  const response = await fetch(`${fake.url}/api/1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function token(fake: FakeIiko) {
  return (await api(fake, 'access_token', { apiLogin: FAKE_IIKO_API_LOGIN })).body.token as string;
}

const ORDER_ID = '0f000000-0000-4000-8000-000000000001';
const createBody = {
  organizationId: D.organizationId,
  terminalGroupId: D.terminalGroupId,
  createOrderSettings: { transportToFrontTimeout: 8 },
  order: {
    id: ORDER_ID,
    phone: '+79123456789',
    orderServiceType: 'DeliveryByClient',
    items: [{ type: 'Product', productId: D.products.california, amount: 1, price: 390 }],
  },
};

describe('the fake iiko', () => {
  it('lets a token expire after its time', async () => {
    let now = Date.parse('2026-11-27T09:00:00Z');
    const fake = await fakeWith({ tokenTtlMs: 60_000, now: () => now });
    const bearer = await token(fake);
    expect((await api(fake, 'organizations', {}, bearer)).status).toBe(200);
    now += 60_000;
    const refused = await api(fake, 'organizations', {}, bearer);
    expect(refused.status).toBe(401);
    expect(refused.body.errorDescription).toEqual(expect.any(String));
  });

  it('sends webhooks with the registered token, as the filter asks, duplicated when told', async () => {
    const fake = await fakeWith({ duplicate: 2 });
    const hook = await receiver();
    const bearer = await token(fake);
    await api(
      fake,
      'webhooks/update_settings',
      {
        organizationId: D.organizationId,
        webHooksUri: hook.url,
        authToken: 'secret',
        webHooksFilter: { deliveryOrderFilter: { orderStatuses: ['CookingStarted'], errors: false } },
      },
      bearer,
    );
    await api(fake, 'deliveries/create', createBody, bearer);
    fake.completeCreation(ORDER_ID); // Unconfirmed: not asked for
    fake.setOrderStatus(ORDER_ID, 'CookingStarted');
    fake.setStopList(D.organizationId, D.terminalGroupId, []); // stop-lists: not asked for
    await fake.webhooksSettled();
    expect(hook.calls).toHaveLength(2);
    for (const call of hook.calls) {
      expect(call.authorization).toBe('secret');
      expect(call.events).toEqual([
        expect.objectContaining({
          eventType: 'DeliveryOrderUpdate',
          organizationId: D.organizationId,
          eventInfo: expect.objectContaining({
            id: ORDER_ID,
            order: expect.objectContaining({ status: 'CookingStarted' }),
          }),
        }),
      ]);
    }
  });

  it('holds webhooks until flushed when told to reorder them', async () => {
    const fake = await fakeWith({ reorder: true });
    const hook = await receiver();
    const bearer = await token(fake);
    await api(
      fake,
      'webhooks/update_settings',
      { organizationId: D.organizationId, webHooksUri: hook.url },
      bearer,
    );
    await api(fake, 'deliveries/create', createBody, bearer);
    fake.completeCreation(ORDER_ID);
    fake.setOrderStatus(ORDER_ID, 'CookingStarted');
    fake.cancelOrder(ORDER_ID, 'Гость отказался');
    await fake.webhooksSettled();
    expect(hook.calls).toHaveLength(0);
    fake.flushWebhooks();
    await fake.webhooksSettled();
    expect(hook.calls).toHaveLength(3);
    expect(hook.calls.every((call) => call.authorization === undefined)).toBe(true);
  });

  it("serves the demo menu's pictures itself", async () => {
    const fake = await fakeWith();
    const [link] = fake.nomenclature().products.find((product) => product.id === D.products.philadelphia)
      ?.imageLinks ?? [''];
    expect(link?.startsWith(fake.url)).toBe(true);
    const picture = await fetch(link ?? '');
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await picture.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
  });

  it('draws faults at the rates it is given', async () => {
    const fake = await fakeWith({ faultRates: { organizations: { '500-before': 1 } }, random: () => 0 });
    const bearer = await token(fake);
    expect((await api(fake, 'organizations', {}, bearer)).status).toBe(500);
    expect((await api(fake, 'payment_types', { organizationIds: [D.organizationId] }, bearer)).status).toBe(
      200,
    );
  });

  it('is driven from another process through /fake/…', async () => {
    const fake = await fakeWith();
    const control = (path: string, body: unknown = {}) =>
      fetch(`${fake.url}/fake/${path}`, { method: 'POST', body: JSON.stringify(body) }).then((response) =>
        response.json(),
      );
    const before = fake.nomenclature().revision;
    const product = (await control('products', { name: 'Ролл дня', parentGroup: D.groups.rolls })) as {
      id: string;
    };
    expect(fake.nomenclature().revision).toBe(before + 1);
    expect(fake.nomenclature().products.some((entry) => entry.id === product.id)).toBe(true);

    const bearer = await token(fake);
    await api(fake, 'deliveries/create', createBody, bearer);
    await control(`orders/${ORDER_ID}/complete`);
    await control(`orders/${ORDER_ID}/status`, { status: 'OnWay' });
    const listed = (await (await fetch(`${fake.url}/fake/deliveries`)).json()) as {
      id: string;
      status: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id: ORDER_ID, status: 'OnWay' })]);

    await control(`terminal-groups/${D.terminalGroupId}/alive`, { alive: false });
    await control('stop-list', { items: [{ productId: D.products.cola, balance: 0 }] });
    expect(fake.stopList(D.organizationId, D.terminalGroupId)).toEqual([
      { productId: D.products.cola, sizeId: null, balance: 0 },
    ]);
    await control('fail', { operation: 'organizations', fault: '500-before' });
    expect((await api(fake, 'organizations', {}, bearer)).status).toBe(500);
  });
});
