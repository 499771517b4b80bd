import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  asReturningCustomer,
  chooseRadio,
  expect,
  expectKazanMenu,
  locationDialog,
  shot,
  test,
} from './fixtures.ts';

/**
 * axe-core's WCAG 2.1 A/AA rules on every screen a customer meets, at both widths: what can be checked
 * by machine of 'works with the keyboard and reads sensibly to a screen reader'. The map canvas itself
 * is left out (tiles and markers are pictures of a place; the popup around it carries the meaning).
 */
async function expectNoViolations(page: Page, testInfo: TestInfo, screen: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.leaflet-container')
    .analyze();
  const found = result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  if (found.length > 0) {
    await testInfo.attach(`axe-${screen}.json`, {
      body: JSON.stringify(found, null, 2),
      contentType: 'application/json',
    });
    await shot(page, testInfo, `axe-${screen}`);
  }
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}

test.describe('accessibility', () => {
  test('first visit: the location popup and the delivery map popup', async ({ page }, testInfo) => {
    await page.goto('/');
    const dialog = locationDialog(page);
    await expect(dialog.getByRole('button', { name: 'Казань', exact: true })).toBeVisible();
    await expectNoViolations(page, testInfo, 'city-step');

    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await chooseRadio(dialog.getByRole('radio', { name: 'Доставка' }));
    await expectNoViolations(page, testInfo, 'method-step');

    await dialog.getByTestId('delivery-address').click();
    const map = page.getByRole('dialog', { name: 'Адрес доставки' });
    await expect(map.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    await map.getByRole('combobox', { name: 'Поиск адреса' }).fill('баума 19');
    await expect(map.getByRole('option', { name: /ул\. Баумана, 19/ })).toBeVisible();
    await expectNoViolations(page, testInfo, 'map-popup');
  });

  test('the menu, a dish with modifiers and the search', async ({ page }, testInfo) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
    await page.goto('/');
    await expectKazanMenu(page);
    await expectNoViolations(page, testInfo, 'home');

    await page.goto('/menus/1/positions/25');
    const layer = page.getByRole('dialog', { name: 'Сет «Большой запечённый»' });
    await expect(layer).toBeVisible();
    await layer.getByTestId('position-add').click();
    await expect(layer.getByRole('alert')).toBeVisible();
    await expectNoViolations(page, testInfo, 'dish-layer');

    await page.goto('/');
    await expectKazanMenu(page);
    await page.getByTestId('search-button').click();
    await page.getByTestId('search-input').fill('hjkk');
    // The search is a modal dialog: the page under it is inert, so its results are looked for inside it.
    await expect(
      page.getByRole('dialog').getByRole('button', { name: /Ролл с авокадо и огурцом/ }),
    ).toBeVisible();
    await expectNoViolations(page, testInfo, 'search');
  });

  test('the menu and a dish in English', async ({ page }, testInfo) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true', app_locale: '"en"' });
    await page.goto('/');
    await expectKazanMenu(page, ['Rolls', 'Baked rolls', 'Sushi and nigiri', 'Other']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectNoViolations(page, testInfo, 'home-en');

    await page.goto('/menus/1/positions/25');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, testInfo, 'dish-layer-en');
  });

  test('promotions, restaurants and the schedule', async ({ page }, testInfo) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, testInfo, 'promotions');

    await page.goto('/restos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, testInfo, 'restos');

    await page.goto('/restos/1');
    await page.getByRole('button', { name: /Часы работы/ }).click();
    await expect(page.getByRole('dialog', { name: 'Часы работы' })).toBeVisible();
    await expectNoViolations(page, testInfo, 'schedule');
  });

  test('sign-in and the cart', async ({ page }, testInfo) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByText('Введите номер телефона')).toBeVisible();
    await expectNoViolations(page, testInfo, 'auth');

    // A number of this file's own: one number may ask for a code once in 90 s.
    const national = `91300${testInfo.project.name === 'phone' ? 1 : 2}0001`;
    await page.getByLabel('Номер телефона').fill(`8${national}`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByLabel('Код из СМС')).toBeVisible();
    await expectNoViolations(page, testInfo, 'auth-code');

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, testInfo, 'cart');
  });
});

/** Tabs until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  throw new Error(`Tab never reached the target; the focus is on ${at}`);
}

test('keyboard only: a first visit chooses delivery to a searched address and saves it', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const dialog = locationDialog(page);
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Казань', exact: true }));
  await page.keyboard.press('Enter');

  await tabTo(page, dialog.getByRole('radio', { name: 'Доставка' }));
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Доставка' })).toBeChecked();
  await tabTo(page, dialog.getByTestId('delivery-address'));
  await page.keyboard.press('Enter');

  const map = page.getByRole('dialog', { name: 'Адрес доставки' });
  await expect(map).toBeVisible();
  await tabTo(page, map.getByRole('combobox', { name: 'Поиск адреса' }));
  await page.keyboard.type('баума 19');
  await expect(map.getByRole('option', { name: /ул\. Баумана, 19/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(map.getByTestId('map-address')).toHaveText('ул. Баумана, 19');
  await tabTo(page, map.getByTestId('map-confirm'));
  await page.keyboard.press('Enter');
  await expect(map).toBeHidden();

  await expect(dialog.getByTestId('delivery-address')).toContainText('ул. Баумана, 19');
  await tabTo(page, dialog.getByTestId('location-save'));
  await shot(page, testInfo, 'keyboard-before-save');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectKazanMenu(page);
  await expect(page.getByTestId('location-button')).toContainText('Доставка: ул. Баумана, 19');
});
