import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Report } from '../packages/domain/src/contracts/reports.ts';
import { formatMoney, type Minor } from '../packages/domain/src/money/money.ts';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * The back office's reports (decision 57): the owner opens Отчёты for today at restaurant 1 after this journey placed
 * an order there, sees the figures the API counts (one order more than before the journey), shares the period by its
 * link, exports CSV. Other journeys' orders on the noon server are counted before and after, so only this journey's
 * order is asserted as the difference. Customers with 947… numbers (journeyPhone); take-away paid in cash.
 */

const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const SHOTS = '/tmp/shots-reports';
const SIZES = [
  { name: '1280', width: 1280, height: 900 },
  { name: '800', width: 800, height: 1180 },
];

/** Screenshots at a desktop's and a kitchen tablet's width, with the test's artifacts and in /tmp/shots-reports. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, testInfo, `${name}-${size.name}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 900 });
}

async function ownerHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/v1/staff/sign-in', { data: OWNER });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${(await answer.json()).accessToken as string}` };
}

/** The brand-local day (Kazan, +03:00) of the server's clock. */
async function serverDay(request: APIRequestContext): Promise<string> {
  const { utc_time } = (await (await request.get('/1/now')).json()) as { utc_time: string };
  return new Date(Date.parse(utc_time) + 3 * 3_600_000).toISOString().slice(0, 10);
}

async function reportOf(request: APIRequestContext, day: string): Promise<Report> {
  const answer = await request.get(`/api/v1/admin/reports?from=${day}&to=${day}&restoIds=1`, {
    headers: await ownerHeaders(request),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as Report;
}

test('the owner reads today’s report with the journey’s order in it and exports it', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'a report of one restaurant’s day: runs once, on the desktop project',
  );
  const day = await serverDay(page.request);
  const before = await reportOf(page.request, day);

  // A take-away cash order at restaurant 1 from the storefront.
  await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('947', testInfo, 1));
  await page.getByTestId('contact-name').fill('Отчёт');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);

  // The report counts it as soon as the order's day is marked behind.
  await expect
    .poll(async () => (await reportOf(page.request, day)).placed, { timeout: 30_000 })
    .toBe(before.placed + 1);
  const after = await reportOf(page.request, day);
  expect(after.orders).toBe(before.orders + 1);

  await page.goto(`/admin/reports?from=${day}&to=${day}&restos=1`);
  await page.getByLabel('Логин').fill(OWNER.login);
  await page.getByLabel('Пароль').fill(OWNER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Отчёты', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Отчёты' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Сегодня' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('report-restos-value')).not.toHaveText('Все рестораны');

  await expect(page.getByTestId('report-orders')).toHaveText(String(after.orders));
  await expect(page.getByText(`из ${after.placed} оформленных`)).toBeVisible();
  await expect(page.getByTestId('report-revenue')).toHaveText(
    formatMoney(after.revenue as Minor, 'RUB', 'ru'),
  );
  await expect(page.getByTestId('report-average-check')).toHaveText(
    formatMoney(after.averageCheck as Minor, 'RUB', 'ru'),
  );
  const ratings = page.getByTestId('report-ratings');
  await expect(ratings.getByTestId('report-ratings-count')).toHaveText(String(after.ratings.count));
  // The order's two Канада rolls are among the day's dishes.
  await expect(page.getByTestId('report-top-dishes')).toContainText('Канада');
  // Today's hour has at least this order on the heat map.
  await expect(page.getByTestId('report-heat-map').locator('td[title$="— 0"]')).not.toHaveCount(7 * 24);
  await shots(page, testInfo, 'reports-today');

  // The export: the same day and restaurant, the figures of the API.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Выгрузить отчёт в CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`report-${day}-${day}.csv`);
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(`Период с;${day}\r\n`);
  expect(csv).toContain(`\r\nЗаказы;${after.orders}\r\n`);

  // A period with no orders says so; a period starting after it ends is refused beside its field.
  await page.getByLabel('С', { exact: true }).fill('2020-01-01');
  await page.getByLabel('По', { exact: true }).fill('2020-01-01');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-01&restos=1$/);
  await expect(page.getByTestId('report-empty')).toBeVisible();
  await page.getByLabel('С', { exact: true }).fill('2020-01-05');
  await expect(page.getByText('Начало периода позже его конца')).toBeVisible();
  await expect(page.getByLabel('С', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: '7 дней' }).click();
  await expect(page.getByTestId('report-orders')).toBeVisible();
  await shots(page, testInfo, 'reports-week');
});
