import type { Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, expect, expectKazanMenu, shot, smsCodeFor, storage, test } from './fixtures.ts';

/**
 * Phone sign-in against the real API, which runs the `log` SMS sender: the journeys read the code from
 * the server's log as a customer reads it from the SMS. Each test and project uses its own number, since
 * one number may ask for a code only once in 90 s.
 */
function phoneFor(testInfo: TestInfo, test: number): { typed: string; normalized: string } {
  const project = testInfo.project.name === 'phone' ? 1 : 2;
  const national = `91200${project}${String(test).padStart(4, '0')}`;
  return { typed: `8${national}`, normalized: `+7${national}` };
}

async function requestCode(page: Page, typed: string) {
  await page.getByLabel('Номер телефона').fill(typed);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из СМС')).toBeVisible();
}

test.describe('phone sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  });

  test('with the code from the SMS, the profile is shown; signing out forgets it', async ({
    page,
  }, testInfo) => {
    const phone = phoneFor(testInfo, 1);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByText('Введите номер телефона')).toBeVisible();
    await shot(page, testInfo, '01-phone-required');

    await requestCode(page, phone.typed);
    await expect(page.getByText(/Код отправлен на \+7 \(912\)/)).toBeVisible();
    await expect(page.getByTestId('resend-countdown')).toContainText('Новый код можно получить через 1:');
    await shot(page, testInfo, '02-code-step');

    await page.getByLabel('Код из СМС').fill(await smsCodeFor(phone.normalized));
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expectKazanMenu(page);

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
    await expect(page.getByTestId('profile')).toContainText(`+7 (912) 00`);
    const stored = await storage(page);
    expect(JSON.parse(stored.person_token_set ?? '{}')).toMatchObject({ source: 'PHONE' });
    expect(JSON.parse(stored.person_profile ?? '{}')).toMatchObject({ phone: phone.normalized });
    await shot(page, testInfo, '03-profile');

    await page.getByTestId('sign-out').click();
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    const after = await storage(page);
    expect(after.person_token_set).toBeUndefined();
    expect(after.person_profile).toBeUndefined();
  });

  test('a wrong code is refused in words, with the tries left', async ({ page }, testInfo) => {
    const phone = phoneFor(testInfo, 2);
    await page.goto('/auth');
    await requestCode(page, phone.typed);
    const right = await smsCodeFor(phone.normalized);
    const wrong = right === '000000' ? '111111' : '000000';
    await page.getByLabel('Код из СМС').fill(wrong);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page.getByTestId('sign-in-refusal')).toContainText('Неверный код подтверждения');
    await expect(page.getByTestId('sign-in-refusal')).toContainText(/Осталось \d попытк/);
    await shot(page, testInfo, '01-wrong-code');
    expect((await storage(page)).person_token_set).toBeUndefined();
  });

  test('checkout sends an anonymous customer to sign in and back to the cart', async ({ page }, testInfo) => {
    const phone = phoneFor(testInfo, 3);
    await page.goto('/');
    await expectKazanMenu(page);
    await page.getByRole('article', { name: 'Канада', exact: true }).getByTestId('add-to-cart').click();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('checkout-sign-in-button').click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Чтобы оформить заказ, авторизуйтесь' }),
    ).toBeVisible();
    await shot(page, testInfo, '01-sign-in-to-order');
    await requestCode(page, phone.typed);
    await page.getByLabel('Код из СМС').fill(await smsCodeFor(phone.normalized));
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('checkout-form')).toBeVisible();
  });
});
