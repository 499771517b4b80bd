import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { chooseRadio, expect, expectKazanMenu, locationDialog, shot, storage, test } from './fixtures.ts';

/**
 * Nowhere to deliver (decision 56): an address outside every Kazan zone (ул. Гарифьянова, 28 in the API's
 * gazetteer) is refused in the map popup as before, and the city's nearest pickup point is offered beside the
 * refusal with its straight-line distance; one tap switches the location popup to take-away there.
 */
const SHOTS = '/tmp/shots-web';
const mapDialog = (page: Page) => page.getByRole('dialog', { name: 'Адрес доставки' });

async function keep(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

test('an address outside every zone offers the nearest pickup point in one tap', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const dialog = locationDialog(page);
  await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
  await chooseRadio(dialog.getByRole('radio', { name: 'Доставка' }));
  await dialog.getByTestId('delivery-address').click();
  const map = mapDialog(page);
  await expect(map.locator('.leaflet-overlay-pane path').first()).toBeAttached();
  await map.getByRole('combobox', { name: 'Поиск адреса' }).fill('Гарифьянова');
  await map.getByRole('option', { name: /ул\. Гарифьянова, 28/ }).click();
  await expect(map.getByTestId('map-problem')).toHaveText('Адрес не входит в зону доставки');
  await expect(map.getByTestId('map-confirm')).toBeDisabled();

  const offer = map.getByTestId('nearest-pickup');
  const take = offer.getByTestId('nearest-pickup-take');
  await expect(take).toHaveText(/^Заберите сам из «.+», \d+(,\d)? км$/);
  await keep(page, testInfo, 'nearest-pickup');
  const name = /«(.+)»/.exec((await take.textContent()) ?? '')?.[1] ?? '';

  await take.click();
  await expect(map).toBeHidden();
  await expect(dialog.getByRole('radio', { name: 'Самовывоз' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  await keep(page, testInfo, 'nearest-pickup-chosen');
  await dialog.getByTestId('location-save').click();
  await expect(dialog).toBeHidden();
  await expectKazanMenu(page);
  const stored = await storage(page);
  expect(stored.order_delivery_method).toBe('"TAKE_AWAY"');
  expect(stored.resto_id).toMatch(/^\d+$/);
});
