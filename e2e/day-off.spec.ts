import { asReturningCustomer, expect, expectKazanMenu, locationDialog, shot, test } from './fixtures.ts';

// 03:00 on Wednesday in Kazan, on the server and the page alike: restaurant 1 (11:00–23:00 on weekdays)
// is closed, whatever the hour the suite runs at.
test.use({ clock: 'night' });

test('a closed restaurant says orders are not accepted now and when it opens', async ({ page }, testInfo) => {
  await asReturningCustomer(page);
  await page.goto('/');
  const notice = page.getByRole('dialog', { name: 'Сейчас заказы не принимаются' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Закрыто · откроется в 11:00');
  await shot(page, testInfo, 'day-off');
  await notice.getByRole('button', { name: 'Понятно' }).click();
  await expect(notice).toBeHidden();
  await expectKazanMenu(page);
});

test('the closed notice offers to change the address', async ({ page }) => {
  await asReturningCustomer(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Изменить адрес' }).click();
  await expect(locationDialog(page)).toBeVisible();
});
