import type { Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, storage, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/** Online card payment through the demo engine's own page (decision 22), against the real API; 915… numbers. */

/** The demo engine's payment page, served by the app itself. */
const DEMO_PAGE = /\/api\/v1\/payments\/demo\/pay\//;
const RETURN_PAGE = /\/orders\/(\d+)\/payment$/;

/** A card-online order placed from a fresh cart: the browser ends on the demo engine's payment page. */
async function placeCardOnlineOrder(page: Page, testInfo: TestInfo, journey: number) {
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('total-payable')).toContainText(rub('1 650 ₽'));
  await signInFromCart(page, journeyPhone('915', testInfo, journey));
  await page.getByTestId('contact-name').fill('Анна');
  await chooseRadio(page.getByTestId('payment-method-CARD_ONLINE'));
  // Paying online needs an e-mail for the receipt (docs/product.md §5).
  await page.getByTestId('place-order').click();
  await expect(page.getByText('Укажите email для получения чека')).toBeVisible();
  await page.getByTestId('contact-email').fill(`anna${journey}@example.com`);
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(DEMO_PAGE);
  // The order exists: the cart emptied before the browser left.
  expect(JSON.parse((await storage(page)).cart_positions ?? '[]')).toEqual([]);
}

async function expectPaid(page: Page) {
  await expect(page).toHaveURL(RETURN_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ оплачен' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
  await expect(page.getByTestId('order-payable')).toContainText(rub('1 650 ₽'));
  await expect(page.getByTestId('order-promised')).toBeVisible();
}

test.describe('online card payment', () => {
  test('pays on the demo engine’s page and lands on the paid screen', async ({ page }, testInfo) => {
    await placeCardOnlineOrder(page, testInfo, 1);
    await shot(page, testInfo, 'demo-payment-page');
    await page.getByTestId('demo-pay').click();

    await expectPaid(page);
    await shot(page, testInfo, 'payment-paid');
    const orderId = RETURN_PAGE.exec(new URL(page.url()).pathname)?.[1];
    // The order's own page says so too, and the list.
    await page.getByTestId('payment-to-order').click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(page.getByTestId('payment-status')).toHaveText('Оплачен');
    await page.goto('/orders');
    await expect(page.getByTestId('orders-list-payment').first()).toContainText('Оплачен');
  });

  test('a declined payment says why, and a retry pays', async ({ page }, testInfo) => {
    await placeCardOnlineOrder(page, testInfo, 2);
    // Every reason is on the page whole, inside the screen, a phone's too (a drop-down cut them off).
    const reasons = page.getByTestId('demo-decline-reason').locator('label');
    const width = page.viewportSize()?.width ?? 0;
    for (const reason of await reasons.all()) {
      const box = await reason.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    await reasons.filter({ hasText: 'На карте недостаточно денег' }).scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'demo-payment-reasons');
    await chooseRadio(page.locator('input[name="reason"][value="insufficient_funds"]'));
    await page.getByTestId('demo-decline').click();

    await expect(page).toHaveURL(RETURN_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Оплата не прошла' })).toBeVisible();
    await expect(page.getByTestId('payment-failure')).toHaveText('На карте недостаточно денег');
    await shot(page, testInfo, 'payment-failed');

    await page.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    await expect(page).toHaveURL(DEMO_PAGE);
    await page.getByTestId('demo-pay').click();
    await expectPaid(page);
  });
});
