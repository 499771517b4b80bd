import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { asReturningCustomer, expect, shot, test } from './fixtures.ts';
import { rub } from './ordering-journeys.ts';

/**
 * The back office's menu (docs/backoffice.md, decision 48) reaching the storefront without a restart: a manager
 * changes a dish's price, replaces its photo, hides a dish and moves a group; the customer's menu and a cart
 * priced before follow. On a server of its own (the 'office' clock): these changes are no other journey's.
 */
test.use({ clock: 'office' });

const MANAGER = { login: 'manager', password: 'demo-manager-2026' };
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
];

/** Screenshots at a desktop, a tablet in landscape and a phone, back at the desktop after. */
async function shots(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, testInfo, `${name}-${size.name}`);
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
}

async function signIn(page: Page) {
  await page.goto('/admin/menu/dishes');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Блюда' })).toBeVisible();
}

/** The dish's editor, from the list's search. */
async function openDish(page: Page, name: string) {
  await page.goto('/admin/menu/dishes');
  await page.getByLabel('Поиск по названию').fill(name);
  await page.getByRole('link', { name: `Изменить «${name}»` }).click();
  await expect(page.getByLabel('Название (рус.)')).toHaveValue(name);
}

/** Saves the dish and waits for the server's answer, then for the editor to say so. */
async function save(page: Page) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/api/v1/admin/dishes/'),
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
}

/** A customer who picked restaurant 1 in Kazan earlier, with Дракон (770 ₽) and Спайси сякэ in the cart. */
async function customer(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const line = (id: number, price: number) => ({
    id,
    menu: { id: 1 },
    count: 1,
    price,
    sum: price,
    hasModifiers: false,
    modifiers: [],
  });
  await asReturningCustomer(page, { cart_positions: JSON.stringify([line(6, 77_000), line(7, 49_000)]) });
  return page;
}

