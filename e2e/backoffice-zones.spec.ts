import type { Page } from '@playwright/test';
import { chooseRadio, expect, locationDialog, shot, test } from './fixtures.ts';

/**
 * Delivery zones on the map (decision 52), on the chain's own server (e2e/clocks.ts: zones belong to restaurant 6,
 * Samara, which no other journey changes). A manager draws a zone with Geoman over the north of Samara, where no demo
 * zone is (brands/demo/seed/zones.json) but the demo gazetteer has ул. Стара-Загора, 160; then the storefront's
 * address popup delivers there at the zone's band.
 */
test.use({ clock: 'chain' });

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
/** Samara's centre and zoom as the zones' map opens (brands/demo/seed/cities.json). */
const SAMARA = { center: { lat: 53.1959, lng: 50.1002 }, zoom: 12 };
/** The drawn zone's corners: around ул. Стара-Загора, 160 (53.241, 50.218), clear of every demo zone. */
const CORNERS = [
  { lat: 53.236, lng: 50.206 },
  { lat: 53.236, lng: 50.23 },
  { lat: 53.248, lng: 50.23 },
  { lat: 53.248, lng: 50.206 },
];

/** Web Mercator world pixels at a zoom, as Leaflet places tiles and markers. */
function world(point: { lat: number; lng: number }, zoom: number) {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  return {
    x: ((point.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Restaurant 6 takes delivery orders (paid in cash), through the API: its own setting, no other journey's. */
async function letRestaurantSixDeliver(page: Page) {
  const signIn = await page.request.post('/api/v1/staff/sign-in', { data: MANAGER });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const resto = await page.request.get('/api/v1/admin/restos/6', { headers: { authorization } });
  const patch = await page.request.patch('/api/v1/admin/restos/6', {
    headers: { authorization, 'if-match': resto.headers().etag ?? '' },
    data: {
      isDelivery: true,
      payDelivery: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
    },
  });
  expect(patch.status()).toBe(200);
}

test('a manager draws a zone for restaurant 6 and an address inside it becomes deliverable at its band', async ({
  page,
}, testInfo) => {
  // Once per run: both projects share the chain's server, and restaurant 6 is one.
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  // Wide and tall enough that the drawn corners, north-east of Samara's centre, are on the map at its zoom.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await letRestaurantSixDeliver(page);
  await page.goto('/admin/restaurants/zones');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Зоны доставки' })).toBeVisible();
  await page.getByLabel('Город').selectOption({ label: 'Самара' });
  const map = page.getByRole('region', { name: 'Карта зон доставки: Самара' });
  await expect(map.locator('.leaflet-overlay-pane path')).toHaveCount(2);
  await shot(page, testInfo, '01-samara-zones');

  await page.getByRole('button', { name: 'Нарисовать зону' }).click();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  const centre = world(SAMARA.center, SAMARA.zoom);
  const pixel = (point: { lat: number; lng: number }) => {
    const at = world(point, SAMARA.zoom);
    return { x: box.x + box.width / 2 + at.x - centre.x, y: box.y + box.height / 2 + at.y - centre.y };
  };
  for (const corner of CORNERS) {
    const { x, y } = pixel(corner);
    await page.mouse.click(x, y);
  }
  // A click on the first point closes the ring.
  const first = pixel(CORNERS[0] as (typeof CORNERS)[number]);
  await page.mouse.click(first.x, first.y);
  await expect(page.getByText('Границы: Точек: 4')).toBeVisible();

  const panel = page.getByRole('region', { name: 'Новая зона' });
  await panel.getByLabel('Ресторан', { exact: true }).selectOption({ label: 'Нори-Нори на Ленинградской' });
  await panel.getByLabel('Название', { exact: false }).first().fill('Север (Стара-Загора)');
  await panel.getByLabel('Цена, ₽').fill('199');
  await panel.getByLabel('Мин', { exact: true }).fill('45');
  await shot(page, testInfo, '02-drawn-zone');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Зона «Север (Стара-Загора)»' })).toBeVisible();

  // The storefront, in a fresh visit: Samara, delivery, the address inside the new zone.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  const dialog = locationDialog(page);
  await dialog.getByRole('button', { name: 'Самара', exact: true }).click();
  await chooseRadio(dialog.getByRole('radio', { name: 'Доставка' }));
  await dialog.getByTestId('delivery-address').click();
  const popup = page.getByRole('dialog', { name: 'Адрес доставки' });
  await popup.getByRole('combobox', { name: 'Поиск адреса' }).fill('стара-загора 160');
  await popup.getByRole('option', { name: /ул\. Стара-Загора, 160/ }).click();
  await expect(popup.getByTestId('map-zone')).toContainText(
    'Нори-Нори на Ленинградской · Север (Стара-Загора)',
  );
  await popup.getByTestId('map-confirm').click();
  await expect(popup).toBeHidden();
  await dialog.getByRole('button', { name: 'Условия доставки' }).click();
  const terms = page.getByRole('dialog', { name: 'Условия доставки' });
  await expect(terms.getByRole('table')).toContainText('199');
  await expect(terms.getByRole('table')).toContainText('45 мин');
  await shot(page, testInfo, '03-storefront-band');
});
