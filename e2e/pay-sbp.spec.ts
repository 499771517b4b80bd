import type { Page } from '@playwright/test';
import { asReturningCustomer, chooseRadio, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/**
 * Paying online by SBP through the demo engine (decision 55): the checkout offers card, SBP and SberPay where the
 * restaurant has them, the demo page shows SBP's QR block, and paying there makes the order paid. 927… numbers.
 */

const DEMO_PAGE = /\/api\/v1\/payments\/demo\/pay\//;
const RETURN_PAGE = /\/orders\/(\d+)\/payment$/;

async function toCheckout(page: Page, phone: { typed: string; normalized: string }) {
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await addCanadaTwice(page);
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('total-payable')).toContainText(rub('1 650 ₽'));
  await signInFromCart(page, phone);
}

test.describe('paying by SBP', () => {
  test('chooses SBP in the checkout, pays on the demo page’s QR block, the order is paid', async ({
    page,
  }, testInfo) => {
    await toCheckout(page, journeyPhone('927', testInfo, 1));
    await page.getByTestId('contact-name').fill('Анна');
    await page.getByTestId('contact-email').fill('anna.sbp@example.com');
    await chooseRadio(page.getByTestId('payment-method-CARD_ONLINE'));

    // Card, SBP and SberPay, each with its hint; card until the customer picks another.
    const methods = page.getByTestId('online-methods');
    await expect(methods).toBeVisible();
    await expect(methods.getByText('Оплата через приложение банка')).toBeVisible();
    await expect(methods.getByText('Оплата через СберБанк Онлайн')).toBeVisible();
    await expect(page.getByTestId('online-method-card').getByRole('radio')).toBeChecked();
    await page.getByTestId('online-method-sbp').click();
    await expect(page.getByTestId('online-method-sbp').getByRole('radio')).toBeChecked();
    // Every card inside the screen, a phone's too.
    const width = page.viewportSize()?.width ?? 0;
    for (const card of await methods.locator('label').all()) {
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    await methods.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'checkout-online-methods');

    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(DEMO_PAGE);
    const sbp = page.getByTestId('demo-method');
    await expect(sbp).toHaveAttribute('data-method', 'sbp');
    await expect(sbp.getByText('Отсканируйте QR-код в приложении банка')).toBeVisible();
    await expect(page.getByTestId('demo-sbp-qr')).toBeVisible();
    await shot(page, testInfo, 'demo-sbp-page');
    await page.getByRole('button', { name: /Оплатить в приложении банка/ }).click();

    await expect(page).toHaveURL(RETURN_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Заказ оплачен' })).toBeVisible();
    await expect(page.getByTestId('order-payable')).toContainText(rub('1 650 ₽'));
    const orderId = RETURN_PAGE.exec(new URL(page.url()).pathname)?.[1];
    await page.getByTestId('payment-to-order').click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(page.getByTestId('payment-status')).toHaveText('Оплачен');
    await expect(page.getByTestId('payment-method')).toContainText('СБП');
    await shot(page, testInfo, 'order-paid-by-sbp');
  });
});
