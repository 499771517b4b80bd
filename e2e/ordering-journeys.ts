import type { Page, TestInfo } from '@playwright/test';
import type { ClockName } from './clocks.ts';
import { expect, expectKazanMenu, smsCodeFor } from './fixtures.ts';

/** What the cart, checkout and payment journeys share: a place to deliver to, a cart, a signed-in customer. */

/** Money as the storefront prints it: '1 490 ₽' with a no-break space between thousands and before ₽. */
export const rub = (text: string) => text.replace(/ /g, '\u00a0');

/**
 * Delivery to ul. Kremlyovskaya 8, inside restaurant 1's centre zone: 250 ₽ below 1 000, 150 ₽ below 2 000,
 * free from 2 000. Restaurant 1 takes online card payment for delivery through the demo engine.
 */
export const CENTRE_DELIVERY = {
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

/**
 * A phone number of the journey's own: each spec has its prefix (912 sign-in, 913 accessibility, 914
 * checkout, 915 payment), then the project and the journey. One number may ask for a code once in 90 s,
 * and no journey may read another's orders.
 */
export function journeyPhone(
  prefix: string,
  testInfo: TestInfo,
  journey: number,
): { typed: string; normalized: string } {
  const project = testInfo.project.name === 'phone' ? 1 : 2;
  const national = `${prefix}00${project}${String(journey).padStart(4, '0')}`;
  return { typed: `8${national}`, normalized: `+7${national}` };
}

/** Two 'Канада' rolls from the Kazan menu into the cart. */
export async function addCanadaTwice(page: Page) {
  await page.goto('/');
  await expectKazanMenu(page);
  const canada = page.getByRole('article', { name: 'Канада', exact: true });
  await canada.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
  await canada.getByRole('button', { name: 'Добавить ещё' }).click();
  await expect(canada.getByTestId('cart-count')).toHaveText('2');
}

/** From the cart's sign-in prompt through the SMS code (in the log of the journey's server), back to the cart. */
export async function signInFromCart(
  page: Page,
  phone: { typed: string; normalized: string },
  clock: ClockName = 'noon',
) {
  await page.getByTestId('checkout-sign-in-button').click();
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Номер телефона').fill(phone.typed);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из СМС').fill(await smsCodeFor(phone.normalized, clock));
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('checkout-form')).toBeVisible();
}
