import { minor } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.ts';
import { type FakeServer, json, startFake } from '../../test/fakes/fake-server.ts';
import {
  FAKE_IIKO_API_LOGIN,
  FAKE_IIKO_DEMO,
  type FakeIiko,
  fakeIikoPrice,
  startFakeIiko,
} from '../../test/fakes/iiko.ts';
import { iikoPosAdapter } from './iiko-pos-adapter.ts';
import { iikoTimeZone } from './iiko-time-zones.ts';
import { type PosAdapter, type PosDeliveryOrder, PosError } from './pos-adapter.ts';
import { buildPosAdapter } from './pos-adapters.ts';

/** Every call to the log, as JSON, so a test can look for what must never be there. */
function recordingLog() {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push(JSON.stringify({ level, args }));
    };
  const logger = {
    level: 'info',
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    silent: () => {},
    child: () => logger,
  };
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

const D = FAKE_IIKO_DEMO;
const START = Date.parse('2026-11-27T09:00:00Z');
const log = recordingLog();
let fake: FakeIiko;
let adapter: PosAdapter;
const clock = START;

function adapterFor(
  target: { url: string },
  overrides: { apiLogin?: string; timeoutMs?: number; now?: () => number } = {},
) {
  return iikoPosAdapter({
    baseUrl: target.url,
    apiLogin: overrides.apiLogin ?? FAKE_IIKO_API_LOGIN,
    timeoutMs: overrides.timeoutMs ?? 2000,
    log: log.logger,
    now: overrides.now ?? (() => clock),
  });
}

async function posError(call: Promise<unknown>): Promise<PosError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(PosError);
  return error as PosError;
}

