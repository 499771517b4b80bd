import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import type { AppConfig } from '../apps/api/src/config.ts';
import { readRatingLinkKey, signRatingToken } from '../apps/api/src/modules/ratings/rating-token.ts';
import { asReturningCustomer, chooseRadio, expect, shot, test, watchCspViolations } from './fixtures.ts';
import { addCanadaTwice, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * The customer's rating of a done order (decision 57): rated on the order page after staff move it to done on
 * the board, counted in the owner's reports; and rated behind a rating link without sign-in, whose expired or
 * forged token is refused in words. Customers with 943… numbers (journeyPhone); take-away at restaurant 1 of the
 * noon server, paid in cash.
 */

const STAFF = { login: 'kazan', password: 'demo-kazan-2026' };
const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const SHOTS = '/tmp/shots-rating';
const REVIEW_LINKS = {
  yandexMaps: 'https://yandex.ru/maps/org/nori_nori/1000000001/reviews/',
  twoGis: 'https://2gis.ru/kazan/firm/1000000001/tab/reviews',
};

async function shots(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

async function staffHeaders(request: APIRequestContext, who: { login: string; password: string }) {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: who });
  expect(signIn.status()).toBe(200);
  return { authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

/** Restaurant 1's map listings, so a pleased customer is invited to review it (the same on every run). */
async function giveReviewLinks(request: APIRequestContext) {
  const headers = await staffHeaders(request, OWNER);
  const resto = await request.get('/api/v1/admin/restos/1', { headers });
  expect(resto.status()).toBe(200);
  const patch = await request.patch('/api/v1/admin/restos/1', {
    headers: { ...headers, 'if-match': resto.headers().etag ?? '' },
    data: { reviewLinks: REVIEW_LINKS },
  });
  expect(patch.status(), await patch.text()).toBe(200);
}

/** The brand-local day (Kazan, +03:00) of the server's clock: the report's period. */
async function serverDay(request: APIRequestContext): Promise<string> {
  const { utc_time } = (await (await request.get('/1/now')).json()) as { utc_time: string };
  return new Date(Date.parse(utc_time) + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** A take-away cash order at restaurant 1 from the customer's own page; its id and number. */
async function placeTakeAway(page: Page, testInfo: TestInfo, journey: number) {
  await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('943', testInfo, journey));
  await page.getByTestId('contact-name').fill('Ирина');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
  const id = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
  return { id, number: (await page.getByTestId('order-number').textContent()) ?? '' };
}

/** Staff of restaurant 1 signed in on the board, in a context of their own. */
async function openBoard(
  browser: Browser,
  baseURL: string | undefined,
): Promise<[BrowserContext, Page, string[]]> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
    locale: 'ru-RU',
  });
  const board = await context.newPage();
  const violations = await watchCspViolations(board);
  await board.goto('/admin/board');
  await board.getByLabel('Логин').fill(STAFF.login);
  await board.getByLabel('Пароль').fill(STAFF.password);
  await board.getByRole('button', { name: 'Войти' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  return [context, board, violations];
}

/** The owner on the reports screen for one day and restaurant 1: the ratings it counts (none on a day without orders). */
async function reportRatings(report: Page, day: string): Promise<number> {
  await report.goto(`/admin/reports?from=${day}&to=${day}&restos=1`);
  const ratings = report.getByTestId('report-ratings');
  const empty = report.getByText('За этот период заказов нет');
  await expect(ratings.or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  return Number(await ratings.getByTestId('report-ratings-count').textContent());
}

async function signInOwner(browser: Browser, baseURL: string | undefined): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
  });
  const report = await context.newPage();
  await report.goto('/admin/reports');
  await report.getByLabel('Логин').fill(OWNER.login);
  await report.getByLabel('Пароль').fill(OWNER.password);
  await report.getByRole('button', { name: 'Войти' }).click();
  await expect(report.getByRole('heading', { level: 1, name: 'Отчёты' })).toBeVisible();
  return [context, report];
}

