import type { Page } from '@playwright/test';
import { asReturningCustomer, expect, shot, test } from './fixtures.ts';

/**
 * A restaurant's special day (docs/backoffice.md 'Opening hours and special days') reaching the storefront at once:
 * a manager closes restaurant 5 (Nizhny Novgorod, Гагарина; this journey's own on the 'chain' server) for today,
 * 2026-11-25 on that clock, with a note, and a customer who takes away from it is told it is closed today, with
 * the note and when it opens.
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

test('a manager closes a restaurant for today with a note, and take-away customers are told so', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');

  await page.goto('/admin/restaurants/hours');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Часы работы' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Ресторан' }).selectOption({ label: 'Нори-Нори на Гагарина' });
  await expect(page.getByLabel('Режим, Среда')).toHaveValue('hours');
  await shots(page, testInfo, '01-week');

  await page.getByRole('button', { name: 'Закрыто весь день' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый особый день' });
  await dialog.getByLabel('Дата').fill('2026-11-25');
  await expect(dialog.getByLabel('Закрыто весь день')).toBeChecked();
  await dialog.getByLabel('Заметка для покупателей').fill('Сегодня санитарный день');
  await shots(page, testInfo, '02-special-day');
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/api/v1/admin/restos/5/special-days'),
  );
  await dialog.getByRole('button', { name: 'Сохранить день' }).click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'Особый день сохранён' })).toBeVisible();
  const item = page.getByTestId('special-day').filter({ hasText: '2026-11-25' });
  await expect(item).toContainText('Сегодня санитарный день');
  await shots(page, testInfo, '03-list');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const customer = await context.newPage();
  await asReturningCustomer(customer, { city_id: '2', resto_id: '5', order_delivery_method: '"TAKE_AWAY"' });
  await customer.goto('/');
  const notice = customer.getByRole('dialog', { name: 'Сейчас заказы не принимаются' });
  await expect(notice).toContainText('Сегодня санитарный день · откроется завтра в 10:00');
  await shot(customer, testInfo, '04-storefront-closed');
  await context.close();
});
