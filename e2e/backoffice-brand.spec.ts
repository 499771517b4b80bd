import type { APIRequestContext, Page } from '@playwright/test';
import { asReturningCustomer, expect, shot, test } from './fixtures.ts';

/**
 * The brand's settings in the back office (decision 50) reaching the storefront: the owner changes the primary
 * colour, and the storefront shows it after a reload; the owner adds a page, and the storefront's navigation links
 * it. On the chain's server (clock 'chain'): the brand's colour and the page 'dostavka-nochyu' are these journeys'
 * alone, and both are put back at the end whatever happens, so the server's brand is as it was.
 */
test.use({ clock: 'chain' });

const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const NEW_PRIMARY = '#e0457b';
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
];

async function shots(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, testInfo, `${name}-${size.name}`);
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
}

/** The owner's bearer header, signed in through the API (for the clean-up, which must not depend on the page). */
async function ownerHeaders(request: APIRequestContext) {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: OWNER });
  expect(signIn.status()).toBe(200);
  return { authorization: `Bearer ${(await signIn.json()).accessToken as string}` };
}

/** Puts the brand's theme back as it was before the journey. */
async function restoreTheme(request: APIRequestContext, theme: { mode: string; primary: string }) {
  const headers = await ownerHeaders(request);
  const now = await request.get('/api/v1/admin/brand', { headers });
  const { settings, version } = await now.json();
  if (settings.theme.primary === theme.primary && settings.theme.mode === theme.mode) return;
  const back = await request.patch('/api/v1/admin/brand', {
    headers: { ...headers, 'if-match': `"${version}"` },
    data: { theme },
  });
  expect(back.status()).toBe(200);
}

/** Deletes the brand's page at `slug` when it is there. */
async function deletePage(request: APIRequestContext, slug: string) {
  const headers = await ownerHeaders(request);
  const list = await request.get('/api/v1/admin/brand/pages', { headers });
  const page = ((await list.json()).pages as { id: number; slug: string; version: number }[]).find(
    (one) => one.slug === slug,
  );
  if (!page) return;
  const removed = await request.delete(`/api/v1/admin/brand/pages/${page.id}`, {
    headers: { ...headers, 'if-match': `"${page.version}"` },
  });
  expect(removed.status()).toBe(204);
}

const primaryOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());

test('the owner changes the primary colour and the storefront shows it after a reload', async ({
  page,
  browser,
}, testInfo) => {
  // Once per run: the brand is one for the whole server, so the two projects must not change it at once.
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  const before = await (await page.request.get('/config.json')).json();
  const theme = { mode: before.theme.mode as string, primary: before.theme.primary as string };
  try {
    await page.goto('/admin/brand/settings');
    await page.getByLabel('Логин').fill(OWNER.login);
    await page.getByLabel('Пароль').fill(OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Настройки бренда' })).toBeVisible();
    const primary = page.getByRole('textbox', { name: 'Основной цвет', exact: true });
    await expect(primary).toHaveValue(theme.primary);
    await shots(page, testInfo, 'brand-settings');

    await primary.fill(NEW_PRIMARY);
    // The preview's button follows the field before anything is saved.
    await expect(page.getByTestId('brand-preview-button')).toHaveCSS('background-color', 'rgb(224, 69, 123)');
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/v1/admin/brand'),
    );
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();

    // A customer's storefront, opened after the change: the brand's colour is on the page.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const storefront = await context.newPage();
      await storefront.goto('/');
      await expect.poll(() => primaryOf(storefront)).toBe(NEW_PRIMARY);
      await storefront.reload();
      await expect.poll(() => primaryOf(storefront)).toBe(NEW_PRIMARY);
      await shot(storefront, testInfo, 'brand-storefront-new-colour-1280');
    } finally {
      await context.close();
    }

    // The change is in the change log, as the owner's.
    await page.getByRole('link', { name: 'Секреты' }).click();
    await expect(page.getByRole('heading', { name: 'Секреты сервера' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'AUTH_TOKEN_SECRET' })).toBeVisible();
    await shots(page, testInfo, 'brand-secrets');
    await page.getByRole('link', { name: 'Страницы' }).click();
    await page.getByLabel('Поиск по названию или адресу').fill('dostavka');
    await page
      .getByRole('link', { name: /Доставка/ })
      .first()
      .click();
    await expect(
      page
        .getByRole('region', { name: /Предпросмотр/ })
        .getByRole('heading')
        .first(),
    ).toBeVisible();
    await shots(page, testInfo, 'brand-page-editor');
  } finally {
    await restoreTheme(page.request, theme);
  }
  expect((await (await page.request.get('/config.json')).json()).theme.primary).toBe(theme.primary);
});

test('the owner adds a page and the storefront’s navigation links it and opens it', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
  const slug = 'dostavka-nochyu';
  try {
    await page.goto('/admin/brand/pages');
    await page.getByLabel('Логин').fill(OWNER.login);
    await page.getByLabel('Пароль').fill(OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('link', { name: 'Новая страница' }).click();
    await page.getByLabel('Адрес страницы').fill(slug);
    await page.getByLabel('Порядок').fill('1');
    await page.getByLabel('Заголовок (рус.)').fill('Доставка ночью');
    await page.getByLabel('Текст (рус., markdown)').fill('# Доставка ночью\n\nВозим до трёх часов ночи.');
    await page.getByRole('radio', { name: 'English' }).click();
    await page.getByLabel('Заголовок (англ.)').fill('Night delivery');
    await page.getByLabel('Текст (англ., markdown)').fill('# Night delivery\n\nWe deliver till 3 a.m.');
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/v1/admin/brand/pages'),
    );
    await page.getByRole('button', { name: 'Создать' }).click();
    expect((await answered).status()).toBe(201);

    // A customer's storefront, opened after the change: the page leads its navigation, and opens.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const storefront = await context.newPage();
      await asReturningCustomer(storefront);
      await storefront.goto('/');
      const navigation = storefront.getByRole('contentinfo').getByRole('navigation');
      const link = navigation.getByRole('link', { name: 'Доставка ночью' });
      await expect(link).toBeVisible();
      await expect(navigation.getByRole('link').first()).toHaveText('Доставка ночью');
      await link.click();
      await expect(storefront).toHaveURL(new RegExp(`/${slug}$`));
      await expect(
        storefront.getByRole('article').getByRole('heading', { level: 1, name: 'Доставка ночью' }),
      ).toBeVisible();
      await shot(storefront, testInfo, 'brand-page-in-storefront-1280');
    } finally {
      await context.close();
    }
  } finally {
    await deletePage(page.request, slug);
  }
  const links = (await (await page.request.get('/config.json')).json()).pages as { slug: string }[];
  expect(links.map((link) => link.slug)).not.toContain(slug);
});