/** Polls until the check holds (the fake's asynchronous creation and webhooks); never times a duration. */
async function until<T>(read: () => Promise<T> | T, holds: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = await read();
    if (holds(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

let orders = 0;
function order(overrides: Partial<PosDeliveryOrder> = {}): PosDeliveryOrder {
  orders += 1;
  return {
    organizationId: D.organizationId,
    terminalGroupId: D.terminalGroupId,
    id: `0e000000-0000-4000-8000-${String(orders).padStart(12, '0')}`,
    externalNumber: `Б-${String(orders).padStart(3, '0')}`,
    completeBefore: null,
    phone: '+7 (912) 345-67-89',
    method: 'delivery',
    address: {
      text: 'Москва, ул. Ленина, 10',
      lat: 55.755,
      lng: 37.61,
      apartment: '12',
      entrance: '2',
      floor: '5',
      intercom: '12К',
    },
    customerName: 'Анна',
    guests: 2,
    items: [
      {
        productId: D.products.philadelphia,
        sizeId: D.sizes.large,
        amount: 2,
        price: minor(69050),
        modifiers: [
          { productId: D.products.spicySauce, productGroupId: D.sauceGroupId, amount: 1, price: minor(4500) },
        ],
        comment: null,
      },
      {
        productId: D.products.california,
        sizeId: null,
        amount: 1,
        price: minor(39000),
        // A simple modifier: its group is itself in our terms.
        modifiers: [
          { productId: D.products.ginger, productGroupId: D.products.ginger, amount: 1, price: minor(3000) },
        ],
        comment: 'Без васаби',
      },
    ],
    payments: [
      {
        paymentTypeId: D.paymentTypes.external,
        kind: 'External',
        sum: minor(189600),
        processedExternally: true,
      },
    ],
    comment: 'Позвонить за 10 минут',
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null, transportTimeoutMs: 30 });
  adapter = adapterFor(fake);
});

afterAll(async () => {
  await fake.close();
});

describe('the access token', () => {
  it('is asked for once by calls made together, and sent as a bearer token', async () => {
    const own = await startFakeIiko();
    try {
      const fresh = adapterFor(own);
      await Promise.all([
        fresh.organizations(),
        fresh.terminalGroups([D.organizationId]),
        fresh.paymentTypes(D.organizationId),
        fresh.stopLists([D.organizationId]),
      ]);
      expect(own.tokensIssued()).toBe(1);
      const calls = own.requests.filter((request) => request.path !== 'access_token');
      expect(calls).toHaveLength(5);
      expect(new Set(calls.map((request) => request.authorization)).size).toBe(1);
      expect(calls[0]?.authorization).toMatch(/^Bearer \S+$/);
    } finally {
      await own.close();
    }
  });

  it('is renewed before its hour ends, and once when iiko refuses it', async () => {
    const own = await startFakeIiko();
    let now = START;
    try {
      const fresh = adapterFor(own, { now: () => now });
      await fresh.organizations();
      now += 49 * 60_000;
      await fresh.organizations();
      expect(own.tokensIssued()).toBe(1);
      now += 2 * 60_000;
      await fresh.organizations();
      expect(own.tokensIssued()).toBe(2);

      own.expireTokens();
      await expect(fresh.organizations()).resolves.toHaveLength(1);
      expect(own.tokensIssued()).toBe(3);

      own.failNext('organizations', '401');
      await expect(fresh.organizations()).resolves.toHaveLength(1);
      expect(own.tokensIssued()).toBe(4);

      own.failNext('organizations', '401');
      own.failNext('organizations', '401');
      expect((await posError(fresh.organizations())).failure).toBe('auth');
    } finally {
      await own.close();
    }
  });

  it('is refused for a login iiko does not know: auth', async () => {
    const stranger = adapterFor(fake, { apiLogin: 'not-a-login' });
    const error = await posError(stranger.organizations());
    expect(error.failure).toBe('auth');
    expect(error.message).not.toContain('not-a-login');
  });
});

describe('discovery', () => {
  it('lists organizations', async () => {
    expect(await adapter.organizations()).toEqual([{ id: D.organizationId, name: D.organizationName }]);
  });

  it('lists terminal groups with the disabled ones, marked, and their time zone', async () => {
    const groups = await adapter.terminalGroups([D.organizationId]);
    expect(groups).toEqual(
      expect.arrayContaining([
        {
          id: D.terminalGroupId,
          organizationId: D.organizationId,
          name: D.terminalGroupName,
          address: 'ул. Ленина, 1',
          enabled: true,
          timeZone: 'Europe/Moscow',
        },
        expect.objectContaining({ id: D.disabledTerminalGroupId, enabled: false }),
      ]),
    );
    expect(groups).toHaveLength(2);
  });

  it('lists payment types with their kinds', async () => {
    expect(await adapter.paymentTypes(D.organizationId)).toEqual([
      { id: D.paymentTypes.cash, name: 'Наличные', kind: 'Cash', deleted: false },
      { id: D.paymentTypes.card, name: 'Банковская карта', kind: 'Card', deleted: false },
      { id: D.paymentTypes.external, name: 'Оплата на сайте', kind: 'External', deleted: false },
    ]);
  });

  it("reads iiko's time zones: Windows names, IANA names, whole-hour offsets", () => {
    expect(iikoTimeZone('Ekaterinburg Standard Time')).toBe('Asia/Yekaterinburg');
    expect(iikoTimeZone('Europe/Samara')).toBe('Europe/Samara');
    expect(iikoTimeZone('03:00:00')).toBe('Etc/GMT-3');
    expect(iikoTimeZone('UTC-05:00')).toBe('Etc/GMT+5');
    expect(iikoTimeZone('05:30:00')).toBeNull();
    expect(iikoTimeZone('Mars Standard Time')).toBeNull();
    expect(iikoTimeZone(null)).toBeNull();
  });
});

describe('the menu', () => {
  it('resolves groups, dishes, sizes, modifier groups, prices in kopecks, grams and nutrition', async () => {
    const menu = await adapter.menu(D.organizationId, 0);
    expect(menu.revision).toBe(fake.nomenclature().revision);
    // The sauces' group is a group modifier, not a menu group.
    expect(menu.groups.map((group) => group.id).sort()).toEqual([D.groups.rolls, D.groups.drinks].sort());
    expect(menu.groups.find((group) => group.id === D.groups.rolls)).toEqual({
      id: D.groups.rolls,
      name: 'Роллы',
      parentId: null,
      order: 1,
      hidden: false,
      imageUrls: [`${fake.url}/images/rolls.png`],
    });
    // Dishes and goods; modifiers and the delivery service are not dishes.
    expect(menu.dishes.map((dish) => dish.id).sort()).toEqual(
      [D.products.philadelphia, D.products.california, D.products.cola].sort(),
    );
    const philadelphia = menu.dishes.find((dish) => dish.id === D.products.philadelphia);
    expect(philadelphia).toEqual({
      id: D.products.philadelphia,
      code: '0001',
      name: 'Филадельфия',
      description: 'Лосось, сливочный сыр, огурец',
      groupId: D.groups.rolls,
      order: 1,
      hidden: false,
      sizes: [
        { sizeId: D.sizes.small, sizeName: '6 шт', price: 45000, inMenu: true },
        { sizeId: D.sizes.large, sizeName: '10 шт', price: 69050, inMenu: true },
      ],
      weightGrams: 250,
      nutrition: { kcal: 196.5, proteins: 8.4, fats: 9.1, carbs: 20.2 },
      imageUrls: [`${fake.url}/images/philadelphia.png`],
      modifierGroups: [
        {
          id: D.sauceGroupId,
          name: 'Соусы',
          min: 0,
          max: 2,
          items: [
            {
              id: D.products.soySauce,
              name: 'Соевый соус',
              price: 0,
              min: 0,
              max: 1,
              defaultAmount: 1,
              hidden: false,
            },
            {
              id: D.products.spicySauce,
              name: 'Спайси соус',
              price: 4500,
              min: 0,
              max: 2,
              defaultAmount: 0,
              hidden: false,
            },
          ],
        },
      ],
    });
    const california = menu.dishes.find((dish) => dish.id === D.products.california);
    expect(california?.sizes).toEqual([{ sizeId: null, sizeName: null, price: 39000, inMenu: true }]);
    expect(california?.nutrition).toBeNull();
    // A simple modifier is a group of its own, under its own id.
    expect(california?.modifierGroups).toEqual([
      {
        id: D.products.ginger,
        name: 'Имбирь',
        min: 0,
        max: 3,
        items: [
          {
            id: D.products.ginger,
            name: 'Имбирь',
            price: 3000,
            min: 0,
            max: 3,
            defaultAmount: 0,
            hidden: false,
          },
        ],
      },
    ]);
    expect(menu.dishes.find((dish) => dish.id === D.products.cola)).toMatchObject({
      groupId: D.groups.drinks,
      weightGrams: 500,
      sizes: [{ sizeId: null, sizeName: null, price: 12000, inMenu: true }],
    });
  });

  it('answers nothing new for the same revision, and the change after it', async () => {
    const first = await adapter.menu(D.organizationId, 0);
    const same = await adapter.menu(D.organizationId, first.revision);
    expect(same).toEqual({ revision: first.revision, groups: [], dishes: [] });

    fake.addProduct({
      id: '0d000000-0000-4000-8000-000000000001',
      name: 'Темпура',
      type: 'dish', // the service's own spelling
      parentGroup: D.groups.rolls,
      sizePrices: [fakeIikoPrice(null, 455.99), fakeIikoPrice(D.sizes.large, 599, false)],
    });
    fake.updateProduct(D.products.cola, { isDeleted: true });
    const next = await adapter.menu(D.organizationId, first.revision);
    expect(next.revision).toBeGreaterThan(first.revision);
    expect(next.dishes.find((dish) => dish.name === 'Темпура')?.sizes).toEqual([
      { sizeId: null, sizeName: null, price: 45599, inMenu: true },
      { sizeId: D.sizes.large, sizeName: '10 шт', price: 59900, inMenu: false },
    ]);
    expect(next.dishes.find((dish) => dish.id === D.products.cola)?.hidden).toBe(true);
    fake.updateProduct(D.products.cola, { isDeleted: false });
  });

  it("is not-found for an organization iiko does not know (iiko's 400)", async () => {
    const error = await posError(adapter.menu('00000000-0000-4000-8000-000000000000', 0));
    expect(error.failure).toBe('not-found');
    expect(error.message).toContain('not found');
  });
});

describe('stop-lists and zones', () => {
  it('reads stop-lists per terminal group and writes stops and returns', async () => {
    fake.setStopList(D.organizationId, D.terminalGroupId, [
      { productId: D.products.philadelphia, sizeId: D.sizes.small, balance: 0 },
      { productId: D.products.cola, balance: 3 },
    ]);
    expect(await adapter.stopLists([D.organizationId])).toEqual([
      {
        organizationId: D.organizationId,
        terminalGroupId: D.terminalGroupId,
        items: [
          { productId: D.products.philadelphia, sizeId: D.sizes.small, balance: 0 },
          { productId: D.products.cola, sizeId: null, balance: 3 },
        ],
      },
    ]);

    await adapter.setStopped(
      D.organizationId,
      D.terminalGroupId,
      [{ productId: D.products.california, sizeId: null }],
      true,
    );
    expect(fake.stopList(D.organizationId, D.terminalGroupId)).toContainEqual({
      productId: D.products.california,
      sizeId: null,
      balance: 0,
    });
    await adapter.setStopped(
      D.organizationId,
      D.terminalGroupId,
      [
        { productId: D.products.california, sizeId: null },
        { productId: D.products.philadelphia, sizeId: D.sizes.small },
      ],
      false,
    );
    expect(fake.stopList(D.organizationId, D.terminalGroupId)).toEqual([
      { productId: D.products.cola, sizeId: null, balance: 3 },
    ]);
  });

  it('is rejected when the login lacks the rights to change stop-lists', async () => {
    fake.setStopListRights(false);
    try {
      const error = await posError(
        adapter.setStopped(
          D.organizationId,
          D.terminalGroupId,
          [{ productId: D.products.cola, sizeId: null }],
          true,
        ),
      );
      expect(error.failure).toBe('rejected');
    } finally {
      fake.setStopListRights(true);
    }
  });

  it('reads delivery zones and restrictions, sums in kopecks', async () => {
    const zones = await adapter.deliveryRestrictions([D.organizationId]);
    expect(zones.zones).toEqual([
      {
        name: D.zone,
        polygon: [
          [55.75, 37.6],
          [55.76, 37.6],
          [55.76, 37.62],
          [55.75, 37.62],
        ],
      },
    ]);
    expect(zones.restrictions).toEqual([
      {
        zone: D.zone,
        terminalGroupId: D.terminalGroupId,
        minSum: 80000,
        fromMinute: 600,
        toMinute: 1380,
        priority: 0,
        durationMinutes: 50,
        deliveryPrice: null,
      },
    ]);
  });
});

describe('orders', () => {
  it("creates a delivery with iiko's body: roubles, the service type, the payment marked ours", async () => {
    const sent = order();
    const creation = await adapter.createDelivery(sent);
    expect(creation).toMatchObject({ status: 'InProgress', failure: null, message: null });
    expect(await adapter.commandStatus(D.organizationId, creation.correlationId)).toEqual({
      correlationId: creation.correlationId,
      status: 'Success',
      failure: null,
      message: null,
    });
    const made = fake.delivery(sent.id);
    expect(made?.creationStatus).toBe('Success');
    expect(made?.body).toEqual({
      organizationId: D.organizationId,
      terminalGroupId: D.terminalGroupId,
      createOrderSettings: { transportToFrontTimeout: 8, checkStopList: true },
      order: {
        id: sent.id,
        externalNumber: sent.externalNumber,
        completeBefore: null,
        phone: '+79123456789',
        orderServiceType: 'DeliveryByCourier',
        deliveryPoint: {
          coordinates: { latitude: 55.755, longitude: 37.61 },
          address: {
            type: 'city',
            line1: 'Москва, ул. Ленина, 10',
            flat: '12',
            entrance: '2',
            floor: '5',
            doorphone: '12К',
          },
          comment: null,
        },
        comment: 'Позвонить за 10 минут',
        customer: { type: 'one-time', name: 'Анна' },
        guests: { count: 2 },
        items: [
          {
            type: 'Product',
            productId: D.products.philadelphia,
            productSizeId: D.sizes.large,
            amount: 2,
            price: 690.5,
            comment: null,
            modifiers: [
              { productId: D.products.spicySauce, productGroupId: D.sauceGroupId, amount: 1, price: 45 },
            ],
          },
          {
            type: 'Product',
            productId: D.products.california,
            productSizeId: null,
            amount: 1,
            price: 390,
            comment: 'Без васаби',
            modifiers: [{ productId: D.products.ginger, productGroupId: null, amount: 1, price: 30 }],
          },
        ],
        payments: [
          {
            paymentTypeKind: 'External',
            paymentTypeId: D.paymentTypes.external,
            sum: 1896,
            isProcessedExternally: true,
            isFiscalizedExternally: true,
            isPrepay: true,
          },
        ],
      },
    });
    const [state] = await adapter.ordersById(D.organizationId, [sent.id]);
    expect(state).toEqual({
      id: sent.id,
      organizationId: D.organizationId,
      creationStatus: 'Success',
      status: 'Unconfirmed',
      cancelCause: null,
      failure: null,
      message: null,
    });
  });

  it('sends a pickup paid on receipt without a delivery point, the payment not processed', async () => {
    const sent = order({
      method: 'take-away',
      address: null,
      completeBefore: '2026-11-27 19:30:00.000',
      payments: [
        { paymentTypeId: D.paymentTypes.cash, kind: 'Cash', sum: minor(189600), processedExternally: false },
      ],
    });
    await adapter.createDelivery(sent);
    const body = fake.delivery(sent.id)?.body.order as Record<string, unknown>;
    expect(body).toMatchObject({
      orderServiceType: 'DeliveryByClient',
      deliveryPoint: null,
      completeBefore: '2026-11-27 19:30:00.000',
      payments: [
        {
          paymentTypeKind: 'Cash',
          paymentTypeId: D.paymentTypes.cash,
          sum: 1896,
          isProcessedExternally: false,
          isFiscalizedExternally: false,
          isPrepay: false,
        },
      ],
    });
  });

  it('makes one iiko order of the same id sent twice', async () => {
    const sent = order();
    const first = await adapter.createDelivery(sent);
    const second = await adapter.createDelivery(sent);
    expect(second.correlationId).toBe(first.correlationId);
    expect(fake.deliveries().filter((made) => made.id === sent.id)).toHaveLength(1);
    expect(fake.delivery(sent.id)?.creates).toBe(2);
  });

  it("takes iiko's refusal of a duplicate id as the order already made", async () => {
    const strict = await startFakeIiko({ creationDelayMs: null, duplicateOrderId: '400' });
    try {
      const own = adapterFor(strict);
      const sent = order();
      await own.createDelivery(sent);
      strict.completeCreation(sent.id);
      expect(await own.createDelivery(sent)).toEqual({
        correlationId: '',
        status: 'Success',
        failure: null,
        message: null,
      });
      expect(strict.deliveries()).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });

  it('makes one iiko order when iiko failed after creating it and the call is repeated', async () => {
    const sent = order();
    fake.failNext('deliveries/create', '500-after');
    expect((await posError(adapter.createDelivery(sent))).failure).toBe('unavailable');
    await adapter.createDelivery(sent);
    expect(fake.deliveries().filter((made) => made.id === sent.id)).toHaveLength(1);
  });

  it('fails a creation as terminal-offline when the terminal does not take it in time', async () => {
    fake.setTerminalAlive(D.terminalGroupId, false);
    try {
      const sent = order();
      const creation = await adapter.createDelivery(sent);
      expect(creation.status).toBe('InProgress');
      const status = await until(
        () => adapter.commandStatus(D.organizationId, creation.correlationId),
        (answer) => answer.status !== 'InProgress',
      );
      expect(status).toMatchObject({ status: 'Error', failure: 'terminal-offline' });
      expect(status.message).toMatch(/timeout/i);
      const [state] = await adapter.ordersById(D.organizationId, [sent.id]);
      expect(state).toMatchObject({ creationStatus: 'Error', failure: 'terminal-offline', status: null });

      // Once the terminal is back, the same id is tried again and made.
      fake.setTerminalAlive(D.terminalGroupId, true);
      const again = await adapter.createDelivery(sent);
      expect(await adapter.commandStatus(D.organizationId, again.correlationId)).toMatchObject({
        status: 'Success',
      });
      expect(fake.deliveries().filter((made) => made.id === sent.id)).toHaveLength(1);
    } finally {
      fake.setTerminalAlive(D.terminalGroupId, true);
    }
  });

  it('fails a creation as rejected for a stopped dish', async () => {
    fake.setStopList(D.organizationId, D.terminalGroupId, [{ productId: D.products.california, balance: 0 }]);
    try {
      const creation = await adapter.createDelivery(order());
      const status = await until(
        () => adapter.commandStatus(D.organizationId, creation.correlationId),
        (answer) => answer.status !== 'InProgress',
      );
      expect(status).toMatchObject({ status: 'Error', failure: 'rejected' });
      expect(status.message).toMatch(/stop list/);
    } finally {
      fake.setStopList(D.organizationId, D.terminalGroupId, []);
    }
  });

  it("answers iiko's 400s: not-found for an unknown terminal group, rejected for a bad request", async () => {
    const unknown = await posError(
      adapter.createDelivery(order({ terminalGroupId: '00000000-0000-4000-8000-000000000000' })),
    );
    expect(unknown.failure).toBe('not-found');
    const bad = await posError(adapter.createDelivery(order({ phone: '12' })));
    expect(bad.failure).toBe('rejected');
    expect(bad.message).toContain('InvalidPhone');
  });

  it('follows statuses by id and by revision, a cancellation with its cause', async () => {
    const sent = order();
    const creation = await adapter.createDelivery(sent);
    await adapter.commandStatus(D.organizationId, creation.correlationId);
    const before = await adapter.ordersByRevision([D.organizationId], 0);
    fake.setOrderStatus(sent.id, 'CookingStarted');
    const after = await adapter.ordersByRevision([D.organizationId], before.revision);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.orders).toEqual([expect.objectContaining({ id: sent.id, status: 'CookingStarted' })]);

    fake.cancelOrder(sent.id, 'Гость отказался');
    expect(await adapter.ordersById(D.organizationId, [sent.id])).toEqual([
      expect.objectContaining({ status: 'Cancelled', cancelCause: 'Гость отказался', failure: null }),
    ]);
    const latest = await adapter.ordersByRevision([D.organizationId], 0);
    expect(await adapter.ordersByRevision([D.organizationId], latest.revision)).toEqual({
      revision: latest.revision,
      orders: [],
    });
  });

  it('is not-found for a command iiko does not know', async () => {
    const error = await posError(
      adapter.commandStatus(D.organizationId, '00000000-0000-4000-8000-000000000000'),
    );
    expect(error.failure).toBe('not-found');
  });
});

describe('failures', () => {
  it('is unavailable on a 500, a refused connection and an unreadable answer', async () => {
    fake.failNext('payment_types', '500-before');
    expect((await posError(adapter.paymentTypes(D.organizationId))).failure).toBe('unavailable');

    const closed = await startFakeIiko({ seed: false });
    await closed.close();
    expect((await posError(adapterFor(closed).organizations())).failure).toBe('unavailable');

    const garbage: FakeServer = await startFake((request, _body, response) => {
      if (request.url?.endsWith('access_token'))
        return json(response, 200, { correlationId: 'x', token: 't' });
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    });
    try {
      expect((await posError(adapterFor(garbage).organizations())).failure).toBe('unavailable');
    } finally {
      await garbage.close();
    }
  });

  it('is timeout when iiko does not answer in time', async () => {
    const slow = await startFakeIiko({ timeoutHoldMs: 2000 });
    try {
      slow.failNext('organizations', 'timeout');
      const error = await posError(adapterFor(slow, { timeoutMs: 200 }).organizations());
      expect(error.failure).toBe('timeout');
    } finally {
      await slow.close();
    }
  });
});

describe('webhooks', () => {
  it('registers the address and token, and reads what iiko then sends', async () => {
    const received: { authorization: string | undefined; body: unknown }[] = [];
    const receiver = await startFake((request, body, response) => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      json(response, 200, {});
    });
    try {
      await adapter.registerWebhook(
        D.organizationId,
        `${receiver.url}/api/v1/pos/iiko/webhook`,
        'hook-secret',
      );
      expect(fake.webhook()).toEqual({
        webHooksUri: `${receiver.url}/api/v1/pos/iiko/webhook`,
        authToken: 'hook-secret',
        webHooksFilter: expect.objectContaining({
          deliveryOrderFilter: expect.objectContaining({ errors: true }),
          stopListUpdateFilter: { updates: true },
          nomenclatureUpdateFilter: { updates: true },
        }),
      });
      const sent = order();
      await adapter.createDelivery(sent);
      fake.completeCreation(sent.id);
      fake.setOrderStatus(sent.id, 'OnWay');
      fake.setStopList(D.organizationId, D.terminalGroupId, []);
      fake.updateProduct(D.products.cola, { order: 5 });
      await fake.webhooksSettled();
      expect(received.every((call) => call.authorization === 'hook-secret')).toBe(true);
      // Each call goes on its own: they may arrive in any order.
      const events = received.flatMap((call) => adapter.parseWebhook(call.body));
      expect(events).toHaveLength(4);
      expect(events).toEqual(
        expect.arrayContaining([
          {
            kind: 'order',
            organizationId: D.organizationId,
            order: expect.objectContaining({ id: sent.id, creationStatus: 'Success', status: 'Unconfirmed' }),
          },
          {
            kind: 'order',
            organizationId: D.organizationId,
            order: expect.objectContaining({ id: sent.id, status: 'OnWay' }),
          },
          { kind: 'stop-list', organizationId: D.organizationId },
          { kind: 'menu', organizationId: D.organizationId },
        ]),
      );
    } finally {
      await receiver.close();
    }
  });

  it('reads a creation error, and skips what is malformed or unknown without throwing', () => {
    const orderId = '0e000000-0000-4000-8000-0000000000ff';
    expect(
      adapter.parseWebhook([
        {
          eventType: 'DeliveryOrderError',
          eventTime: '2026-11-27 12:00:00.000',
          organizationId: D.organizationId,
          correlationId: '0e000000-0000-4000-8000-0000000000fe',
          eventInfo: {
            id: orderId,
            organizationId: D.organizationId,
            timestamp: 1,
            creationStatus: 'Error',
            errorInfo: { code: 'Common', message: 'Transport timeout: iikoFront did not answer' },
            order: null,
          },
        },
        { eventType: 'ReserveUpdate', organizationId: D.organizationId, eventInfo: {} },
        { eventType: 'DeliveryOrderUpdate', organizationId: D.organizationId, eventInfo: { id: 5 } },
        { eventType: 'StopListUpdate' },
        42,
        null,
        'NomenclatureUpdate',
      ]),
    ).toEqual([
      {
        kind: 'order',
        organizationId: D.organizationId,
        order: {
          id: orderId,
          organizationId: D.organizationId,
          creationStatus: 'Error',
          status: null,
          cancelCause: null,
          failure: 'terminal-offline',
          message: 'Transport timeout: iikoFront did not answer',
        },
      },
    ]);
    for (const junk of [null, undefined, {}, 'x', 7, { eventType: 'StopListUpdate' }, [[]]])
      expect(adapter.parseWebhook(junk)).toEqual([]);
  });
});

