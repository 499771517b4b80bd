import type { Page } from '@playwright/test';
import { chooseRadio, expect, expectKazanMenu, locationDialog, shot, storage, test } from './fixtures.ts';

/**
 * The map popup against the API's own geocoder (the brand's default `/geocoder`), whose Kazan gazetteer
 * (brands/demo/geocoder/addresses.json) holds addresses inside and outside the demo zones. Tiles come
 * from a fake on 127.0.0.1: plain grey.
 */
const mapDialog = (page: Page, name = 'Адрес доставки') => page.getByRole('dialog', { name });

async function openDeliveryMap(page: Page) {
  await page.goto('/');
  const dialog = locationDialog(page);
  await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
  await chooseRadio(dialog.getByRole('radio', { name: 'Доставка' }));
  await dialog.getByTestId('delivery-address').click();
  const map = mapDialog(page);
  await expect(map).toBeVisible();
  // Leaflet is drawn: the zones are paths in its overlay pane.
  await expect(map.locator('.leaflet-overlay-pane path').first()).toBeAttached();
  return { dialog, map };
}

async function searchAndChoose(page: Page, query: string, option: RegExp) {
  const map = mapDialog(page);
  await map.getByRole('combobox', { name: 'Поиск адреса' }).fill(query);
  await map.getByRole('option', { name: option }).click();
}

test.describe('map popup', () => {
  test('delivery: a suggestion inside a zone selects its restaurant and is saved', async ({
    page,
  }, testInfo) => {
    const { dialog, map } = await openDeliveryMap(page);
    await expect(map.getByTestId('map-problem')).toHaveText('Укажите адрес доставки');
    await expect(map.getByTestId('map-confirm')).toBeDisabled();
    await shot(page, testInfo, '01-map-empty');

    await map.getByRole('combobox', { name: 'Поиск адреса' }).fill('баума 19');
    await expect(map.getByRole('option', { name: /ул\. Баумана, 19/ })).toBeVisible();
    await shot(page, testInfo, '02-suggestions');
    await map.getByRole('option', { name: /ул\. Баумана, 19/ }).click();
    await expect(map.getByTestId('map-address')).toHaveText('ул. Баумана, 19');
    await expect(map.getByTestId('map-zone')).toContainText('Центр: Вахитовский район');
    await expect(map.locator('.leaflet-marker-icon[title="Точка доставки"]')).toBeVisible();
    await shot(page, testInfo, '03-address-in-zone');
    await map.getByTestId('map-confirm').click();

    await expect(map).toBeHidden();
    await expect(dialog.getByTestId('delivery-address')).toContainText('ул. Баумана, 19');
    await dialog.getByLabel('Квартира / офис').fill('12');
    await dialog.getByTestId('location-save').click();
    await expect(dialog).toBeHidden();
    await expectKazanMenu(page);
    await expect(page.getByTestId('location-button')).toContainText('Доставка: ул. Баумана, 19');
    const stored = await storage(page);
    expect(stored.order_delivery_method).toBe('"DELIVERY"');
    expect(stored.resto_id).toBe('1');
    await shot(page, testInfo, '04-delivery-menu');
  });

  test('a point outside every zone keeps Подтвердить disabled with its message', async ({
    page,
  }, testInfo) => {
    const { map } = await openDeliveryMap(page);
    await searchAndChoose(page, 'Гарифьянова', /ул\. Гарифьянова, 28/);
    await expect(map.getByTestId('map-address')).toHaveText('ул. Гарифьянова, 28');
    await expect(map.getByTestId('map-problem')).toHaveText('Адрес не входит в зону доставки');
    await expect(map.getByTestId('map-confirm')).toBeDisabled();
    await shot(page, testInfo, '01-outside-zone');

    // A click on the map moves the marker and asks the geocoder what is there.
    const box = await map.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the map has no box');
    // Away from the marker, which sits at the centre after the search.
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect(map.getByTestId('map-address')).not.toHaveText('ул. Гарифьянова, 28');
    await expect(map.getByTestId('map-address')).not.toHaveText('Определяем адрес…');
  });

  test('an address without a house number brings the confirmation popup', async ({ page }, testInfo) => {
    const { dialog, map } = await openDeliveryMap(page);
    await searchAndChoose(page, 'ул баумана', /^ул\. Баумана(?!,)/);
    await expect(map.getByTestId('map-address')).toHaveText('ул. Баумана');
    await map.getByTestId('map-confirm').click();
    await dialog.getByTestId('location-save').click();

    const confirm = page.getByRole('dialog', { name: 'Подтвердите адрес' });
    await expect(confirm).toBeVisible();
    await shot(page, testInfo, '01-confirm-address');
    await confirm.getByRole('button', { name: 'Уточнить данные' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByTestId('delivery-address')).toContainText('ул. Баумана');

    await dialog.getByTestId('location-save').click();
    await confirm.getByRole('button', { name: 'Продолжить без номера' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('location-button')).toContainText('Доставка: ул. Баумана');
  });

  test('take-away: clicking a pickup marker selects that restaurant', async ({ page }, testInfo) => {
    await page.goto('/');
    const dialog = locationDialog(page);
    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await chooseRadio(dialog.getByRole('radio', { name: 'Самовывоз' }));
    await dialog.getByTestId('pick-on-map').click();
    const map = mapDialog(page, 'Пункт самовывоза');
    await expect(map).toBeVisible();
    const pins = map.locator('.leaflet-marker-icon');
    await expect(pins.first()).toBeVisible();
    const titles = await pins.evaluateAll((els) => els.map((el) => el.getAttribute('title')));
    expect(titles.length).toBeGreaterThan(1);

    await map.locator('.leaflet-marker-icon[title="ул. Пушкина, 10"]').click();
    const info = map.locator('.leaflet-popup-content');
    await expect(info).toContainText('ул. Пушкина, 10');
    await expect(info).toContainText('Часы работы');
    await expect(map.getByTestId('map-pickup')).toContainText('ул. Пушкина, 10');
    await shot(page, testInfo, '01-pickup-info');
    await map.getByTestId('map-confirm').click();

    await expect(map).toBeHidden();
    await expect(dialog.getByRole('radio', { name: /ул\. Пушкина, 10/ })).toBeChecked();
    await dialog.getByTestId('location-save').click();
    await expect(dialog).toBeHidden();
    expect((await storage(page)).resto_id).toBe('2');
  });
});
