import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { asReturningCustomer, expect, shot, test } from './fixtures.ts';
import { rub } from './ordering-journeys.ts';

/**
 * A promo code made in the back office (docs/backoffice.md 'Promo codes') discounting a cart at once: a manager
 * creates a code of 15 % (a fresh name each run, so runs never meet) and a customer taking away from restaurant 1
 * (Kazan) applies it in the cart. On the 'chain' server, whose journeys each change only what they own.
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

test('a manager creates a 15 % promo code and the storefront’s cart takes it', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`;

  await page.goto('/admin/marketing/promo-codes');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Промокоды' })).toBeVisible();
  await shots(page, testInfo, '01-list');

  await page.getByRole('link', { name: 'Новый промокод' }).click();
  await page.getByRole('textbox', { name: 'Код', exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Описание (рус.)').fill('Проверка из e2e');
  await expect(page.getByLabel('Вид скидки')).toHaveValue('percent');
  await page.getByLabel('Размер').fill('15');
  await page.getByRole('checkbox', { name: 'Ср' }).check();
  await shots(page, testInfo, '02-form');
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/v1/admin/promo-codes'),
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 2, name: `Промокод ${code}` })).toBeVisible();

  await page.getByRole('link', { name: 'К списку' }).click();
  await page.getByLabel('Поиск по коду').fill(code.slice(0, 7));
  await expect(page.getByRole('link', { name: code })).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const customer = await context.newPage();
  await asReturningCustomer(customer);
  await customer.goto('/');
  await customer
    .getByRole('article', { name: 'Канада', exact: true })
    .getByRole('button', { name: 'Добавить «Канада» в корзину' })
    .click();
  await customer.getByTestId('cart-button').click();
  await expect(customer).toHaveURL(/\/cart$/);
  const line = customer.getByTestId('cart-line');
  await line.first().getByTestId('line-count-increase').click();
  await expect(customer.getByTestId('total-payable')).toContainText(rub('1 500 ₽'));
  await customer.getByTestId('promo-input').fill(code.toLowerCase());
  await customer.getByTestId('promo-apply').click();
  // 15 % of 1 500 ₽.
  await expect(customer.getByTestId('total-discount')).toContainText(rub('225 ₽'));
  await expect(customer.getByTestId('total-payable')).toContainText(rub('1 275 ₽'));
  await shot(customer, testInfo, '03-cart-discount');
  await context.close();
});
