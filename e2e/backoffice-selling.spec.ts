import type { Page } from '@playwright/test';
import { expect, shot, test } from './fixtures.ts';

/**
 * What a chain sells with an order, set in the back office (decision 56): a manager gives the Bar menu its add-ons
 * and puts them in order, makes a gift promotion (from a sum, dishes to choose from, not with a promo code), and sets
 * a restaurant's capacity per 15 minutes with an automatic delay; the owner gives each person free chopsticks. Each
 * change is read back from the server. On the 'office' server, whose journeys change the demo's menu; the gift is
 * saved unpublished and the capacity is generous, so no other journey's cart or order meets them.
 */
test.use({ clock: 'office' });

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const OWNER = { login: 'owner', password: 'demo-owner-2026' };

/** The screen at a desktop's 1280 px and a kitchen tablet's 800 px, kept with the test and in /tmp/shots-bo. */
async function shots(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, testInfo, `${name}-${width}`);
    await page.screenshot({ path: `/tmp/shots-bo/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signIn(page: Page, path: string, who: { login: string; password: string }) {
  await page.goto(path);
  await page.getByLabel('Логин').fill(who.login);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

const chosen = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.getByRole('list', { name: 'Добавки к заказу' }).getByRole('listitem');

test('a manager sets a menu’s add-ons, makes a gift promotion and sets a restaurant’s capacity', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');

  // Add-ons: two dishes of the brand found by name, the second moved first, saved under the menu's version.
  await signIn(page, '/admin/menu/menus', MANAGER);
  await expect(page.getByRole('button', { name: 'Добавки: Бар' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавки: Бар' }).click();
  let dialog = page.getByRole('dialog', { name: 'Добавки к заказу: «Бар»' });
  const search = dialog.getByLabel('Найти блюдо бренда');
  for (const [typed, dish] of [
    ['васаби', 'Васаби'],
    ['имбирь', 'Имбирь маринованный'],
  ]) {
    await search.fill(typed as string);
    await dialog.getByRole('button', { name: `Добавить: ${dish}`, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Выше: Имбирь маринованный' }).click();
  await expect(chosen(dialog)).toHaveText([/Имбирь маринованный/, /Васаби/]);
  await shots(page, testInfo, 'menu-add-ons-dialog');
  const patched = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/v1\/admin\/menus\/\d+$/.test(response.url()),
  );
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  const patch = await patched;
  expect(patch.status()).toBe(200);
  expect(Object.keys(patch.request().postDataJSON())).toEqual(['addOnPositionIds']);
  expect(patch.request().headers()['if-match']).toMatch(/^"\d+"$/);
  await expect(page.getByRole('status').filter({ hasText: 'Добавки сохранены' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Добавки: Бар' }).click();
  dialog = page.getByRole('dialog', { name: 'Добавки к заказу: «Бар»' });
  await expect(chosen(dialog)).toHaveText([/Имбирь маринованный/, /Васаби/]);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await shots(page, testInfo, 'menus-list');

  // A gift: from 3 000 ₽ typed in roubles, a roll or a drink to choose, not with a promo code, with points.
  await page.goto('/admin/marketing/promotions/new');
  await page.getByLabel('Название (рус.)').fill('Подарок к большому заказу');
  await page.getByRole('radio', { name: 'Подарок' }).check();
  await shots(page, testInfo, 'promotion-kind-switch');
  await page.getByLabel('Заказ от').fill('3000');
  const picker = page.getByRole('group', { name: /^Блюда на выбор/ });
  for (const [typed, dish] of [
    ['канада', 'Канада'],
    ['морс', 'Морс клюквенный'],
  ]) {
    await picker.getByLabel('Найти блюдо бренда').fill(typed as string);
    await picker.getByRole('button', { name: `Добавить: ${dish}`, exact: true }).click();
  }
  await page.getByRole('checkbox', { name: 'Вместе с баллами' }).check();
  await page.getByRole('checkbox', { name: 'Опубликована' }).uncheck();
  await picker.scrollIntoViewIfNeeded();
  await shots(page, testInfo, 'promotion-gift-form');
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/v1/admin/promotions'),
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const gift = (await answer.json()) as { kind: string; gift: { minSum: number; withPromoCode: boolean } };
  expect(gift.kind).toBe('gift');
  expect(gift.gift).toMatchObject({ minSum: 300_000, withPromoCode: false, withBonus: true });
  await expect(
    page.getByRole('heading', { level: 2, name: 'Акция «Подарок к большому заказу»' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'К списку' }).click();
  await page.getByLabel('Вид').selectOption('gift');
  const row = page.getByRole('row').filter({ hasText: 'Подарок к большому заказу' });
  await expect(row).toContainText(/Подарок от 3\s000 ₽/);
  await shots(page, testInfo, 'promotions-list-gifts');

  // Capacity: 12 delivery orders per 15 minutes, take-away unlimited; +60 min past 10 unaccepted orders.
  await page.goto('/admin/restaurants');
  await page.getByRole('link', { name: 'Нори-Нори 24 на Победы' }).click();
  const capacity = page.getByRole('group', { name: 'Вместимость' });
  await capacity.getByLabel('Доставка: заказов за 15 минут').fill('12');
  await capacity.getByLabel('Больше скольких непринятых заказов').fill('10');
  await capacity.getByLabel('Добавлять').selectOption('60');
  await capacity.scrollIntoViewIfNeeded();
  await shots(page, testInfo, 'restaurant-capacity');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/v1\/admin\/restos\/\d+$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const restoPatch = await saved;
  expect(restoPatch.status()).toBe(200);
  expect(restoPatch.request().postDataJSON()).toEqual({
    slotCapacity: { DELIVERY: 12, TAKE_AWAY: null },
    autoDelay: { threshold: 10, minutes: 60 },
  });
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Вместимость' }).getByLabel('Доставка: заказов за 15 минут'),
  ).toHaveValue('12');
  await expect(page.getByLabel('Самовывоз: заказов за 15 минут')).toHaveValue('');
  await expect(page.getByLabel('Добавлять')).toHaveValue('60');
});

test('the owner gives each person of an order free chopsticks, then puts them back as they were', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  await signIn(page, '/admin/brand/settings', OWNER);
  const free = () => page.getByRole('group', { name: /^Бесплатно к заказу ·/ });
  const chopsticks = () => free().getByRole('combobox', { name: 'На персону: Палочки' });
  const save = async () => {
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/v1/admin/brand'),
    );
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    return (await answer.json()) as {
      settings: { freeCondiments: { positionId: number; perPerson: number }[] };
    };
  };
  await expect(free()).toBeVisible();
  // The demo may give chopsticks already: they are added when not there, and put back as found at the end.
  const before = (await chopsticks().count()) > 0 ? await chopsticks().inputValue() : null;
  if (before === null) {
    await free().getByLabel('Найти блюдо бренда').fill('палочки');
    await free().getByRole('button', { name: 'Добавить: Палочки', exact: true }).click();
  }
  await chopsticks().selectOption(before === '2' ? '3' : '2');
  await free().scrollIntoViewIfNeeded();
  await shots(page, testInfo, 'brand-free-condiments');
  const saved = await save();
  expect(saved.settings.freeCondiments).toContainEqual({
    positionId: expect.any(Number),
    perPerson: before === '2' ? 3 : 2,
  });
  await page.reload();
  await expect(chopsticks()).toHaveValue(before === '2' ? '3' : '2');

  if (before === null) await free().getByRole('button', { name: 'Убрать: Палочки' }).click();
  else await chopsticks().selectOption(before);
  await save();
  await page.reload();
  if (before === null) await expect(chopsticks()).toHaveCount(0);
  else await expect(chopsticks()).toHaveValue(before);
});
