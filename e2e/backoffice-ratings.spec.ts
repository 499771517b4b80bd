import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, test, watchCspViolations } from './fixtures.ts';
import { addCanadaTwice, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * A low rating flagged to the restaurant's managers on the board (decision 57): the manager moves a customer's
 * take-away order to done on the board, the customer gives it 2 stars with a tag and a comment, the flag arrives on
 * the manager's and the owner's boards without a reload (the 'rated' event), the order's card shows the rating, and
 * «Просмотрено» on one board takes the flag off both (the 'rating-seen' event). Customers with 949… numbers (journeyPhone); restaurant 1 of the noon server, paid in cash.
 * Other journeys may leave low ratings of their own there: this one looks only at its own order's flag.
 */

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const SHOTS = '/tmp/shots-board';
const COMMENT = 'Роллы остыли, пока ждали';

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

/** A take-away cash order at restaurant 1 from the customer's own page; its id and number. */
async function placeTakeAway(page: Page, testInfo: TestInfo) {
  await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('949', testInfo, 1));
  await page.getByTestId('contact-name').fill('Пётр');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
  const id = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
  return { id, number: (await page.getByTestId('order-number').textContent()) ?? '' };
}

/** A manager (every restaurant of the brand) on the board, restaurant 1 chosen, in a context of their own. */
async function openManagerBoard(
  browser: Browser,
  baseURL: string | undefined,
  who = MANAGER,
): Promise<[BrowserContext, Page, string[]]> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
  });
  const board = await context.newPage();
  const violations = await watchCspViolations(board);
  await board.goto('/admin/board');
  await board.getByLabel('Логин').fill(who.login);
  await board.getByLabel('Пароль').fill(who.password);
  await board.getByRole('button', { name: 'Войти' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  await board.getByLabel('Ресторан').selectOption('1');
  return [context, board, violations];
}

/** The customer's own call, with the token the storefront keeps (its subject is the person's id). */
async function rateAsCustomer(page: Page, orderId: number) {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('person_token_set') ?? '{}') as { accessToken?: string }).accessToken,
  );
  expect(token, 'the customer is signed in').toBeTruthy();
  const payload = String(token).split('.')[1] ?? '';
  const personId = Number(
    (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub,
  );
  const answer = await page.request.put(`/api/v1/persons/${personId}/orders/${orderId}/rating`, {
    headers: { authorization: `Bearer ${token}` },
    data: { stars: 2, tags: ['cold'], comment: COMMENT },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe('low ratings on the board', () => {
  test('a 2-star rating is flagged to the manager live, shows on the order’s card, and goes once seen', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const [managerContext, board, violations] = await openManagerBoard(browser, baseURL);
    // The owner watches the same restaurant on a board of their own.
    const [ownerContext, ownerBoard] = await openManagerBoard(browser, baseURL, OWNER);
    try {
      const { id, number } = await placeTakeAway(page, testInfo);

      // The manager moves it to done on the board.
      const card = board.getByRole('article', { name: number, exact: true });
      await card.getByRole('button', { name: 'Принять' }).click();
      await card.getByRole('button', { name: 'Готовим' }).click();
      await card.getByRole('button', { name: 'Готов к выдаче' }).click();
      await card.getByRole('button', { name: 'Выдан' }).click();
      await expect(board.getByTestId('column-done').getByRole('article', { name: number })).toBeVisible();
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'done');
      await expect(board.getByTestId(`low-rating-${id}`)).toHaveCount(0);

      await rateAsCustomer(page, id);

      // No reload: the stream's 'rated' event reads the flags again.
      const flag = board.getByTestId(`low-rating-${id}`);
      await expect(flag).toHaveText(new RegExp(`^Оценка 2 ★ · ${number} · Холодное · “${COMMENT}”`));
      await expect(ownerBoard.getByTestId(`low-rating-${id}`)).toBeVisible();
      await expect(board.getByTestId('low-ratings-badge')).toHaveText(/^Низкие оценки: \d+$/);
      const done = board.getByTestId('column-done').getByRole('article', { name: number });
      const rating = done.getByTestId('order-rating');
      await expect(rating).toHaveAttribute('data-stars', '2');
      await expect(rating).toContainText('Холодное');
      await expect(rating).toContainText(`“${COMMENT}”`);
      await shot(board, testInfo, 'board-low-rating');
      await shots(board, 'board-flag');
      await done.scrollIntoViewIfNeeded();
      await shots(board, 'order-card-rating');
      await board.setViewportSize({ width: 800, height: 900 });
      await board.evaluate(() => window.scrollTo(0, 0));
      await shots(board, 'board-flag');
      await done.scrollIntoViewIfNeeded();
      await shots(board, 'order-card-rating');

      await flag.getByRole('button', { name: /^Просмотрено/ }).click();
      await expect(flag).toHaveCount(0);
      // Seen for every manager: the owner's open board takes the flag down without a reload (the 'rating-seen'
      // event), and a fresh board has no flag for it either.
      await expect(ownerBoard.getByTestId(`low-rating-${id}`)).toHaveCount(0);
      await board.reload();
      await expect(board.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
      await board.getByLabel('Ресторан').selectOption('1');
      await expect(board.getByTestId('column-done').getByRole('article', { name: number })).toBeVisible();
      await expect(board.getByTestId(`low-rating-${id}`)).toHaveCount(0);
      expect(violations, 'CSP violations on the board').toEqual([]);
    } finally {
      await managerContext.close();
      await ownerContext.close();
    }
  });
});
