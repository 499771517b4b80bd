import {
  asReturningCustomer,
  chooseRadio,
  expect,
  expectKazanMenu,
  locationDialog,
  shot,
  storage,
  test,
} from './fixtures.ts';
import { addCanadaTwice, journeyPhone, rub, signInFromCart } from './ordering-journeys.ts';

/**
 * A click on the delivery map (Leaflet, zoom 16 after a search) this many pixels left of and below the
 * searched ул. Баумана, 19 lands about 230 m from every address of the demo gazetteer (it answers the
 * nearest within 120 m): a point without a street, still inside restaurant 1's centre zone.
 */
const BARE_POINT_OFFSET = { x: -120, y: 120 };

test.describe('location popup', () => {
  test('first visit: the persistent popup leads to the pickup menu of Kazan', async ({ page }, testInfo) => {
    await page.goto('/');
    const dialog = locationDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Выберите город')).toBeVisible();
    for (const city of ['Казань', 'Нижний Новгород', 'Самара'])
      await expect(dialog.getByRole('button', { name: city, exact: true })).toBeVisible();
    await shot(page, testInfo, '01-city-step');

    // Persistent: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Казань', exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Казань, сменить город' })).toContainText('Казань');
    const methods = dialog.getByRole('group', { name: 'Способ получения' });
    await expect(methods.getByRole('radio', { name: 'Доставка' })).toBeVisible();
    await chooseRadio(methods.getByRole('radio', { name: 'Самовывоз' }));

    const points = dialog.getByRole('group', { name: 'Пункты самовывоза' });
    const baumana = points.getByRole('radio', { name: /ул\. Баумана, 44/ });
    await expect(baumana).toBeChecked(); // the first point is preselected
    const second = points.getByRole('radio').nth(1);
    await chooseRadio(second);
    await expect(baumana).not.toBeChecked();
    await chooseRadio(baumana);
    await shot(page, testInfo, '02-pickup-points');

    await dialog.getByTestId('location-save').click();
    await expect(dialog).toBeHidden();
    await expectKazanMenu(page);
    const groups = page.getByRole('region', { name: 'Основное меню' }).getByRole('heading', { level: 2 });
    await expect(groups.last()).toHaveText('Прочее');
    await expect(page.getByTestId('location-button')).toContainText('Казань');
    await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Баумана, 44');
    await expect(page.getByTestId('cart-button')).toBeVisible();
    await expect(page.getByTestId('locale-menu')).toHaveText('RU');
    await shot(page, testInfo, '03-menu');

    expect(await storage(page)).toMatchObject({
      app_white_label: 'demo',
      city_id: '1',
      order_delivery_method: '"TAKE_AWAY"',
    });
  });

  test('a reload keeps the chosen city, method and pickup point', async ({ page }, testInfo) => {
    await page.goto('/');
    const dialog = locationDialog(page);
    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await chooseRadio(dialog.getByRole('radio', { name: 'Самовывоз' }));
    await dialog.getByTestId('location-save').click();
    await expectKazanMenu(page);
    const chosen = await storage(page);

    await page.reload();
    await expectKazanMenu(page);
    await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Баумана, 44');
    await expect(locationDialog(page)).toBeHidden();
    expect(await storage(page)).toMatchObject({
      city_id: chosen.city_id,
      resto_id: chosen.resto_id,
      order_delivery_method: '"TAKE_AWAY"',
    });
    await shot(page, testInfo, 'after-reload');
  });

  test('a different stored white label is cleared and the popup asks again', async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('app_white_label', 'other-brand');
      localStorage.setItem('app_version', '2');
      localStorage.setItem('city_id', '1');
      localStorage.setItem('resto_id', '1');
      localStorage.setItem('order_delivery_method', '"TAKE_AWAY"');
    });
    await page.goto('/');
    const dialog = locationDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Выберите город')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    const stored = await storage(page);
    expect(stored.app_white_label).toBe('demo');
    expect(stored.city_id).toBeUndefined();
    expect(stored.resto_id).toBeUndefined();
    await shot(page, testInfo, 'popup-after-foreign-label');
  });

  test('a returning customer goes straight to the menu', async ({ page }, testInfo) => {
    await asReturningCustomer(page);
    // The page head asks the whole boot in one call (decisions 30, 33); the app claims each of its
    // answers and asks none of those calls again, and nothing twice.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/config.json' || url.pathname.startsWith('/1/'))
        asked.push(url.pathname + url.search);
    });
    await page.goto('/');
    await expectKazanMenu(page);
    await expect(locationDialog(page)).toBeHidden();
    await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Баумана, 44');
    expect(asked).toContain('/1/p/boot?cityId=1&restoId=1&method=TAKE_AWAY&whiteLabel=demo');
    for (const call of [
      '/1/now',
      '/1/p/cities?whiteLabel=demo',
      '/1/p/location?cityId=1&whiteLabel=demo',
      '/1/restos/1/promotions',
      '/1/p/menus/1/positions',
    ])
      expect(asked, call).not.toContain(call);
    expect(
      asked.filter((path, i) => asked.indexOf(path) !== i),
      'asked twice',
    ).toEqual([]);
    await shot(page, testInfo, 'returning-customer');
  });

  test('a map point without a street is ordered with cash and shown on the order page', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const dialog = locationDialog(page);
    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await chooseRadio(dialog.getByRole('radio', { name: 'Доставка' }));
    await dialog.getByTestId('delivery-address').click();
    const map = page.getByRole('dialog', { name: 'Адрес доставки' });
    await expect(map.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    await map.getByRole('combobox', { name: 'Поиск адреса' }).fill('баума 19');
    await map.getByRole('option', { name: /ул\. Баумана, 19/ }).click();
    await expect(map.getByTestId('map-address')).toHaveText('ул. Баумана, 19');
    const box = await map.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(
      box.x + box.width / 2 + BARE_POINT_OFFSET.x,
      box.y + box.height / 2 + BARE_POINT_OFFSET.y,
    );
    await expect(map.getByTestId('map-address')).toHaveText('Точка на карте');
    await expect(map.getByTestId('map-zone')).toContainText('Центр: Вахитовский район');
    await shot(page, testInfo, '01-bare-point');
    await map.getByTestId('map-confirm').click();
    await expect(map).toBeHidden();
    await expect(dialog.getByTestId('delivery-address')).toContainText('Точка на карте');
    await dialog.getByTestId('location-save').click();
    const confirm = page.getByRole('dialog', { name: 'Подтвердите адрес' });
    // A point without a street has no house number either: the customer confirms it.
    await confirm.getByRole('button', { name: 'Продолжить без номера' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('location-button')).toContainText('Точка на карте');

    await addCanadaTwice(page);
    await page.getByTestId('cart-button').click();
    const coordinates = /Точка на карте 55\.78\d{4}, 49\.11\d{4}/;
    await expect(page.getByTestId('cart-place')).toHaveText(coordinates);
    await shot(page, testInfo, '02-cart-bare-point');
    // Changing the place from the cart asks for the method and place only: the city step is hidden.
    await page.getByTestId('change-place').click();
    await expect(dialog.getByRole('radio', { name: 'Доставка' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Казань, сменить город' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Two rolls (1 500 ₽) and the centre zone's 150 ₽ band: priced by the zone holding the point.
    await expect(page.getByTestId('total-payable')).toContainText(rub('1 650 ₽'));
    await signInFromCart(page, journeyPhone('918', testInfo, 1));
    await expect(page.getByTestId('checkout-address')).toHaveText(coordinates);
    await page.getByTestId('contact-name').fill('Анна');
    await chooseRadio(page.getByTestId('payment-method-CASH_UPON_RECEIPT'));
    await shot(page, testInfo, '03-checkout-bare-point');
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    await expect(page.getByTestId('order-place')).toHaveText(coordinates);
    await expect(page.getByTestId('order-place').getByRole('link')).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=55\.78\d{4}&mlon=49\.11\d{4}/,
    );
    await shot(page, testInfo, '04-order-bare-point');
  });
});
