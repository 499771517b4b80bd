import { asReturningCustomer, expect, expectKazanMenu, shot, storage, test } from './fixtures.ts';

test('switching to English re-renders without a reload and survives one', async ({ page }, testInfo) => {
  await asReturningCustomer(page);
  await page.goto('/');
  await expectKazanMenu(page);
  const location = page.getByTestId('location-button');
  await expect(location).toContainText('Самовывоз: ул. Баумана, 44');
  // A dish card takes its texts from the menu (decision 31): the switch must redraw the cards too.
  const firstDish = page.getByTestId('dish-card').first();
  await expect(firstDish).toContainText('Филадельфия');
  await expect(firstDish).toContainText('260 г');
  await expect(firstDish).toContainText('690\u00a0₽');
  await expect(firstDish.getByTestId('add-to-cart')).toHaveText('Выбрать');

  // Any reload would lose this marker: the switch must happen in place.
  await page.evaluate(() => {
    (window as unknown as { e2eMarker: boolean }).e2eMarker = true;
  });
  const localeMenu = page.getByTestId('locale-menu');
  await expect(localeMenu).toHaveText('RU');
  await localeMenu.click();
  await expect(page.getByRole('button', { name: 'Русский' })).toBeVisible();
  await shot(page, testInfo, '01-locale-menu');
  await page.getByRole('button', { name: 'English' }).click();

  await expectKazanMenu(page, ['Rolls', 'Baked rolls', 'Sushi and nigiri', 'Other']);
  await expect(location).toContainText('Kazan');
  await expect(location).toContainText('Pickup: 44 Baumana St');
  await expect(firstDish).toContainText('Philadelphia');
  await expect(firstDish).toContainText('260 g');
  await expect(firstDish).toContainText('₽690');
  await expect(firstDish.getByTestId('add-to-cart')).toHaveText('Choose');
  await expect(localeMenu).toHaveText('EN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (testInfo.project.name === 'desktop') {
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Menu', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Promotions', exact: true })).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: boolean }).e2eMarker)).toBe(true);
  expect((await storage(page)).app_locale).toBe('"en"');
  await shot(page, testInfo, '02-english');

  await page.reload();
  await expectKazanMenu(page, ['Rolls', 'Baked rolls', 'Sushi and nigiri', 'Other']);
  await expect(location).toContainText('Pickup: 44 Baumana St');
  await expect(localeMenu).toHaveText('EN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await shot(page, testInfo, '03-english-after-reload');
});
