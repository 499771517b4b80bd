import type { Page } from '@playwright/test';
import { asReturningCustomer, expect, expectKazanMenu, shot, storage, test } from './fixtures.ts';
import { CENTRE_DELIVERY, rub } from './ordering-journeys.ts';

/** pr. Yamasheva 51, zone 2 of restaurant 1: orders from 800 ₽ up to 15 000 ₽. */
const YAMASHEVA = JSON.stringify({
  address: 'пр. Ямашева, 51',
  apartment: null,
  entrance: null,
  floor: null,
  intercom: null,
  comment: null,
  location: { lat: 55.827, lng: 49.12 },
});

async function addPhiladelphiaWithSpicy(page: Page) {
  const card = page.getByRole('article', { name: 'Филадельфия', exact: true });
  await card.getByRole('button', { name: 'Выбрать «Филадельфия»' }).click();
  const layer = page.getByRole('dialog', { name: 'Филадельфия' });
  await layer.getByRole('button', { name: 'Добавить ещё: Спайси' }).click();
  await layer.getByTestId('position-add').click();
  await expect(layer).toBeHidden();
}

async function openCart(page: Page) {
  await page.getByTestId('cart-button').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
}

test.describe('cart', () => {
  test('prices a cart on the server: counts, persons, bands, promo codes, clearing', async ({
    page,
  }, testInfo) => {
    await asReturningCustomer(page, CENTRE_DELIVERY);
    await page.goto('/');
    await expectKazanMenu(page);
    await addPhiladelphiaWithSpicy(page);
    await page
      .getByRole('article', { name: 'Канада', exact: true })
      .getByRole('button', { name: 'Добавить «Канада» в корзину' })
      .click();
    await openCart(page);

    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    // 690 + 50 for the sauce, and 750: 1 490, in the 1 000–2 000 band (delivery 150 ₽).
    await expect(lines.first()).toContainText('Спайси');
    await expect(lines.first()).toContainText(rub('740 ₽'));
    await expect(page.getByTestId('total-payable')).toContainText(rub('1 640 ₽'));
    await expect(page.getByTestId('total-delivery')).toContainText(rub('150 ₽'));
    await expect(page.getByTestId('delivery-alert')).toContainText(rub('510 ₽'));
    await shot(page, testInfo, 'cart-band-150');

    // One more Canada: 2 240, free delivery.
    await lines.nth(1).getByTestId('line-count-increase').click();
    await expect(lines.nth(1)).toContainText(rub('1 500 ₽'));
    await expect(page.getByTestId('total-delivery')).toContainText('Бесплатно');
    await expect(page.getByTestId('total-payable')).toContainText(rub('2 240 ₽'));
    await expect(page.getByTestId('delivery-alert')).not.toContainText(rub('510 ₽'));

    await page.getByTestId('person-count-increase').click();
    await expect(page.getByTestId('person-count')).toHaveText('2');
    expect((await storage(page)).order_draft).toContain('"personCount":2');

    // A refused code: SUMMER2024 ended in August 2024.
    await page.getByTestId('promo-input').fill('summer2024');
    await page.getByTestId('promo-apply').click();
    await expect(page.getByTestId('promo-message')).toContainText('Срок действия промокода истёк');
    await expect(page.getByTestId('total-payable')).toContainText(rub('2 240 ₽'));

    // WELCOME10: 10 % of 2 240 is 224; 2 016 is still in the free band.
    await page.getByTestId('promo-input').fill('WELCOME10');
    await page.getByTestId('promo-apply').click();
    await expect(page.getByTestId('total-discount')).toContainText(rub('224 ₽'));
    await expect(page.getByTestId('total-payable')).toContainText(rub('2 016 ₽'));
    await shot(page, testInfo, 'cart-welcome10');

    // Down to one Canada: 1 490 − 149 = 1 341, back in the 150 ₽ band.
    await lines.nth(1).getByTestId('line-count-decrease').click();
    await expect(page.getByTestId('total-discount')).toContainText(rub('149 ₽'));
    await expect(page.getByTestId('total-delivery')).toContainText(rub('150 ₽'));
    await expect(page.getByTestId('total-payable')).toContainText(rub('1 491 ₽'));

    await page.getByTestId('clear-cart').click();
    const confirm = page.getByRole('dialog', { name: 'Очистить корзину?' });
    await expect(confirm).toBeVisible();
    await shot(page, testInfo, 'cart-clear-confirmation');
    await confirm.getByRole('button', { name: 'Очистить' }).click();
    await expect(page.getByText('В корзине пока пусто')).toBeVisible();
    expect(JSON.parse((await storage(page)).cart_positions ?? '[]')).toEqual([]);
    await shot(page, testInfo, 'cart-empty');
    await page.getByRole('button', { name: 'Вернуться в меню' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectKazanMenu(page);
  });

  test('a zone minimum and maximum are told through the delivery alert', async ({ page }, testInfo) => {
    // pr. Yamasheva 51, zone 2 of restaurant 1: orders from 800 ₽ up to 15 000 ₽.
    await asReturningCustomer(page, {
      ...CENTRE_DELIVERY,
      order_delivery_place: YAMASHEVA,
      cart_positions: JSON.stringify([
        { id: 8, menu: { id: 1 }, count: 1, price: 39000, sum: 39000, hasModifiers: false, modifiers: [] },
      ]),
    });
    await page.goto('/cart');
    await expect(page.getByTestId('delivery-alert')).toContainText(rub('410 ₽'));
    await expect(page.getByTestId('checkout-blocked')).toBeVisible();
    await shot(page, testInfo, 'cart-below-minimum');

    const line = page.getByTestId('cart-line').first();
    for (let count = 2; count <= 3; count++) {
      await line.getByTestId('line-count-increase').click();
      await expect(line).toContainText(rub(`${(390 * count).toLocaleString('ru-RU')} ₽`));
    }
    // 1 170 ₽: above the minimum, delivery 300 ₽ until 1 500.
    await expect(page.getByTestId('delivery-alert')).not.toContainText(rub('410 ₽'));
    await expect(page.getByTestId('total-delivery')).toContainText(rub('300 ₽'));
    await expect(page.getByTestId('checkout-blocked')).toBeHidden();
  });

  test('a stale price is told line by line, and dishes the place lacks are removed through the popup', async ({
    page,
  }, testInfo) => {
    await asReturningCustomer(page, {
      ...CENTRE_DELIVERY,
      cart_positions: JSON.stringify([
        // Stored at 700 ₽ on an earlier visit; Канада costs 750 ₽ now.
        { id: 5, menu: { id: 1 }, count: 1, price: 70000, sum: 70000, hasModifiers: false, modifiers: [] },
        // A drink of the bar menu, which is not offered for delivery.
        { id: 103, menu: { id: 2 }, count: 1, price: 19000, sum: 19000, hasModifiers: false, modifiers: [] },
      ]),
    });
    await page.goto('/cart');
    const popup = page.getByRole('dialog', { name: 'Этих блюд здесь нет' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Сок яблочный');
    await expect(page.getByTestId('checkout-blocked')).toBeVisible();
    await shot(page, testInfo, 'cart-validation-popup');
    await popup.getByRole('button', { name: 'Удалить их' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);

    const changes = page.getByTestId('price-changes');
    await expect(changes).toContainText(rub('Канада: было 700 ₽, стало 750 ₽ (+50 ₽)'));
    await shot(page, testInfo, 'cart-price-changes');
    await page.getByTestId('price-changes-dismiss').click();
    await expect(changes).toBeHidden();
    // 750 ₽ is below 1 000: delivery 250 ₽.
    await expect(page.getByTestId('total-payable')).toContainText(rub('1 000 ₽'));
    const stored = JSON.parse((await storage(page)).cart_positions ?? '[]') as {
      id: number;
      price: number;
    }[];
    expect(stored).toEqual([expect.objectContaining({ id: 5, price: 75000 })]);
  });

  test('an order above the zone maximum is told to be split', async ({ page }) => {
    await asReturningCustomer(page, {
      ...CENTRE_DELIVERY,
      order_delivery_place: YAMASHEVA,
      cart_positions: JSON.stringify([
        { id: 5, menu: { id: 1 }, count: 20, price: 75000, sum: 1500000, hasModifiers: false, modifiers: [] },
      ]),
    });
    await page.goto('/cart');
    await expect(page.getByTestId('delivery-alert')).toContainText('разделите заказ');
    await expect(page.getByTestId('checkout-blocked')).toBeVisible();
    await page.getByTestId('cart-line').first().getByTestId('line-count-decrease').click();
    await expect(page.getByTestId('delivery-alert')).not.toContainText('разделите заказ');
    await expect(page.getByTestId('checkout-blocked')).toBeHidden();
  });
});

test.describe('a cart while the restaurant is closed', () => {
  // 03:00 on a Wednesday in Kazan: restaurant 1 (11:00–23:00 on weekdays) takes no orders.
  test.use({ clock: 'night' });

  test('says orders are not accepted now, and when they are', async ({ page }, testInfo) => {
    await asReturningCustomer(page, {
      ...CENTRE_DELIVERY,
      cart_positions: JSON.stringify([
        { id: 5, menu: { id: 1 }, count: 2, price: 75000, sum: 150000, hasModifiers: false, modifiers: [] },
      ]),
    });
    await page.goto('/cart');
    const problems = page.getByTestId('cart-problems');
    await expect(problems).toContainText('Заказы сейчас не принимаются');
    await expect(problems).toContainText('11:00');
    // What to do fits delivery; no pre-order before its control (signed in, below), nothing 'marked above'.
    await expect(problems.getByTestId('closed-advice')).toHaveText('Выберите другой адрес или самовывоз');
    await expect(page.getByTestId('checkout-blocked')).toBeHidden();
    // The prices are still the server's: 1 500 ₽ and 150 ₽ delivery.
    await expect(page.getByTestId('total-payable')).toContainText(rub('1 650 ₽'));
    await shot(page, testInfo, 'cart-closed');
  });
});
