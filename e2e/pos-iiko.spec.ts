import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  FAKE_IIKO_DEMO,
  type FakeIikoDelivery,
  type FakeIikoProduct,
  type FakeIikoWebhookDelivery,
  fakeIikoPrice,
} from '../apps/api/src/test/fakes/iiko.ts';
import { asReturningCustomer, chooseRadio, expect, shot, test, watchCspViolations } from './fixtures.ts';
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

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What the journey reads of a deliveries/create body the fake kept. */
interface Sent {
  phone: string;
  orderServiceType: string;
  items: { productId: string; productSizeId: string | null; amount: number; price: number }[];
  payments: { paymentTypeId: string; sum: number; isProcessedExternally: boolean }[];
}

/** A customer's screen on the desktop and on a phone (`again` brings back what the first showed, after the resize). */
async function shots(page: Page, testInfo: TestInfo, name: string, again?: () => Promise<void>) {
  await shot(page, testInfo, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await again?.();
  await shot(page, testInfo, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await again?.();
}

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
    webhooks: async () =>
      (await (await request.get(url('/fake/webhooks'))).json()) as FakeIikoWebhookDelivery[],
    setStatus: (id: string, status: string) => post(`/fake/orders/${id}/status`, { status }),
    setTerminalAlive: (alive: boolean) =>
      post(`/fake/terminal-groups/${FAKE_IIKO_DEMO.terminalGroupId}/alive`, { alive }),
  };
}

/**
 * The manager signs in on the POS tab of the restaurants' section, links restaurant 2 to the fake's demo organization,
 * its terminal group and iiko's cash type, then syncs now; the log shows the dish the sync added.
 */