/** Staff's moves through the API (accept, cook, ready, hand over): the link journey's order only needs to be done. */
async function moveToDone(request: APIRequestContext, orderId: number) {
  const headers = await staffHeaders(request, STAFF);
  const accept = await request.post(`/api/v1/staff/orders/${orderId}/accept`, {
    headers,
    data: { delayMinutes: 0 },
  });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
  for (const [from, to] of [
    ['accepted', 'cooking'],
    ['cooking', 'ready'],
    ['ready', 'done'],
  ] as const) {
    const move = await request.post(`/api/v1/staff/orders/${orderId}/move`, { headers, data: { from, to } });
    expect(move.status(), await move.text()).toBeLessThan(300);
  }
}

/**
 * A rating link's token as the server signs it (its invitation SMS goes out an hour after done, past a journey's
 * length). The servers and this worker share AUTH_TOKEN_SECRET through the runner's environment; without it each
 * server makes its own, and no journey can sign a link.
 */
function ratingToken(orderId: number, expiresAtMs: number): string | null {
  const secret = process.env.AUTH_TOKEN_SECRET;
  if (!secret) return null;
  const key = readRatingLinkKey({
    env: { AUTH_TOKEN_SECRET: secret },
    brand: { whiteLabel: 'demo' },
  } as AppConfig);
  return signRatingToken(key, orderId, expiresAtMs);
}

