import { expect, locationDialog, shot, test } from './fixtures.ts';

test('the API down at boot shows a readable error with a retry, never a blank page', async ({
  page,
}, testInfo) => {
  const citiesDown = '**/1/p/cities**';
  await page.route(citiesDown, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"errors":[{"code":"unknown","message":"Неизвестная ошибка"}]}',
    }),
  );
  await page.goto('/');

  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('heading')).not.toBeEmpty();
  await expect(alert).toContainText('Неизвестная ошибка');
  const retry = alert.getByRole('button', { name: 'Повторить' });
  await expect(retry).toBeVisible();
  await shot(page, testInfo, '01-boot-error');

  await page.unroute(citiesDown);
  await retry.click();
  await expect(alert).toBeHidden();
  await expect(locationDialog(page)).toBeVisible();
  await expect(locationDialog(page).getByRole('button', { name: 'Казань', exact: true })).toBeVisible();
  await shot(page, testInfo, '02-after-retry');
});

test('a clock that cannot be read says so in the customer’s language, with the server’s status', async ({
  page,
}, testInfo) => {
  // A proxy's HTML error page: no error body of the API's, so docs/product.md §8's fallback is shown.
  await page.route('**/1/now', (route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' }),
  );
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('boot-failure')).toHaveText('Не удалось получить время сервера (UTC)');
  await expect(page.getByTestId('boot-status')).toHaveText('Код ответа сервера: 503');
  await expect(alert).not.toContainText('Service Unavailable');
  await shot(page, testInfo, '03-clock-down');
});
