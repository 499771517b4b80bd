import type { Page } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * Busy mode grown up (decision 56): the operator of restaurant 1 adds +30 minutes to every promised time from the
 * board, sees it on the restaurant's header until when, and clears it after a confirmation. On the 'chain' server,
 * whose journeys read restaurant 1's sums, never its promised times; the delay is cleared before the journey ends.
 */
test.use({ clock: 'chain' });

const STAFF = { login: 'kazan', password: 'demo-kazan-2026' };

async function shots(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, testInfo, `${name}-${width}`);
    await page.screenshot({ path: `/tmp/shots-bo/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('staff add +30 minutes on the board and clear it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  await page.goto('/admin/board');
  await page.getByLabel('Логин').fill(STAFF.login);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Задержка заказов' });
  await expect(panel.getByRole('status')).toHaveText('Без задержки');

  const added = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/v1/staff/restos/1/delay'),
  );
  await panel.getByRole('button', { name: '+30 мин' }).click();
  const answer = await added;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ extraMinutes: 30 });
  await expect(page.getByTestId('resto-delay')).toHaveText(/^Задержка \+30 мин до \d\d:\d\d$/);
  await expect(panel.getByRole('button', { name: '+30 мин' })).toHaveAttribute('aria-pressed', 'true');
  // The board read anew keeps it: the server holds the delay, not the page.
  await page.reload();
  await expect(page.getByTestId('resto-delay')).toHaveText(/^Задержка \+30 мин до \d\d:\d\d$/);
  await shots(page, testInfo, 'board-delay');

  await panel.getByRole('button', { name: 'Снять' }).click();
  const confirm = page.getByRole('dialog', { name: 'Снять задержку?' });
  await expect(confirm).toBeVisible();
  await shots(page, testInfo, 'board-delay-clear-confirm');
  const cleared = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/v1/staff/restos/1/delay'),
  );
  await confirm.getByRole('button', { name: 'Снять' }).click();
  expect((await cleared).request().postDataJSON()).toEqual({ extraMinutes: 0 });
  await expect(panel.getByRole('status')).toHaveText('Без задержки');
  await expect(page.getByTestId('resto-delay')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Задержка заказов' }).getByRole('status')).toHaveText(
    'Без задержки',
  );
});

test('an order’s condiments given free are marked on its board card', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  // A customer orders Канада twice for delivery, cash; the demo brand gives chopsticks and sauces per person.
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('941', testInfo, 1), 'chain');
  await page.getByTestId('contact-name').fill('Ильдар');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('delivery-apartment').fill('7');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'ru-RU',
  });
  const board = await context.newPage();
  await board.goto('/admin/board');
  await board.getByLabel('Логин').fill(STAFF.login);
  await board.getByLabel('Пароль').fill(STAFF.password);
  await board.getByRole('button', { name: 'Войти' }).click();
  const card = board.getByRole('article').filter({ hasText: number });
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Канада' }).first()).not.toContainText(
    'бесплатно',
  );
  await expect(card.getByRole('listitem').filter({ hasText: 'Палочки' })).toContainText('бесплатно');
  await card.scrollIntoViewIfNeeded();
  await shots(board, testInfo, 'board-card-free-lines');
  await context.close();
});