describe('the log', () => {
  it('never holds the API login or a token', () => {
    const tokens = fake.requests
      .map((request) => /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1])
      .filter((token): token is string => Boolean(token));
    expect(tokens.length).toBeGreaterThan(0);
    expect(log.lines.length).toBeGreaterThan(0);
    const logged = log.lines.join('\n');
    expect(logged).not.toContain(FAKE_IIKO_API_LOGIN);
    for (const token of new Set(tokens)) expect(logged).not.toContain(token);
  });
});

describe('buildPosAdapter', () => {
  const config = (logins: Record<string, string>) =>
    ({
      env: { IIKO_API_LOGINS: logins, IIKO_API_URL: fake.url, IIKO_TIMEOUT_MS: 2000 },
      brand: { whiteLabel: 'nori' },
    }) as unknown as AppConfig;

  it('is iiko when IIKO_API_LOGINS names the brand, else none', async () => {
    const built = buildPosAdapter(config({ nori: FAKE_IIKO_API_LOGIN }), log.logger);
    expect(built?.provider).toBe('iiko');
    expect(await built?.organizations()).toHaveLength(1);
    expect(buildPosAdapter(config({ other: FAKE_IIKO_API_LOGIN }), log.logger)).toBeNull();
    expect(buildPosAdapter(config({}), log.logger)).toBeNull();
  });
});
