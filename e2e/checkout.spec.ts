import type { Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, storage, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/** From a menu to a placed order against the real API; journeys sign in with 914… numbers (journeyPhone). */

async function placeAndOpenOrder(page: Page) {
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/Б-\d{3}/);
}

/**
 * Desktop (from 1024 px): the place-order button sits in the summary beside the form, under the total, and
 * stays in view while the form scrolls. Phone: at the form's end.
 */
async function expectPlaceOrderBesideTotal(page: Page, testInfo: TestInfo) {
  const button = page.getByTestId('place-order');
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await expect(page.getByTestId('checkout-form').getByTestId('place-order')).toBeVisible();
    return;
  }
  await expect(page.getByTestId('checkout-summary').getByTestId('place-order')).toBeVisible();
  const total = await page.getByTestId('total-payable').boundingBox();
  const form = await page.getByTestId('checkout-form').boundingBox();
  const box = await button.boundingBox();
  // Two columns: the form on the left, the total and the button on the right, the button under the total.
  expect(form && box && box.x > form.x + form.width).toBe(true);
  expect(total && box && box.y > total.y && box.y - total.y < 300).toBe(true);
  // Scrolled to the last field of the form, the button is still in the window.
  await page.getByTestId('order-comment').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(button).toBeInViewport();
  await shot(page, testInfo, 'checkout-summary-scrolled');
}

/** The order's lines: each amount on the first line of its dish, never wrapped onto a line of its own. */
async function expectAmountsBesideDishes(page: Page) {
  const amounts = page.getByTestId('order-line-amount');
  await expect(amounts.first()).toBeVisible();
  for (const amount of await amounts.all()) {
    const line = amount.locator('xpath=..');
    const [lineBox, amountBox] = [await line.boundingBox(), await amount.boundingBox()];
    expect(lineBox && amountBox && amountBox.y - lineBox.y < amountBox.height / 2).toBe(true);
    expect(lineBox && amountBox && amountBox.x + amountBox.width <= lineBox.x + lineBox.width + 1).toBe(true);
  }
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
    await expectPlaceOrderBesideTotal(page, testInfo);

    await placeAndOpenOrder(page);
    await expect(page.getByTestId('order-status')).toContainText('Новый');
    await expect(page.getByTestId('order-payable')).toContainText(rub('1 650 ₽'));
    await expect(page.getByTestId('order-promised')).toBeVisible();
    await expectAmountsBesideDishes(page);
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

  test('the next cart starts clean: no promo code or person count of the last order', async ({
    page,
  }, testInfo) => {
    // The longest dish name of the menu: on a phone it wraps, and its amount must stay beside it.
    await asReturningCustomer(page, {
      ...CENTRE_DELIVERY,
      cart_positions: JSON.stringify([
        { id: 40, menu: { id: 1 }, count: 2, price: 62000, sum: 124000, hasModifiers: false, modifiers: [] },
      ]),
    });
    await page.goto('/cart');
    await page.getByTestId('person-count-increase').click();
    await page.getByTestId('person-count-increase').click();
    await expect(page.getByTestId('person-count')).toHaveText('3');
    await page.getByTestId('promo-input').fill('KAZANONLY');
    await page.getByTestId('promo-apply').click();
    await expect(page.getByTestId('total-discount')).toBeVisible();
    await signInFromCart(page, journeyPhone('914', testInfo, 4));
    await page.getByTestId('contact-name').fill('Глеб');
    await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
    await placeAndOpenOrder(page);
    await expect(page.getByText('Салат с креветками и кунжутной заправкой')).toBeVisible();
    await expectAmountsBesideDishes(page);
    await shot(page, testInfo, 'order-long-dish-name');

    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('person-count')).toHaveText('1');
    await expect(page.getByTestId('promo-input')).toHaveValue('');
    await expect(page.getByTestId('total-discount')).toHaveCount(0);
    await shot(page, testInfo, 'next-cart-clean');
  });
});
