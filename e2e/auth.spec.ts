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

/**
 * The stored token set with its access token expired (`exp` before its `iat`, whatever the server's clock
 * says): the next authorised call must refresh first. The signature no longer matches, which does not
 * matter: an expired access token is never sent.
 */
async function expireAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const set = JSON.parse(localStorage.getItem('person_token_set') ?? 'null') as {
      accessToken: string;
      refreshToken: string;
    };
    const [head, payload] = set.accessToken.split('.') as [string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, number>;
    claims.exp = (claims.iat ?? 0) - 60;
    const expired = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem('person_token_set', JSON.stringify({ ...set, accessToken: `${head}.${expired}.x` }));
    return set.refreshToken;
  });
}

async function signInByPhone(page: Page, phone: { typed: string; normalized: string }) {
  await page.goto('/auth');
  await requestCode(page, phone.typed);
  await page.getByLabel('Код из СМС').fill(await smsCodeFor(phone.normalized));
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expectKazanMenu(page);
}

test.describe('two open tabs (decision 42)', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  });

  for (const [n, locks] of [
    [4, 'with Web Locks'],
    [5, 'without Web Locks (the API’s grace)'],
  ] as const) {
    test(`both refresh an expired session at once and stay signed in, ${locks}`, async ({
      page,
    }, testInfo) => {
      if (n === 5)
        await page.context().addInitScript(() => {
          Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
        });
      await signInByPhone(page, phoneFor(testInfo, n));
      const second = await page.context().newPage();
      await second.goto('/');
      await expectKazanMenu(second);

      // Both tabs load the expired set (the profile page makes no call), then open their orders at once:
      // each finds the access token expired and holds the same refresh token.
      const before = await expireAccessToken(page);
      for (const tab of [page, second]) {
        await tab.goto('/auth');
        await expect(tab.getByRole('heading', { name: 'Профиль' })).toBeVisible();
      }
      await Promise.all([page.getByTestId('my-orders').click(), second.getByTestId('my-orders').click()]);
      for (const tab of [page, second]) {
        await expect(tab.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
        await expect(tab.getByText('Заказов пока нет')).toBeVisible();
      }
      await shot(page, testInfo, '01-first-tab-orders');
      await shot(second, testInfo, '02-second-tab-orders');
      const after = JSON.parse((await storage(page)).person_token_set ?? '{}') as { refreshToken?: string };
      expect(after.refreshToken).toBeDefined();
      expect(after.refreshToken).not.toBe(before);

      // Nothing was revoked: the shared set refreshes again, and both tabs still know the person.
      await expireAccessToken(second);
      await second.reload();
      await expect(second.getByText('Заказов пока нет')).toBeVisible();
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
      await second.close();
    });
  }
});
