import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * Bonus points in the back office (decision 55): the owner changes a rule of the program and saves it; a manager
 * gives a customer points on an order card with a reason, undoes it from the change log, and the balance is back.
 * On the chain's server (clock 'chain'): the program is put back as it was whatever happens; the customer (925…
 * numbers, journeyPhone) is this journey's own.
 */
test.use({ clock: 'chain' });

const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const SHOTS = '/tmp/shots-e';
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '800', width: 800, height: 1180 },
];

/** Screenshots at a desktop's and a tablet's width, with the test's artifacts and in /tmp/shots-e for the review. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, testInfo, `${name}-${size.name}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: false });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
}

async function signIn(page: Page, who: { login: string; password: string }) {
  await page.getByLabel('Логин').fill(who.login);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

async function ownerHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/v1/staff/sign-in', { data: OWNER });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${(await answer.json()).accessToken as string}` };
}

/** The program as it is now, and a way to put it back (over whatever version it has then). */
async function programNow(request: APIRequestContext) {
  const headers = await ownerHeaders(request);
  const answer = await request.get('/api/v1/admin/bonus-program', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { program: Record<string, unknown>; version: number };
}

async function restoreProgram(request: APIRequestContext, program: Record<string, unknown>) {
  const headers = await ownerHeaders(request);
  const now = await programNow(request);
  if (JSON.stringify(now.program) === JSON.stringify(program)) return;
  const put = await request.put('/api/v1/admin/bonus-program', {
    headers: { ...headers, 'if-match': `"${now.version}"` },
    data: program,
  });
  expect(put.status(), await put.text()).toBe(200);
}

test('the owner changes when points expire, reads it in plain words and saves', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the brand has one program: runs once, on the desktop project',
  );
  const before = await programNow(page.request);
  const days = before.program.expiryDays === 365 ? 366 : 365;
  try {
    await page.goto('/admin/bonus');
    await signIn(page, OWNER);
    await expect(page.getByRole('heading', { name: 'Бонусная программа' })).toBeVisible();
    const summary = page.getByTestId('bonus-summary');
    await expect(summary).toContainText(`через ${String(before.program.expiryDays)}`);
    await shots(page, testInfo, 'bonus-program');

    await page.getByLabel(/Баллы сгорают через, дней/).fill(String(days));
    await expect(summary).toContainText(`Баллы сгорают через ${days} дней`);
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().endsWith('/api/v1/admin/bonus-program'),
    );
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
    expect((await programNow(page.request)).program.expiryDays).toBe(days);
    await shots(page, testInfo, 'bonus-program-saved');
  } finally {
    await restoreProgram(page.request, before.program);
  }
});

test('a manager gives a customer points on the order card with a reason, undoes it from the change log, and the balance is back', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the tablet width is shot from the desktop project');
  // A customer's cash order from restaurant 1.
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('925', testInfo, 1), 'chain');
  await page.getByTestId('contact-name').fill('Вера');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('delivery-apartment').fill('7');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
  });
  try {
    const office = await context.newPage();
    await office.goto('/admin/board');
    await signIn(office, MANAGER);
    await expect(office.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
    const card = office.getByRole('article', { name: number, exact: true });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Баллы гостя' }).click();
    const balance = card.getByTestId('points-balance');
    await expect(balance).toHaveText(/Баланс: [\d\s\u00a0]+ балл/);
    const was = (await balance.textContent()) ?? '';
    const points = Number(was.replace(/\D/g, ''));

    await card.getByRole('button', { name: 'Изменить баллы' }).click();
    const dialog = office.getByRole('dialog', { name: `Баллы гостя, заказ ${number}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/Сколько баллов/).fill('150');
    await dialog.getByLabel(/Причина/).fill('Извинение за долгую доставку');
    await dialog.getByRole('button', { name: 'Дальше' }).click();
    await expect(dialog.getByTestId('adjust-confirm')).toContainText('Начислить 150 баллов гостю?');
    await shots(office, testInfo, 'bonus-adjust-confirm');
    await dialog.getByRole('button', { name: 'Начислить 150 баллов' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('status').filter({ hasText: 'Готово, баланс гостя' })).toBeVisible();
    await expect
      .poll(async () => Number(((await balance.textContent()) ?? '').replace(/\D/g, '')))
      .toBe(points + 150);
    await card.scrollIntoViewIfNeeded();
    await shots(office, testInfo, 'bonus-order-card');

    // The change log: the adjustment with its reason, undone by 'Отменить начисление'.
    await office.getByRole('link', { name: 'Журнал изменений' }).click();
    await office.getByLabel(/Поиск по автору и объекту/).fill('долгую доставку');
    const entry = office.getByRole('listitem').filter({ hasText: 'Извинение за долгую доставку' }).first();
    await expect(entry).toContainText('+150 баллов');
    await shots(office, testInfo, 'bonus-audit');
    await entry.getByRole('button', { name: /Отменить изменение баллов/ }).click();
    const ask = office.getByRole('dialog');
    await expect(ask).toContainText('Гостю запишется обратное изменение: −150 баллов');
    await ask.getByRole('button', { name: 'Отменить изменение' }).click();
    await expect(office.getByRole('status').filter({ hasText: /Изменение №\d+ отменено/ })).toBeVisible();

    // Back on the board, the customer's points are as they were.
    await office.getByRole('link', { name: 'Заказы' }).click();
    const again = office.getByRole('article', { name: number, exact: true });
    await expect
      .poll(async () =>
        Number(((await again.getByTestId('points-balance').textContent()) ?? '').replace(/\D/g, '')),
      )
      .toBe(points);
  } finally {
    await context.close();
  }
});
