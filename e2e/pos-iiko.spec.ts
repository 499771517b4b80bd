import type { APIRequestContext, Page } from '@playwright/test';
import {
  FAKE_IIKO_DEMO,
  type FakeIikoDelivery,
  type FakeIikoProduct,
  fakeIikoPrice,
} from '../apps/api/src/test/fakes/iiko.ts';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/**
 * The iiko journey (docs/iiko.md): on the `pos` server, the only one given the fake iiko's address and API login
 * (playwright.config.ts), a manager links restaurant 2 (Нори-Нори на Пушкина, Kazan: take-away paid in cash, so one
 * payment type to map) to the fake's demo organization and syncs; a dish added in iiko reaches the storefront; a
 * customer (919… numbers) orders it; the order reaches iiko with iiko's ids and roubles; iiko's status webhook moves
 * the customer's page live.
 */
test.use({ clock: 'pos' });

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const RESTO = { id: 2, name: 'Нори-Нори на Пушкина' };
/** A dish of iiko's own, in its demo rolls group: no demo menu has its name. */
const DISH = { name: 'Ролл «Журавль» из iiko', roubles: 390, weightKg: 0.26 };

/** The fake iiko's control API (/fake/…, apps/api/src/test/fakes/iiko.ts), on the port the config picked. */
function fakeIiko(request: APIRequestContext) {
  const port = process.env.E2E_IIKO_PORT;
  if (!port) throw new Error('E2E_IIKO_PORT is not set (playwright.config.ts sets it)');
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const post = async (path: string, data: unknown) => {
    const response = await request.post(url(path), { data });
    expect(response.status(), `the fake iiko's ${path}`).toBe(200);
    return response.json();
  };
  return {
    addProduct: (product: Partial<FakeIikoProduct> & { name: string }) =>
      post('/fake/products', product) as Promise<FakeIikoProduct>,
    deliveries: async () => (await (await request.get(url('/fake/deliveries'))).json()) as FakeIikoDelivery[],
    setStatus: (id: string, status: string) => post(`/fake/orders/${id}/status`, { status }),
  };
}

/** The manager's staff token for the admin API (as the zones journey signs in through it). */
async function managerToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: MANAGER });
  expect(signIn.status()).toBe(200);
  return ((await signIn.json()) as { accessToken: string }).accessToken;
}

/** Links restaurant 2 to the fake's demo organization and terminal group, cash as iiko's cash type; syncs. */
async function linkAndSyncThroughApi(request: APIRequestContext) {
  const authorization = `Bearer ${await managerToken(request)}`;
  const path = `/api/v1/admin/restos/${RESTO.id}/pos`;
  const current = await request.get(path, { headers: { authorization } });
  expect(current.status()).toBe(200);
  const link = await request.put(path, {
    headers: { authorization, 'if-match': current.headers().etag ?? '' },
    data: {
      organizationId: FAKE_IIKO_DEMO.organizationId,
      terminalGroupId: FAKE_IIKO_DEMO.terminalGroupId,
      paymentTypes: { cash: FAKE_IIKO_DEMO.paymentTypes.cash },
    },
  });
  expect(link.status(), await link.text()).toBe(200);
  const sync = await request.post(`${path}/sync`, { headers: { authorization } });
  expect(sync.status(), await sync.text()).toBe(200);
  const log = await request.get(`${path}/log?kind=sync`, { headers: { authorization } });
  const { entries } = (await log.json()) as { entries: { ok: boolean; summary: { added?: string[] } }[] };
  expect(entries[0]?.ok).toBe(true);
  expect(entries[0]?.summary.added).toContain(DISH.name);
}

/** The customer's order page: its number and our order id (from the address). */
async function placeCashTakeAway(page: Page, phone: { typed: string; normalized: string }) {
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, phone, 'pos');
  await page.getByTestId('contact-name').fill('Дарья');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/П-\d{3}/);
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

test('a manager links a restaurant to iiko; an iiko dish is ordered, reaches iiko and iiko’s status moves the order', async ({
  page,
  request,
}, testInfo) => {
  // Once per run: both projects would share the pos server's restaurant 2 and the one fake iiko.
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  const iiko = fakeIiko(request);

  // A new dish in iiko before the first sync.
  const product = await iiko.addProduct({
    name: DISH.name,
    description: 'Угорь, сливочный сыр, огурец',
    parentGroup: FAKE_IIKO_DEMO.groups.rolls,
    weight: DISH.weightKg,
    sizePrices: [fakeIikoPrice(null, DISH.roubles)],
  });

  await linkAndSyncThroughApi(request);

  // The customer picks up at restaurant 2: its menus, the iiko one among them, are shown.
  await asReturningCustomer(page, {
    resto_id: String(RESTO.id),
    order_delivery_method: '"TAKE_AWAY"',
    person_cookies_consent_accepted: 'true',
  });
  await page.goto('/');
  const dish = page.getByRole('article', { name: DISH.name, exact: true });
  await expect(dish).toBeVisible();
  await expect(dish).toContainText(rub(`${DISH.roubles} ₽`));
  await dish.scrollIntoViewIfNeeded();
  await shot(page, testInfo, '03-storefront-dish');
  await dish.getByRole('button', { name: `Добавить «${DISH.name}» в корзину` }).click();
  await dish.getByRole('button', { name: 'Добавить ещё' }).click();
  await expect(dish.getByTestId('cart-count')).toHaveText('2');

  const phone = journeyPhone('919', testInfo, 1);
  const number = await placeCashTakeAway(page, phone);
  await expect(page.getByTestId('order-status')).toContainText('Новый');

  // The worker sends it at once (paid on receipt): iiko's ids, the amount, roubles, the phone.
  const ours = async () =>
    (await iiko.deliveries()).find((d) => d.body.order && JSON.stringify(d.body).includes(phone.normalized));
  await expect
    .poll(async () => (await ours())?.creationStatus, { message: 'the order in the fake iiko' })
    .toBe('Success');
  const delivery = (await ours()) as FakeIikoDelivery;
  const sent = delivery.body.order as {
    phone: string;
    externalNumber: string | null;
    orderServiceType: string;
    items: { productId: string; amount: number; price: number }[];
    payments: { paymentTypeId: string; sum: number; isProcessedExternally: boolean }[];
  };
  expect(delivery.organizationId).toBe(FAKE_IIKO_DEMO.organizationId);
  expect(delivery.terminalGroupId).toBe(FAKE_IIKO_DEMO.terminalGroupId);
  expect(delivery.creates).toBe(1);
  expect(sent.phone).toBe(phone.normalized);
  expect(sent.orderServiceType).toBe('DeliveryByClient');
  expect(sent.items).toEqual([
    expect.objectContaining({ productId: product.id, amount: 2, price: DISH.roubles }),
  ]);
  expect(sent.payments).toEqual([
    expect.objectContaining({
      paymentTypeId: FAKE_IIKO_DEMO.paymentTypes.cash,
      sum: 2 * DISH.roubles,
      isProcessedExternally: false,
    }),
  ]);
  await shot(page, testInfo, '04-order-new');

  // iikoFront starts cooking: the webhook reaches the server and the customer's page follows without a reload.
  await iiko.setStatus(delivery.id, 'CookingStarted');
  await expect(page.getByTestId('order-status')).toContainText('Готовится');
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await shot(page, testInfo, '05-order-cooking');
});
