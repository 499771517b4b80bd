import type { Page } from '@playwright/test';
import { base32Decode, hotp, totpStepAt } from '../apps/api/src/modules/staff/staff-totp.ts';
import { expect, shot, test } from './fixtures.ts';

/**
 * Staff sign-in security (decision 40) on the board's own page: a manager sees the brand's logins, unlocks
 * one that wrong passwords blocked, turns the TOTP second factor on, and signs in again with a code. On
 * the evening server, so the operator blocked here is not the one the order-board journeys sign in with
 * at the same time.
 */
test.use({ clock: 'evening' });

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The authenticator app's code on the server's clock (its `/1/now`), `ahead` steps later. */
async function codeFor(page: Page, secret: string, ahead = 0): Promise<string> {
  const answer = await page.request.get('/1/now');
  const { utc_time } = (await answer.json()) as { utc_time: string };
  return hotp(base32Decode(secret), totpStepAt(Date.parse(utc_time)) + ahead);
}

async function signIn(page: Page) {
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test('a manager unlocks a blocked login, turns the second factor on and signs in with a code', async ({
  page,
}, testInfo) => {
  // Once per run: the journey takes its phone and desktop pictures itself, and leaves the second factor on.
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  await page.setViewportSize(DESKTOP);
  // Five wrong passwords block the operator's login, for a while.
  for (let attempt = 1; attempt <= 5; attempt++)
    await page.request.post('/api/v1/staff/sign-in', {
      data: { login: 'kazan', password: `wrong-${attempt}` },
    });

  // The board's old address still works: it redirects into the back office (decision 48).
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/admin\/board$/);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();

  await page.getByRole('link', { name: 'Сотрудники' }).click();
  const kazan = page.getByTestId('staff-account-kazan');
  await expect(kazan).toContainText('Вход заблокирован до');
  await shot(page, testInfo, 'staff-list-1280');
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, 'staff-list-390');

  await kazan.getByRole('button', { name: 'Разблокировать' }).click();
  const ask = page.getByRole('dialog', { name: 'Разблокировать вход «kazan»?' });
  await expect(ask).toBeVisible();
  await shot(page, testInfo, 'staff-unlock-390');
  await ask.getByRole('button', { name: 'Разблокировать' }).click();
  await expect(kazan).toContainText('Вход открыт');
  const right = await page.request.post('/api/v1/staff/sign-in', {
    data: { login: 'kazan', password: 'demo-kazan-2026' },
  });
  expect(right.status()).toBe(200);

  await page.getByRole('link', { name: 'Пароль и вход' }).click();
  const factor = page.getByRole('region', { name: 'Двухфакторный вход' });
  await factor.getByRole('button', { name: 'Включить' }).click();
  const secret = (await factor.locator('code').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, testInfo, 'staff-totp-enrol-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, testInfo, 'staff-totp-enrol-1280');
  await factor.getByLabel('Код из приложения').fill(await codeFor(page, secret));
  await factor.getByRole('button', { name: 'Подтвердить и включить' }).click();
  await expect(factor.getByRole('status')).toHaveText('Двухфакторный вход включён');
  await shot(page, testInfo, 'staff-account-1280');

  await page.getByRole('button', { name: 'Выйти' }).click();
  await signIn(page);
  const code = page.getByLabel('Код из приложения');
  await expect(code).toBeVisible();
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, 'staff-sign-in-code-390');
  // The code that turned it on is spent: the next step's code (within the ±1 step window) is new.
  await code.fill(await codeFor(page, secret, 1));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
});