const dishCard = (page: Page, name: string) =>
  page.getByTestId('dish-card').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test('a manager’s price, photo, hidden dish and group order reach the storefront without a restart', async ({
  page,
  browser,
}, testInfo) => {
  // Once per run: the journey takes its desktop, tablet and phone pictures itself.
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  const shop = await customer(browser);
  await shop.goto('/');
  await expect(dishCard(shop, 'Дракон')).toContainText(rub('770 ₽'));
  await expect(dishCard(shop, 'Спайси сякэ')).toBeVisible();

  await signIn(page);
  await shots(page, testInfo, 'office-dishes');

  // The price: 770 → 810 ₽.
  await openDish(page, 'Дракон');
  await page.getByLabel('Цена, ₽').fill('810');
  await save(page);
  await shots(page, testInfo, 'office-dish-editor');
  await shop.reload();
  await expect(dishCard(shop, 'Дракон')).toContainText(rub('810 ₽'));

  // The photo: a new one uploaded, the seed's removed, so the new one is the main one.
  await openDish(page, 'Калифорния с крабом');
  const picture = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const uploaded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/photos'),
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'california.jpg', mimeType: 'image/jpeg', buffer: picture });
  expect((await uploaded).status()).toBe(200);
  // The seed's photo and the upload: the seed's is the main one until it goes.
  await expect(page.getByRole('button', { name: 'Удалить фото 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Удалить фото 1' }).click();
  const removal = page.getByRole('dialog', { name: 'Удалить фото?' });
  const removed = page.waitForResponse((response) => response.request().method() === 'DELETE');
  await removal.getByRole('button', { name: 'Удалить' }).click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Удалить фото 2' })).toHaveCount(0);
  await shot(page, testInfo, 'office-dish-photos-1280');
  await shop.reload();
  const photo = dishCard(shop, 'Калифорния с крабом').locator('img').first();
  await expect(photo).toHaveAttribute('src', /\/media\/u\/[0-9a-f]+\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Hidden: asked first; then it leaves the menu, and the cart priced before says so.
  await openDish(page, 'Спайси сякэ');
  await page.getByLabel('Опубликовано на сайте').click();
  const hide = page.getByRole('dialog', { name: 'Скрыть блюдо?' });
  await shot(page, testInfo, 'office-hide-dish-1280');
  await hide.getByRole('button', { name: 'Скрыть' }).click();
  await save(page);
  await shop.reload();
  await expect(dishCard(shop, 'Дракон')).toBeVisible();
  await expect(dishCard(shop, 'Спайси сякэ')).toHaveCount(0);
  await shop.goto('/cart');
  const gone = shop.getByRole('dialog', { name: 'Этих блюд здесь нет' });
  // The menu no longer has it, but the cart's line remembers its name from when it was shown.
  await expect(gone).toContainText('Спайси сякэ');
  await expect(gone).not.toContainText('Блюдо №7');
  await gone.getByRole('button', { name: 'Удалить их' }).click();
  await expect(shop.getByTestId('cart-line')).toHaveCount(1);
  await expect(shop.getByTestId('price-changes')).toContainText(
    rub('Дракон: было 770 ₽, стало 810 ₽ (+40 ₽)'),
  );
  await shot(shop, testInfo, 'storefront-cart-after-edits-1280');

  // The groups' order: 'Запечённые роллы' moved above 'Роллы' with the keyboard.
  await page.getByRole('link', { name: 'Группы' }).click();
  const handle = page.getByRole('button', { name: /Переместить «Запечённые роллы»/ });
  // Each key waits for the drag to take it (the handle pressed, the new place announced) before the next: on a
  // busy machine a key pressed before the drag has started would be lost.
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(/«Запечённые роллы» на месте 1 из/)).toBeAttached();
  const reordered = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/groups/order'),
  );
  await page.keyboard.press('Space');
  expect((await reordered).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Порядок сохранён' })).toBeVisible();
  await shots(page, testInfo, 'office-groups');
  await shop.goto('/');
  const headings = shop.getByRole('heading', { level: 2 });
  await expect(headings.filter({ hasText: /^(Роллы|Запечённые роллы)$/ })).toHaveText([
    'Запечённые роллы',
    'Роллы',
  ]);
  await shot(shop, testInfo, 'storefront-after-edits-1280');

  // Every change is in the change log, newest first.
  await page.getByRole('link', { name: 'Журнал изменений' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал изменений' })).toBeVisible();
  await shots(page, testInfo, 'office-audit');
  await shop.context().close();
});

/** axe-core's WCAG 2.1 A/AA rules on a back-office screen; what it finds is attached with a picture. */
async function expectNoViolations(page: Page, testInfo: TestInfo, screen: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  if (found.length > 0) {
    await testInfo.attach(`axe-${screen}.json`, {
      body: JSON.stringify(found, null, 2),
      contentType: 'application/json',
    });
    await shot(page, testInfo, `axe-${screen}`);
  }
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}

test('every back-office screen passes axe, on a phone and a desktop', async ({ page }, testInfo) => {
  await page.goto('/admin/board');
  await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
  await expectNoViolations(page, testInfo, 'sign-in');
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  await expectNoViolations(page, testInfo, 'board');
  const screens: [string, string][] = [
    ['/admin/menu/dishes', 'Блюда'],
    ['/admin/menu/dishes/1', 'Филадельфия'],
    ['/admin/menu/groups', 'Группы меню'],
    ['/admin/menu/menus', 'Меню бренда'],
    ['/admin/menu/modifiers', 'Модификаторы'],
    ['/admin/menu/time-slots', 'Время продаж'],
    ['/admin/menu/import-export', 'Импорт и экспорт меню'],
    ['/admin/audit', 'Журнал изменений'],
    ['/admin/staff', 'Сотрудники'],
    ['/admin/account', 'Сменить пароль'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    // The lists arrive after their heading: wait for the spinners ('Загружаем…') to go.
    await expect(page.getByText(/^Загружаем/)).toHaveCount(0);
    await expectNoViolations(page, testInfo, path.replaceAll('/', '-').slice(1));
  }
});