async function linkAndSync(page: Page, testInfo: TestInfo) {
  await page.goto('/admin/restaurants/pos');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Касса (iiko)' })).toBeVisible();
  // The screen's own restaurant picker (the shell keeps one of its own for narrow screens).
  const screen = page.getByRole('region', { name: 'Касса (iiko)' });
  await screen.getByLabel('Ресторан', { exact: true }).selectOption({ label: RESTO.name });
  await expect(page.getByRole('heading', { name: 'Не связан: заказы ведутся на нашей доске' })).toBeVisible();

  // What iiko lists: the organization, its terminal group, its payment types; restaurant 2 takes cash only.
  await page.getByLabel(/^Организация/).selectOption(FAKE_IIKO_DEMO.organizationId);
  await page.getByLabel(/^Группа терминалов/).selectOption(FAKE_IIKO_DEMO.terminalGroupId);
  await page.getByLabel(/^Наличными/).selectOption(FAKE_IIKO_DEMO.paymentTypes.cash);
  await expect(page.getByLabel(/^Картой/)).toHaveCount(0);
  await shot(page, testInfo, '01-link-form');
  await page.getByRole('button', { name: 'Связать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Связь сохранена' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Связан с iiko' })).toBeVisible();
  await expect(page.getByText(/^зарегистрирован /)).toBeVisible();

  await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
  // The schedule may have read the new organization first: then this sync finds nothing new, and the log has it.
  await expect(page.getByRole('status').filter({ hasText: /^Синхронизация выполнена/ })).toBeVisible();
  const log = page.getByRole('region', { name: 'Журнал обмена с iiko' });
  const synced = log.getByRole('listitem').filter({ hasText: 'Меню' }).filter({ hasText: DISH.name });
  await expect(synced.first()).toBeVisible();
  await expect(synced.first()).toContainText('успешно');
  await synced.first().scrollIntoViewIfNeeded();
  await shot(page, testInfo, '02-log-synced');
}

/** From the cart to the placed order's page, paying cash at the counter: the order's number. */
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
  browser,
  baseURL,
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

  await linkAndSync(page, testInfo);

  // The customer, in a browser of their own, picks up at restaurant 2: its menus, the iiko one among them.
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'ru-RU' });
  try {
    const customer = await context.newPage();
    const violations = await watchCspViolations(customer);
    await asReturningCustomer(customer, {
      resto_id: String(RESTO.id),
      order_delivery_method: '"TAKE_AWAY"',
      person_cookies_consent_accepted: 'true',
    });
    await customer.goto('/');
    const dish = customer.getByRole('article', { name: DISH.name, exact: true });
    await expect(dish).toBeVisible();
    await expect(dish).toContainText(rub(`${DISH.roubles} ₽`));
    await expect(dish).toContainText('260 г');
    await dish.scrollIntoViewIfNeeded();
    await shots(customer, testInfo, '03-storefront-dish', () => dish.scrollIntoViewIfNeeded());
    await dish.getByRole('button', { name: `Добавить «${DISH.name}» в корзину` }).click();
    await dish.getByRole('button', { name: 'Добавить ещё' }).click();
    await expect(dish.getByTestId('cart-count')).toHaveText('2');

    const phone = journeyPhone('919', testInfo, 1);
    // No status is asserted here: the order may already be iiko's (accepted) by the time its page draws.
    const number = await placeCashTakeAway(customer, phone);

    // Paid on receipt, it may be cooked now: the worker sends it at once, with iiko's ids, roubles and the phone.
    const ours = async () =>
      (await iiko.deliveries()).find((d) => (d.body.order as Sent).phone === phone.normalized);
    await expect
      .poll(async () => (await ours())?.creationStatus, { message: 'the order made in the fake iiko' })
      .toBe('Success');
    const delivery = (await ours()) as FakeIikoDelivery;
    const sent = delivery.body.order as Sent;
    expect(delivery.organizationId).toBe(FAKE_IIKO_DEMO.organizationId);
    expect(delivery.terminalGroupId).toBe(FAKE_IIKO_DEMO.terminalGroupId);
    expect(delivery.creates).toBe(1);
    expect(sent.orderServiceType).toBe('DeliveryByClient');
    expect(sent.items).toEqual([
      expect.objectContaining({ productId: product.id, productSizeId: null, amount: 2, price: DISH.roubles }),
    ]);
    expect(sent.payments).toEqual([
      expect.objectContaining({
        paymentTypeId: FAKE_IIKO_DEMO.paymentTypes.cash,
        sum: 2 * DISH.roubles,
        isProcessedExternally: false,
      }),
    ]);
    // iiko took it (Unconfirmed): its webhook makes the order accepted, and the page follows without a reload.
    await expect(customer.getByTestId('order-status')).toContainText('Принят рестораном');
    await shots(customer, testInfo, '04-order-accepted');

    // iikoFront starts cooking: iiko's webhook reaches the server with its token, and the page follows live.
    await iiko.setStatus(delivery.id, 'CookingStarted');
    await expect(customer.getByTestId('order-status')).toContainText('Готовится');
    await expect(customer.getByTestId('order-number')).toHaveText(number);
    await expect
      .poll(async () => (await iiko.webhooks()).filter((w) => w.eventType === 'DeliveryOrderUpdate'), {
        message: 'the order webhooks the server took',
      })
      .toEqual(expect.arrayContaining([expect.objectContaining({ status: 200 })]));
    expect((await iiko.webhooks()).filter((w) => w.status !== 200)).toEqual([]);
    await shots(customer, testInfo, '05-order-cooking');
    expect(violations, 'Content-Security-Policy violations on the customer’s page').toEqual([]);

    // The back office's log tells the order's transfer and iiko's status. It is read when the screen opens: a
    // reload, and restaurant 2 picked again (the screen opens on the first).
    await page.reload();
    await page
      .getByRole('region', { name: 'Касса (iiko)' })
      .getByLabel('Ресторан', { exact: true })
      .selectOption({ label: RESTO.name });
    await expect(page.getByText(/последнее событие/)).toBeVisible();
    const entries = page.getByRole('region', { name: 'Журнал обмена с iiko' }).getByRole('listitem');
    await expect(entries.filter({ hasText: 'Заказ' }).filter({ hasText: number }).first()).toBeVisible();
    const status = entries.filter({ hasText: 'Статус заказа' }).filter({ hasText: 'CookingStarted' }).first();
    await expect(status).toBeVisible();
    await status.scrollIntoViewIfNeeded();
    await shot(page, testInfo, '06-log-order');

    // The terminal stops answering: iiko cannot hand the next order to the kitchen (its transport timeout), and
    // the board flags the order with the reason, live, until staff mark it entered by hand.
    await iiko.setTerminalAlive(false);
    try {
      await customer.goto('/');
      await dish.getByRole('button', { name: `Добавить «${DISH.name}» в корзину` }).click();
      await customer.getByTestId('cart-button').click();
      await expect(customer.getByTestId('checkout-form')).toBeVisible();
      await customer.getByTestId('contact-name').fill('Дарья');
      await chooseRadio(customer.getByTestId('payment-method-CASH_UPON_RECEIPT'));
      await customer.getByTestId('place-order').click();
      await expect(customer).toHaveURL(/\/orders\/\d+$/);
      const second = (await customer.getByTestId('order-number').textContent()) ?? '';
      expect(second).not.toBe(number);

      await page.goto('/admin/board');
      // The board opens on the first restaurant.
      await page
        .getByRole('main')
        .getByLabel('Ресторан', { exact: true })
        .selectOption({ label: RESTO.name });
      const card = page.getByRole('article', { name: second, exact: true });
      const flag = card.getByTestId('pos-flag');
      // iiko waits for the terminal for 8 s before it gives the creation up.
      await expect(flag).toContainText('Не передан в iiko.', { timeout: 45_000 });
      await expect(flag).toContainText('Терминал ресторана не принял заказ');
      await expect(flag).toHaveAttribute('data-code', 'pos.terminal-offline');
      await card.scrollIntoViewIfNeeded();
      await shots(page, testInfo, '07-board-flagged', () => card.scrollIntoViewIfNeeded());
      await card.getByRole('button', { name: 'Вбит вручную' }).click();
      await expect(card).toContainText('Вбит в iiko вручную');
      await expect(card.getByTestId('pos-flag')).toHaveCount(0);
      await shot(page, testInfo, '08-board-taken-over');
    } finally {
      await iiko.setTerminalAlive(true);
    }
  } finally {
    await context.close();
  }
});
