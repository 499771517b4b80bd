import { asReturningCustomer, expect, expectKazanMenu, shot, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await asReturningCustomer(page);
});

test('an unknown path redirects home', async ({ page, baseURL }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expectKazanMenu(page);
  await shot(page, testInfo, 'redirected-home');
});

test('an information page renders the brand markdown', async ({ page }, testInfo) => {
  await page.goto('/dostavka');
  const article = page.getByRole('main').getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'Доставка' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await shot(page, testInfo, 'info-page');
});
