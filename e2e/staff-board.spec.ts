import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, test, watchCspViolations } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * The restaurant's order board (decision 23) beside a customer: the customer orders in one browser context
 * while staff watch /staff in another, and each side sees the other's change without a reload. Staff sign
 * in as the demo brand's operator of restaurant 1; customers with 916… numbers (journeyPhone).
 */

const STAFF = { login: 'kazan', password: 'demo-kazan-2026' };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

const boardViolations = new WeakMap<Page, string[]>();
const expectNoBoardViolations = (board: Page) =>
  expect(boardViolations.get(board), 'Content-Security-Policy violations on the board').toEqual([]);

/** A second browser context (its own storage: no customer session) with staff signed in on /staff. */
async function openBoard(browser: Browser, baseURL: string | undefined): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, viewport: TABLET, locale: 'ru-RU' });
  const board = await context.newPage();
  // The fixture watches only `page`: the board's own page runs under the policy as well.
  boardViolations.set(board, await watchCspViolations(board));
  await board.goto('/admin/board');
  await board.getByLabel('Логин').fill(STAFF.login);
  await board.getByLabel('Пароль').fill(STAFF.password);
  await board.getByRole('button', { name: 'Войти' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  await expect(board.getByTestId('column-new')).toBeVisible();
  return [context, board];
}

/** A cash-on-delivery order from restaurant 1, as the checkout journey places it; its number. */
async function placeCashOrder(
  page: Page,
  testInfo: TestInfo,
  journey: number,
  name: string,
): Promise<string> {
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('916', testInfo, journey));
  await page.getByTestId('contact-name').fill(name);
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('delivery-apartment').fill('12');
  await page.getByTestId('order-comment').fill('Позвоните за 10 минут');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
  await expect(page.getByTestId('order-status')).toContainText('Новый');
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

test.describe('order board', () => {
  test('a new order reaches the board live; staff accept it with a delay and the customer sees it live', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const [staffContext, board] = await openBoard(browser, baseURL);
    try {
      const number = await placeCashOrder(page, testInfo, 1, 'Анна');
      const promisedBefore = await page.getByTestId('order-promised').textContent();

      // No reload: the staff event stream brings it into 'Новые', counted in the tab's title.
      const card = board.getByTestId('column-new').getByRole('article', { name: number, exact: true });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Доставка');
      await expect(card).toContainText('кв. 12');
      await expect(card).toContainText('Канада');
      await expect(card).toContainText('Позвоните за 10 минут');
      await expect(card).toContainText('Наличными при получении');
      await expect(board).toHaveTitle(/^\(\d+\) Заказы — /);
      await board.getByRole('button', { name: 'Включить звук' }).click();
      await shot(board, testInfo, 'staff-board-1024');

      await card.getByRole('combobox').selectOption({ label: 'задержать на 20 мин' });
      await card.getByRole('button', { name: 'Принять' }).click();
      await expect(
        board.getByTestId('column-accepted').getByRole('article', { name: number, exact: true }),
      ).toBeVisible();

      // The customer's page follows without a reload: accepted, promised 20 minutes later.
      await expect(page.getByTestId('order-status')).toContainText('Принят рестораном');
      await expect(page.getByTestId('order-promised')).not.toHaveText(promisedBefore ?? '');

      // One step forward on the board: into 'Готовятся'.
      const accepted = board
        .getByTestId('column-accepted')
        .getByRole('article', { name: number, exact: true });
      await accepted.getByRole('button', { name: 'Готовим' }).click();
      await expect(
        board.getByTestId('column-cooking').getByRole('article', { name: number, exact: true }),
      ).toBeVisible();
      await expect(page.getByTestId('order-status')).toContainText('Готовится');

      // A phone: one column at a time behind tabs.
      await board.setViewportSize(PHONE);
      await board.getByRole('tab', { name: /^Готовятся/ }).click();
      await expect(board.getByRole('article', { name: number, exact: true })).toBeVisible();
      await shot(board, testInfo, 'staff-board-390');
      expectNoBoardViolations(board);
    } finally {
      await staffContext.close();
    }
  });

  test('staff decline an order with a reason and the customer reads it', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const [staffContext, board] = await openBoard(browser, baseURL);
    try {
      const number = await placeCashOrder(page, testInfo, 2, 'Борис');
      const card = board.getByTestId('column-new').getByRole('article', { name: number, exact: true });
      await card.getByRole('button', { name: 'Отклонить' }).click();
      const dialog = board.getByRole('dialog', { name: `Отклонить заказ ${number}?` });
      await dialog.getByLabel('Кухня перегружена и не успеет приготовить заказ вовремя').check();
      await shot(board, testInfo, 'staff-decline-dialog');
      await dialog.getByRole('button', { name: 'Отклонить заказ' }).click();
      await expect(dialog).toBeHidden();
      await expect(board.getByRole('article', { name: number, exact: true })).toHaveCount(0);

      await expect(page.getByRole('heading', { name: 'Ресторан отклонил заказ' })).toBeVisible();
      await expect(page.getByTestId('order-decline-reason')).toHaveText(
        'Кухня перегружена и не успеет приготовить заказ вовремя',
      );
      await shot(page, testInfo, 'order-declined');
      expectNoBoardViolations(board);
    } finally {
      await staffContext.close();
    }
  });

  test('a take-away pre-order for tomorrow shows its day, and its decline offers no courier reason', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const [staffContext, board] = await openBoard(browser, baseURL);
    try {
      // Take-away at restaurant 1 (asReturningCustomer's choice), for tomorrow's first slot.
      await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
      await addCanadaTwice(page);
      await page.getByTestId('cart-button').click();
      await signInFromCart(page, journeyPhone('916', testInfo, 3));
      await page.getByTestId('contact-name').fill('Вера');
      await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
      await chooseRadio(page.getByTestId('when-pre-order'));
      const day = page.getByTestId('pre-order-day');
      await day.selectOption((await day.locator('option').nth(1).getAttribute('value')) ?? '');
      const slot = (await page.getByTestId('pre-order-slot').locator('option:checked').textContent()) ?? '';
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(/\/orders\/\d+$/);
      const number = (await page.getByTestId('order-number').textContent()) ?? '';

      const card = board.getByRole('article', { name: number, exact: true });
      await expect(card).toBeVisible();
      await expect(card).toContainText(`Предзаказ на завтра, ${slot}`);
      await expect(card).toContainText('Самовывоз');
      await card.getByRole('button', { name: 'Отклонить' }).click();
      const dialog = board.getByRole('dialog', { name: `Отклонить заказ ${number}?` });
      await expect(
        dialog.getByLabel('Кухня перегружена и не успеет приготовить заказ вовремя'),
      ).toBeVisible();
      await expect(dialog.getByText('Курьер не сможет доставить заказ по этому адресу')).toHaveCount(0);
      await shot(board, testInfo, 'staff-decline-take-away-1024');
      await board.setViewportSize(PHONE);
      await shot(board, testInfo, 'staff-decline-take-away-390');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await shot(board, testInfo, 'staff-pre-order-tomorrow-390');
      expectNoBoardViolations(board);
    } finally {
      await staffContext.close();
    }
  });
});
