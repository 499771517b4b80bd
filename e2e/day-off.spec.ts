import {
  asReturningCustomer,
  chooseRadio,
  expect,
  expectKazanMenu,
  locationDialog,
  shot,
  smsCodeFor,
  test,
} from './fixtures.ts';
import { CENTRE_DELIVERY, journeyPhone } from './ordering-journeys.ts';

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

test('paying for a pre-order at a closed restaurant lands on the paid page, with no closed notice over it', async ({
  page,
}, testInfo) => {
  await asReturningCustomer(page, CENTRE_DELIVERY);
  await page.goto('/');
  const notice = page.getByRole('dialog', { name: 'Сейчас заказы не принимаются' });
  await notice.getByRole('button', { name: 'Понятно' }).click();
  await expectKazanMenu(page);
  const canada = page.getByRole('article', { name: 'Канада', exact: true });
  await canada.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
  await canada.getByRole('button', { name: 'Добавить ещё' }).click();
  await page.getByTestId('cart-button').click();

  // Anonymous: what to do fits delivery, no pre-order before its control, nothing 'marked above'.
  const problems = page.getByTestId('cart-problems');
  await expect(problems.getByTestId('closed-advice')).toHaveText('Выберите другой адрес или самовывоз');
  await expect(page.getByTestId('checkout-blocked')).toBeHidden();
  await shot(page, testInfo, 'cart-closed-anonymous');

  // Journeys of this spec sign in with 917… numbers; the code is in the night server's log.
  const phone = journeyPhone('917', testInfo, 1);
  await page.getByTestId('checkout-sign-in-button').click();
  await page.getByLabel('Номер телефона').fill(phone.typed);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из СМС').fill(await smsCodeFor(phone.normalized, 'night'));
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByTestId('checkout-form')).toBeVisible();
  // Signed in, the time control is below: now the banner offers the pre-order.
  await expect(problems.getByTestId('closed-advice')).toHaveText(
    'Оформите предзаказ ниже, выберите другой адрес или самовывоз',
  );
  await shot(page, testInfo, 'cart-closed-signed-in');

  await page.getByTestId('contact-name').fill('Дина');
  await page.getByTestId('contact-email').fill('dina@example.com');
  await chooseRadio(page.getByTestId('payment-method-CARD_ONLINE'));
  await chooseRadio(page.getByTestId('when-pre-order'));
  await expect(page.getByTestId('cart-problems')).toBeHidden();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/api\/v1\/payments\/demo\/pay\//);
  await page.getByTestId('demo-pay').click();

  await expect(page).toHaveURL(/\/orders\/\d+\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ оплачен' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await shot(page, testInfo, 'paid-pre-order-at-night');
  await page.getByTestId('payment-to-order').click();
  await expect(page.getByTestId('order-promised')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await shot(page, testInfo, 'order-pre-order-at-night');
});
