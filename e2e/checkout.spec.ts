import type { Page, TestInfo } from '@playwright/test';
import {
  asReturningCustomer,
  chooseRadio,
  expect,
  expectKazanMenu,
  shot,
  smsCodeFor,
  storage,
  test,
} from './fixtures.ts';

/**
 * From a menu to a placed order against the real API. Every journey signs in with a number of its own, 914…
 * (912… are the sign-in journeys', 913… the accessibility one's; one
 * number may ask for a code once in 90 s, and no journey may read another's orders).
 */
function phoneFor(testInfo: TestInfo, journey: number): { typed: string; normalized: string } {
  const project = testInfo.project.name === 'phone' ? 1 : 2;
  const national = `91400${project}${String(journey).padStart(4, '0')}`;
  return { typed: `8${national}`, normalized: `+7${national}` };
}

const rub = (text: string) => text.replace(/ /g, '\u00a0');

/** Delivery to ul. Kremlyovskaya 8, in restaurant 1's centre zone (150 ₽ from 1 000, free from 2 000). */
const CENTRE_DELIVERY = {
  order_delivery_method: '"DELIVERY"',
  order_delivery_place: JSON.stringify({
    address: 'ул. Кремлёвская, 8',
    apartment: null,
    entrance: null,
    floor: null,
    intercom: null,
    comment: null,
    location: { lat: 55.793, lng: 49.111 },
  }),
  person_cookies_consent_accepted: 'true',
};

async function addCanadaTwice(page: Page) {
  await page.goto('/');
  await expectKazanMenu(page);
  const canada = page.getByRole('article', { name: 'Канада', exact: true });
  await canada.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
  await canada.getByRole('button', { name: 'Добавить ещё' }).click();
  await expect(canada.getByTestId('cart-count')).toHaveText('2');
}

/** From the cart's sign-in prompt through the SMS code, back to the cart. */
async function signInFromCart(page: Page, phone: { typed: string; normalized: string }) {
  await page.getByTestId('checkout-sign-in-button').click();
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Номер телефона').fill(phone.typed);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из СМС').fill(await smsCodeFor(phone.normalized));
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('checkout-form')).toBeVisible();
}

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

    await signInFromCart(page, phoneFor(testInfo, 1));
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
    await signInFromCart(page, phoneFor(testInfo, 2));
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
    await signInFromCart(page, phoneFor(testInfo, 3));
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
