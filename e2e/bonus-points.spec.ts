import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_BONUS_PROGRAM } from '@storefront/domain';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/**
 * Bonus points (decision 55) on the demo brand (5 % back, up to 20 % of the dishes in points): a customer
 * orders in cash, staff move the order to done through the staff API as the board would, and the points
 * appear on the order page, in the profile's history and beside the profile entry; the next order spends
 * them with the cart's slider, and the history lists both. Customers with 922… numbers (journeyPhone).
 */

const STAFF = { login: 'kazan', password: 'demo-kazan-2026' };
const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const SHOTS = '/tmp/shots-d';

/** A screenshot with the test's artifacts and, for the review, in /tmp/shots-d by viewport width. */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

/**
 * The demo brand's program is on (its seed); a server whose database predates that seed gets it from the
 * owner's back-office call, so the journey reads the same rules either way. Nothing changes when it is on.
 */
async function demoProgramOn(request: APIRequestContext) {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: OWNER });
  expect(signIn.status()).toBe(200);
  const authorization = `Bearer ${(await signIn.json()).accessToken}`;
  const current = await request.get('/api/v1/admin/bonus-program', { headers: { authorization } });
  expect(current.status(), await current.text()).toBe(200);
  if ((await current.json()).program.enabled) return;
  const put = await request.put('/api/v1/admin/bonus-program', {
    headers: { authorization, 'if-match': current.headers().etag ?? '' },
    data: DEMO_BONUS_PROGRAM,
  });
  expect(put.status(), await put.text()).toBe(200);
}

/** The board's moves, one forward step at a time, from new to done (a delivery goes on its way). */
async function moveToDone(request: APIRequestContext, orderId: number) {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: STAFF });
  expect(signIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
  const accept = await request.post(`/api/v1/staff/orders/${orderId}/accept`, {
    headers,
    data: { delayMinutes: 0 },
  });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
  const steps = [
    ['accepted', 'cooking'],
    ['cooking', 'on_the_way'],
    ['on_the_way', 'done'],
  ] as const;
  for (const [from, to] of steps) {
    const move = await request.post(`/api/v1/staff/orders/${orderId}/move`, { headers, data: { from, to } });
    expect(move.status(), await move.text()).toBeLessThan(300);
  }
}

/** From the filled cart's checkout: cash on delivery to flat 12; the order's id and number. */
async function placeCashOrder(page: Page): Promise<{ id: number; number: string }> {
  await page.getByTestId('contact-name').fill('Вера');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await page.getByTestId('delivery-apartment').fill('12');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
  const id = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
  return { id, number: (await page.getByTestId('order-number').textContent()) ?? '' };
}

const pointsText = (text: string | null) => Number(/(\d+)/.exec(text ?? '')?.[1] ?? Number.NaN);

test.describe('bonus points', () => {
  test('points earned on a done order are spent on the next with the slider, and the history shows both', async ({
    page,
    request,
  }, testInfo) => {
    await demoProgramOn(request);
    await asReturningCustomer(page, CENTRE_DELIVERY);
    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    // A visitor is asked to sign in; what the order earns is said anyway.
    await expect(page.getByTestId('bonus-sign-in')).toHaveText('Войдите, чтобы копить и списывать баллы');
    await expect(page.getByTestId('bonus-earn')).toHaveText(/^Начислим \d+ балл/);
    await signInFromCart(page, journeyPhone('922', testInfo, 1));
    await expect(page.getByTestId('bonus-balance')).toHaveText('На счёте 0 баллов');
    const promised = pointsText(await page.getByTestId('bonus-earn').textContent());
    expect(promised).toBeGreaterThan(0);

    // The first order: the success page promises the points for when it is done.
    const first = await placeCashOrder(page);
    await expect(page.getByTestId('order-bonus-earn')).toHaveText(
      new RegExp(`^За этот заказ начислим ${promised} балл.* когда он будет выполнен$`),
    );
    await moveToDone(request, first.id);
    // The page follows the order live: done, and the points credited.
    await expect(page.getByTestId('order-status')).toHaveText('Выполнен');
    await expect(page.getByTestId('order-bonus-earn')).toHaveText(new RegExp(`^Начислен.? ${promised} балл`));

    // The profile: the balance and the earned row, linked to its order.
    await page.goto('/auth');
    await expect(page.getByTestId('profile-bonus-balance')).toHaveText(new RegExp(`^${promised} балл`));
    const earned = page.getByTestId('profile-bonus-entry').first();
    await expect(earned).toContainText(first.number);
    await expect(earned.getByTestId('profile-bonus-amount')).toHaveText(`+${promised}`);
    if (testInfo.project.name === 'desktop') {
      await expect(page.getByTestId('header-points')).toHaveText(new RegExp(`^${promised} балл`));
      await keep(page, testInfo, 'bonus-header');
    } else {
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await expect(page.getByTestId('panel-points')).toHaveText(new RegExp(`^${promised} балл`));
      await keep(page, testInfo, 'bonus-header');
      await page.keyboard.press('Escape');
    }

    // The next order spends them: the switch takes the most this cart may spend, the slider one point less.
    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('bonus-balance')).toHaveText(new RegExp(`^На счёте ${promised} балл`));
    const payableBefore = await page.getByTestId('total-payable').textContent();
    await page.getByRole('switch', { name: 'Списать баллы' }).check();
    const slider = page.getByRole('slider', { name: 'Сколько баллов списать' });
    await expect(slider).toHaveValue(String(promised));
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    const spend = promised - 1;
    await expect(page.getByTestId('bonus-amount')).toHaveText(new RegExp(`^${spend} балл`));
    await expect(page.getByTestId('total-bonus')).toHaveText(rub(`−${spend} ₽`));
    await expect(page.getByTestId('total-payable')).not.toHaveText(payableBefore ?? '');
    await page.getByTestId('bonus').scrollIntoViewIfNeeded();
    await keep(page, testInfo, 'bonus-cart');

    const second = await placeCashOrder(page);
    await expect(page.getByTestId('order-bonus-spent')).toHaveText(String(spend));
    await expect(page.getByTestId('order-line-bonus').first()).toBeVisible();

    // The history: the points held for the second order, then those earned on the first.
    await page.goto('/auth');
    await expect(page.getByTestId('profile-bonus-balance')).toHaveText(/^1 балл$/);
    const rows = page.getByTestId('profile-bonus-entry');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(second.number);
    await expect(rows.nth(0).getByTestId('profile-bonus-amount')).toHaveText(`−${spend}`);
    await expect(rows.nth(1)).toContainText(first.number);
    await rows
      .nth(0)
      .getByRole('link', { name: `Заказ ${second.number}` })
      .scrollIntoViewIfNeeded();
    await keep(page, testInfo, 'bonus-profile');
  });
});
