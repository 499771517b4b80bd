import type { Page } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, storage, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/** From a menu to a placed order against the real API; journeys sign in with 914… numbers (journeyPhone). */

async function placeAndOpenOrder(page: Page) {
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
}

test.describe('checkout', () => {
  test('from an empty cart to the success screen, paying cash on delivery, signing in on the way', async ({
    page,
  }, testInfo) => {
    await asReturningCustomer(page, CENTRE_DELIVERY);
    await page.goto('/cart');
    await expect(page.getByText('В корзине пока пусто')).toBeVisible();
    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('total-payable')).toContainText(rub('1 650 ₽'));

    await signInFromCart(page, journeyPhone('914', testInfo, 1));
    // Paying online would need a receipt e-mail; cash on delivery needs a name.
    await page.getByTestId('place-order').click();
    await expect(page.getByText('Введите ваше имя')).toBeVisible();
    await page.getByTestId('contact-name').fill('Анна');
    await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
    await page.getByTestId('delivery-apartment').fill('12');
    await page.getByTestId('order-comment').fill('Позвоните за 10 минут');
    await shot(page, testInfo, 'checkout-filled');

    await placeAndOpenOrder(page);
    await expect(page.getByTestId('order-status')).toContainText('Новый');
    await expect(page.getByTestId('order-payable')).toContainText(rub('1 650 ₽'));
    await expect(page.getByTestId('order-promised')).toBeVisible();
    await shot(page, testInfo, 'order-success');
    // The cart empties only once the order exists, and the page stays the order's on reload.
    expect(JSON.parse((await storage(page)).cart_positions ?? '[]')).toEqual([]);
    const number = await page.getByTestId('order-number').textContent();
    await page.reload();
    await expect(page.getByTestId('order-number')).toHaveText(number ?? '');
  });

  test('a pre-order for tomorrow shows its time on the success screen', async ({ page }, testInfo) => {
    await asReturningCustomer(page, CENTRE_DELIVERY);
    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    await signInFromCart(page, journeyPhone('914', testInfo, 2));
    await page.getByTestId('contact-name').fill('Борис');
    await chooseRadio(page.getByTestId('payment-method-CARD_UPON_RECEIPT'));
    await chooseRadio(page.getByTestId('when-pre-order'));
    const day = page.getByTestId('pre-order-day');
    const tomorrow = await day.locator('option').nth(1).getAttribute('value');
    await day.selectOption(tomorrow ?? '');
    await page.getByTestId('pre-order-slot').selectOption({ label: '18:30' });
    await shot(page, testInfo, 'checkout-pre-order');
    await placeAndOpenOrder(page);
    await expect(page.getByTestId('order-promised')).toContainText('18:30');
    await shot(page, testInfo, 'order-pre-order');
  });

  test('order again puts the dishes back into the cart', async ({ page }, testInfo) => {
    await asReturningCustomer(page, CENTRE_DELIVERY);
    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    await signInFromCart(page, journeyPhone('914', testInfo, 3));
    await page.getByTestId('contact-name').fill('Вера');
    await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
    await placeAndOpenOrder(page);

    await page.goto('/orders');
    const list = page.getByTestId('orders-list');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await shot(page, testInfo, 'orders-list');
    await list.getByTestId('order-again').first().click();
    await expect(page.getByTestId('order-again-result')).toBeVisible();
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').first()).toContainText('Канада');
    await expect(page.getByTestId('cart-line').first().getByTestId('line-count')).toHaveText('2');
  });
});