test.describe('ratings', () => {
  test('a done order is rated on its page with five stars, a tag and a comment, and the owner’s report counts it', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await giveReviewLinks(page.request);
    const day = await serverDay(page.request);
    const [ownerContext, report] = await signInOwner(browser, baseURL);
    const [staffContext, board, boardViolations] = await openBoard(browser, baseURL);
    try {
      const before = await reportRatings(report, day);
      const { number } = await placeTakeAway(page, testInfo, 1);
      // No rating is asked while the order is under way.
      await expect(page.getByTestId('rating-block')).toHaveCount(0);

      // Staff move it forward on the board; the customer's page follows without a reload.
      const card = board.getByRole('article', { name: number, exact: true });
      await card.getByRole('button', { name: 'Принять' }).click();
      await expect(page.getByTestId('order-status')).toContainText('Принят рестораном');
      await card.getByRole('button', { name: 'Готовим' }).click();
      await expect(page.getByTestId('order-status')).toContainText('Готовится');
      await card.getByRole('button', { name: 'Готов к выдаче' }).click();
      await card.getByRole('button', { name: 'Выдан' }).click();
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'done');

      const block = page.getByTestId('rating-block');
      await expect(block.getByRole('heading', { name: 'Оцените заказ' })).toBeVisible();
      // Take-away: no courier among the tags.
      await block.getByRole('radio', { name: '2 звезды из 5' }).check();
      await expect(block.getByRole('checkbox', { name: 'Холодное' })).toBeVisible();
      await expect(block.getByRole('checkbox', { name: 'Курьер' })).toHaveCount(0);
      await block.getByRole('radio', { name: '5 звёзд из 5' }).check();
      await block.getByRole('checkbox', { name: 'Вкусно' }).check();
      await block.getByRole('textbox', { name: 'Комментарий' }).fill('Всё было отлично, спасибо');
      await expect(block.getByText('25 из 1000')).toBeVisible();
      await block.scrollIntoViewIfNeeded();
      await shots(page, testInfo, 'order-rating-form');
      await block.getByRole('button', { name: 'Отправить' }).click();

      await expect(block.getByRole('heading', { name: 'Спасибо за оценку' })).toBeVisible();
      await expect(block.getByRole('img', { name: '5 звёзд из 5' })).toBeVisible();
      await expect(block.getByTestId('rating-given-tags')).toHaveText('Вкусно');
      await expect(block.getByTestId('rating-given-comment')).toHaveText('Всё было отлично, спасибо');
      await expect(block.getByRole('button', { name: 'Изменить' })).toBeVisible();
      const invite = block.getByTestId('rating-review-invite');
      await expect(invite.getByRole('heading', { name: 'Оставьте отзыв о ресторане' })).toBeVisible();
      const yandex = invite.getByRole('link', { name: 'Яндекс Карты' });
      await expect(yandex).toHaveAttribute('href', REVIEW_LINKS.yandexMaps);
      await expect(yandex).toHaveAttribute('target', '_blank');
      await expect(invite.getByRole('link', { name: '2ГИС' })).toHaveAttribute('href', REVIEW_LINKS.twoGis);
      await block.scrollIntoViewIfNeeded();
      await shots(page, testInfo, 'order-rating-thanks');

      // The owner's report of the day and restaurant counts it (one more than before this journey).
      await expect
        .poll(() => reportRatings(report, day), { message: 'the ratings counted' })
        .toBe(before + 1);
      await expect(report.getByTestId('report-ratings-average')).not.toHaveText('—');
      await report.getByTestId('report-ratings').scrollIntoViewIfNeeded();
      await shots(report, testInfo, 'report-ratings');
      expect(boardViolations, 'CSP violations on the board').toEqual([]);
    } finally {
      await staffContext.close();
      await ownerContext.close();
    }
  });

  test('a forged rating link is refused in words and leads to the orders', async ({ page }, testInfo) => {
    // Well formed, signed by nobody: the server cannot tell it from another order's link.
    await page.goto(`/rate/r1.1.4102444800.${'A'.repeat(43)}`);
    await expect(page.getByTestId('rating-load-error')).toHaveText('Ссылка для оценки неверна');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('href', '/orders');
    await shots(page, testInfo, 'rating-link-invalid');
  });

  test('a rating link rates the order without sign-in; an expired one says so', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.skip(
      !process.env.AUTH_TOKEN_SECRET,
      'signing a link needs AUTH_TOKEN_SECRET shared with the servers',
    );
    const { id, number } = await placeTakeAway(page, testInfo, 2);
    await moveToDone(page.request, id);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'done');
    const { utc_time } = (await (await page.request.get('/1/now')).json()) as { utc_time: string };
    const now = Date.parse(utc_time);

    // Another browser, nobody signed in: the phone's own browser that once chose a city, as an SMS opens it.
    const context = await browser.newContext({
      baseURL,
      viewport: page.viewportSize() ?? { width: 390, height: 844 },
      locale: 'ru-RU',
    });
    try {
      const visitor = await context.newPage();
      const violations = await watchCspViolations(visitor);
      await asReturningCustomer(visitor, { person_cookies_consent_accepted: 'true' });
      await visitor.goto(`/rate/${ratingToken(id, now + 7 * 86_400_000)}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Оценка заказа' })).toBeVisible();
      await expect(visitor.getByTestId('rating-order-number')).toHaveText(`Заказ ${number}`);
      await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      await visitor.getByRole('radio', { name: '2 звезды из 5' }).check();
      await visitor.getByRole('checkbox', { name: 'Холодное' }).check();
      await shots(visitor, testInfo, 'rating-link-form');
      await visitor.getByRole('button', { name: 'Отправить' }).click();
      await expect(visitor.getByRole('heading', { name: 'Спасибо за оценку' })).toBeVisible();
      await expect(visitor.getByTestId('rating-given-tags')).toHaveText('Холодное');
      // Below four stars nobody is sent to the maps.
      await expect(visitor.getByTestId('rating-review-invite')).toHaveCount(0);
      await shots(visitor, testInfo, 'rating-link-thanks');

      // The customer's own page shows the same rating.
      await page.reload();
      await expect(page.getByTestId('rating-given-stars')).toHaveAttribute('data-stars', '2');

      await visitor.goto(`/rate/${ratingToken(id, now - 60_000)}`);
      await expect(visitor.getByTestId('rating-load-error')).toHaveText(
        'Ссылка для оценки устарела: оцените заказ на его странице',
      );
      await expect(visitor.getByRole('link', { name: 'Мои заказы' })).toBeVisible();
      await shots(visitor, testInfo, 'rating-link-expired');
      expect(violations, 'CSP violations on the rating link').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
