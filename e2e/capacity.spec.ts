import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { serverURL } from './clocks.ts';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * Cooking within capacity (decision 56): restaurant 1 takes one delivery per 15 minutes. Two customers (935…
 * numbers) choose the same pre-order slot tomorrow; the first places it, the second is refused with 409
 * order.slot-full, sees the slot full and takes the next free one in one tap. On the 'chain' server, each project
 * at an hour of its own (19:00 on the phone, 20:00 on the desktop); the capacity is lifted again at the end.
 */
test.use({ clock: 'chain' });

const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const SHOTS = '/tmp/shots-web';

async function keep(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

async function capacity(request: APIRequestContext, delivery: number | null) {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: OWNER });
  expect(signIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
  const current = await request.get('/api/v1/admin/restos/1', { headers });
  expect(current.status(), await current.text()).toBe(200);
  const patch = await request.patch('/api/v1/admin/restos/1', {
    headers: { ...headers, 'if-match': current.headers().etag ?? '' },
    data: { slotCapacity: { DELIVERY: delivery } },
  });
  expect(patch.status(), await patch.text()).toBe(200);
}

/** A signed-in customer with two Canada rolls at the checkout, cash, a pre-order for tomorrow at `time`. */
async function atCheckout(page: Page, testInfo: TestInfo, journey: number, time: string) {
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await signInFromCart(page, journeyPhone('935', testInfo, journey), 'chain');
  await page.getByTestId('contact-name').fill(journey === 1 ? 'Анна' : 'Борис');
  await page.getByTestId('delivery-apartment').fill('12');
  await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
  await chooseRadio(page.getByTestId('when-pre-order'));
  const day = page.getByTestId('pre-order-day');
  const tomorrow = await day.locator('option').nth(1).getAttribute('value');
  await day.selectOption(tomorrow ?? '');
  await page.getByTestId('pre-order-slot').selectOption({ label: time });
  await expect(page.getByTestId('place-order')).toBeEnabled();
}

test('a slot taken meanwhile: 409, the slot shown full, the next free one in one tap', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const hour = testInfo.project.name === 'phone' ? '19' : '20';
  await capacity(request, 1);
  const other = await browser.newContext({
    baseURL: serverURL('chain'),
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    locale: 'ru-RU',
  });
  try {
    const second = await other.newPage();
    await atCheckout(page, testInfo, 1, `${hour}:00`);
    await atCheckout(second, testInfo, 2, `${hour}:00`);

    // The first customer places the slot's only order.
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);

    // The second is refused: the slot is taken, the picker shows it full, the next one is offered.
    await second.getByTestId('place-order').click();
    const taken = second.getByTestId('slot-taken');
    await expect(taken).toContainText('Пока вы оформляли заказ, это время заняли');
    await expect(second.getByTestId('pre-order-slot').locator('option:checked')).toHaveText(
      `${hour}:00 — занято`,
    );
    const take = taken.getByTestId('take-next-slot');
    await expect(take).toHaveText(new RegExp(`^Заказать на \\d+ [а-я]+, ${hour}:15$`));
    await keep(second, testInfo, 'checkout-slot-taken');

    await take.click();
    await expect(taken).toHaveCount(0);
    await expect(second.getByTestId('pre-order-slot').locator('option:checked')).toHaveText(`${hour}:15`);
    // The taken slot stays in the list, greyed and not choosable.
    await expect(second.getByTestId('pre-order-slot').locator(`option[data-full]`).first()).toBeDisabled();
    await expect(second.getByTestId('place-order')).toBeEnabled();
    await second.getByTestId('place-order').click();
    await expect(second).toHaveURL(/\/orders\/\d+$/);
    await expect(second.getByTestId('order-promised')).toContainText(`${hour}:15`);
  } finally {
    await other.close();
    await capacity(request, null);
  }
});
