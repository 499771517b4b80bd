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

test('on a phone the navigation panel opens at the first tap and a link in it leads on', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the panel is the narrow screens’ navigation');
  await page.goto('/');
  await expectKazanMenu(page);
  // Its dialog loads at the first opening (decision 30): that opening must not be lost.
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const panel = page.getByRole('dialog', { name: 'Навигация' });
  await expect(panel).toBeVisible();
  await shot(page, testInfo, 'navigation-panel');
  await panel.getByRole('link', { name: 'Рестораны' }).click();
  await expect(page).toHaveURL(/\/restos$/);
  await expect(panel).toBeHidden();
});
