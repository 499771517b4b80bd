import type { Page } from '@playwright/test';
import { chooseRadio, expect, locationDialog, shot, test } from './fixtures.ts';

/**
 * The back office's restaurants (docs/backoffice.md 'Restaurants and cities') reaching the storefront at once: a
 * manager renames restaurant 4 (Nizhny Novgorod, this journey's own on the 'chain' server) and a customer's pickup
 * list shows the new name.
 */
test.use({ clock: 'chain' });

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
];

async function shots(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, testInfo, `${name}-${size.name}`);
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
}

test('a manager renames a restaurant and the storefront’s pickup list shows the new name', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');

  await page.goto('/admin/restaurants');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  // The section opens on the restaurants' list.
  await expect(page.getByRole('heading', { level: 2, name: 'Рестораны' })).toBeVisible();
  await page.getByLabel('Поиск по названию, адресу или городу').fill('Нижний');
  const link = page.getByRole('link', { name: 'Нори-Нори на Покровке' });
  await expect(link).toBeVisible();
  await shots(page, testInfo, '01-list');

  await link.click();
  const name = page.getByLabel('Название (рус.)');
  await expect(name).toHaveValue('Нори-Нори на Покровке');
  await expect(page.getByRole('application', { name: /Карта/ })).toBeVisible();
  await shots(page, testInfo, '02-editor');

  await name.fill('Нори-Нори у Кремля');
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith('/api/v1/admin/restos/4'),
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    name: { ru: 'Нори-Нори у Кремля', en: expect.any(String) },
  });
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();

  const customer = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await customer.goto('/');
  const dialog = locationDialog(customer);
  await dialog.getByRole('button', { name: 'Нижний Новгород', exact: true }).click();
  await chooseRadio(
    dialog.getByRole('group', { name: 'Способ получения' }).getByRole('radio', { name: 'Самовывоз' }),
  );
  const points = dialog.getByRole('group', { name: 'Пункты самовывоза' });
  await expect(points).toContainText('Нори-Нори у Кремля');
  await expect(points).not.toContainText('Нори-Нори на Покровке');
  await shot(customer, testInfo, '03-pickup-list');
  await customer.context().close();
});
