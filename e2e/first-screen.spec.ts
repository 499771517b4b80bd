import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import {
  asReturningCustomer,
  chooseRadio,
  expect,
  expectKazanMenu,
  locationDialog,
  shot,
  storage,
  test,
} from './fixtures.ts';

/**
 * The first screens the server draws (decision 44): a returning customer's home from the cookie
 * `storefront_choice` the app writes, hydrated by the app; anyone else's home with the location popup
 * drawn over the crawler-readable text. The server guesses the viewport from the user agent, so each
 * project asks as the device it is: a phone at 390 px, a laptop at 1280.
 */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test.use({
  userAgent: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 600 ? PHONE_AGENT : DESKTOP_AGENT);
  },
});

const COOKIE = 'storefront_choice';

/** What the first screen's cookie names (`w`, `c`, `r`, `m`, `l`), or undefined when the browser holds none. */
async function choiceCookie(context: BrowserContext): Promise<Record<string, string> | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
  return cookie ? Object.fromEntries(new URLSearchParams(decodeURIComponent(cookie.value))) : undefined;
}

/** The cookie as the app writes it (packages/domain/src/boot/first-screen-cookie.ts): a URL-encoded query. */
const cookieFor = (choice: Record<'w' | 'c' | 'r' | 'm' | 'l', string>) =>
  encodeURIComponent(new URLSearchParams(choice).toString());

/** Hydration warnings (main.tsx's onRecoverableError) and page errors, from now on. */
function watchTakeOver(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('hydration')) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Keeps the first dish card of the page as parsed from the server's answer, before any script of the page ran:
 * a hydrated drawing keeps that very element, an app that draws anew replaces it.
 */
async function keepDrawnCard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { e2eDrawnCard: Element | null }).e2eDrawnCard = document.querySelector(
        '#root [data-testid="dish-card"]',
      );
    });
  });
}

const drawnCardKept = (page: Page) =>
  page.evaluate(() => {
    const card = (window as unknown as { e2eDrawnCard?: Element | null }).e2eDrawnCard;
    return card ? card.isConnected : null;
  });

/** The app's first commit (main.tsx marks it): from here on the page answers taps. */
async function appStarted(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('storefront-started').length), {
      message: 'the app marks its first commit',
    })
    .toBe(1);
}

/** A page of its own context without JavaScript, asked as this project's device, with these cookies. */
async function pageWithoutScripts(
  browser: Browser,
  options: BrowserContextOptions,
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

test.describe('first screen drawn by the server', () => {
  test('a returning customer gets the menu in the page itself, and the app takes it over as drawn', async ({
    page,
    context,
    browser,
    baseURL,
    viewport,
    userAgent,
    locale,
  }, testInfo) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
    await keepDrawnCard(page);
    // A first load writes the cookie from the saved choice (nothing told the server yet).
    const first = await page.goto('/');
    expect(await first?.text()).not.toContain('data-first-screen');
    await expectKazanMenu(page);
    await expect
      .poll(() => choiceCookie(context))
      .toEqual({ w: 'demo', c: '1', r: '1', m: 'TAKE_AWAY', l: 'ru' });

    // Without JavaScript: the home as the server drew it, with the menu readable and priced.
    const plain = await pageWithoutScripts(
      browser,
      { baseURL, viewport, userAgent, locale },
      await context.cookies(),
    );
    try {
      await plain.page.goto('/');
      await expect(plain.page.locator('html')).toHaveAttribute('data-first-screen', '');
      await expect(plain.page.locator('#storefront-boot')).toBeAttached();
      await expect(plain.page.getByRole('heading', { level: 2, name: 'Роллы', exact: true })).toBeVisible();
      const philadelphia = plain.page.getByRole('article', { name: 'Филадельфия', exact: true });
      await expect(philadelphia).toBeVisible();
      await expect(philadelphia).toContainText('690\u00a0₽');
      const california = plain.page.getByRole('article', { name: 'Калифорния с креветкой', exact: true });
      await expect(california).toContainText('620\u00a0₽');
      // The first dishes of the menu (the app draws the rest in batches after its first frame), each priced.
      const cards = plain.page.getByTestId('dish-card');
      expect(await cards.count()).toBeGreaterThanOrEqual(4);
      for (const card of await cards.all()) await expect(card).toContainText(/\d\s₽/);
      await expect(plain.page.getByTestId('location-button')).toContainText('Самовывоз: ул. Баумана, 44');
      // Pictures are left out of a server drawing: they come with the app.
      await expect(plain.page.getByTestId('dish-card').locator('img')).toHaveCount(0);
      await shot(plain.page, testInfo, '01-drawn-without-scripts');
    } finally {
      await plain.close();
    }

    // With JavaScript: the same drawing, hydrated without a mismatch, and at once usable.
    const problems = watchTakeOver(page);
    const bootCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/1/p/boot') bootCalls.push(request.url());
    });
    const drawn = await page.reload();
    expect(await drawn?.text()).toContain('data-first-screen');
    await appStarted(page);
    expect(await drawnCardKept(page), 'the drawn dish card is the one the app uses').toBe(true);
    // A dish the server drew, added without a choice to make.
    const california = page.getByRole('article', { name: 'Калифорния с креветкой', exact: true });
    await california.getByRole('button', { name: 'Добавить «Калифорния с креветкой» в корзину' }).click();
    await expect(california.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Корзина, 1');
    // The photos come once the app has taken the drawing over.
    await expect(california.locator('img')).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Филадельфия', exact: true }).locator('img')).toHaveCount(
      1,
    );
    // The page carried the boot call's answers: the app asked none of them again.
    expect(bootCalls).toEqual([]);
    expect(problems).toEqual([]);
    await shot(page, testInfo, '02-taken-over');
  });

  test('the cookie follows the chosen pickup point and language, and the next home is drawn in English', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/');
    const dialog = locationDialog(page);
    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await chooseRadio(dialog.getByRole('radio', { name: 'Самовывоз' }));
    await chooseRadio(
      dialog
        .getByRole('group', { name: 'Пункты самовывоза' })
        .getByRole('radio', { name: /ул\. Пушкина, 10/ }),
    );
    await dialog.getByTestId('location-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Пушкина, 10');
    expect(await storage(page)).toMatchObject({ city_id: '1', resto_id: '2' });
    await expect
      .poll(() => choiceCookie(context))
      .toEqual({ w: 'demo', c: '1', r: '2', m: 'TAKE_AWAY', l: 'ru' });

    await page.getByTestId('locale-menu').click();
    await page.getByRole('button', { name: 'English' }).click();
    await expectKazanMenu(page, ['Rolls', 'Baked rolls', 'Sushi and nigiri', 'Other']);
    await expect
      .poll(() => choiceCookie(context))
      .toEqual({ w: 'demo', c: '1', r: '2', m: 'TAKE_AWAY', l: 'en' });

    // The next home, asked with the browser's cookies as the browser asks it, comes drawn in English.
    const answer = await page.request.get('/', { headers: { accept: 'text/html' } });
    const html = await answer.text();
    // The drawing itself, without the boot call's answers after it (they carry both languages' texts).
    const drawing = html.split('<script type="application/json" id="storefront-boot">')[0] ?? '';
    expect(html).toMatch(/<html data-first-screen[^>]*\blang="en"/);
    expect(html).toContain('"restoId":2');
    expect(drawing).toContain('10 Pushkina St');
    expect(drawing).toMatch(/<h2[^>]*>Rolls<\/h2>/);
    expect(drawing).not.toContain('ул. Пушкина, 10');
    expect(drawing).not.toContain('>Роллы<');

    await keepDrawnCard(page);
    const problems = watchTakeOver(page);
    await page.reload();
    await appStarted(page);
    await expectKazanMenu(page, ['Rolls', 'Baked rolls', 'Sushi and nigiri', 'Other']);
    await expect(page.getByTestId('location-button')).toContainText('Pickup: 10 Pushkina St');
    expect(await drawnCardKept(page), 'the English drawing is hydrated, not drawn again').toBe(true);
    expect(problems).toEqual([]);
    await shot(page, testInfo, 'english-drawn-home');
  });

  test('a stale cookie naming another restaurant: the app shows the saved one and rewrites the cookie', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    // The cookie names restaurant 1 (ул. Баумана, 44); local storage, which the app trusts, restaurant 2.
    await context.addCookies([
      {
        name: COOKIE,
        value: cookieFor({ w: 'demo', c: '1', r: '1', m: 'TAKE_AWAY', l: 'ru' }),
        url: baseURL as string,
      },
    ]);
    await asReturningCustomer(page, { resto_id: '2', person_cookies_consent_accepted: 'true' });
    const problems = watchTakeOver(page);
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    // The server drew what the cookie named …
    expect(html).toContain('data-first-screen');
    expect(html).toContain('"restoId":1');
    await appStarted(page);
    // … and the app shows what the customer saved.
    await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Пушкина, 10');
    await expectKazanMenu(page);
    // Restaurant 2 has one menu: no bar of menus (restaurant 1 has two).
    await expect(page.getByRole('navigation', { name: 'Меню', exact: true })).toHaveCount(0);
    const canada = page.getByRole('article', { name: 'Канада', exact: true });
    await canada.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Корзина, 1');
    await expect
      .poll(() => choiceCookie(context))
      .toEqual({ w: 'demo', c: '1', r: '2', m: 'TAKE_AWAY', l: 'ru' });
    expect((await storage(page)).resto_id).toBe('2');
    expect(problems).toEqual([]);
    await shot(page, testInfo, 'stale-cookie-saved-resto');
  });

  test('a first visit gets the location popup with the page, and the app replaces it with its own', async ({
    page,
    browser,
    baseURL,
    viewport,
    userAgent,
    locale,
  }, testInfo) => {
    const plain = await pageWithoutScripts(browser, { baseURL, viewport, userAgent, locale }, []);
    try {
      await plain.page.goto('/');
      const drawn = plain.page.locator('dialog[open]');
      await expect(drawn).toHaveCount(1);
      await expect(drawn).toHaveAttribute('data-drawn-by-server', '');
      await expect(drawn.getByText('Выберите город')).toBeVisible();
      for (const city of ['Казань', 'Нижний Новгород', 'Самара'])
        await expect(drawn.getByRole('button', { name: city, exact: true })).toBeVisible();
      // Under it, the crawler-readable home.
      const readable = plain.page.locator('main[data-prerendered]');
      await expect(readable.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(readable.getByRole('link', { name: 'Нори-Нори на Баумана' })).toBeAttached();
      await expect(readable).toContainText('ул. Баумана, 44');
      await expect(plain.page.locator('html')).not.toHaveAttribute('data-first-screen');
      await shot(plain.page, testInfo, '01-first-visit-without-scripts');
    } finally {
      await plain.close();
    }

    const problems = watchTakeOver(page);
    const response = await page.goto('/');
    expect(await response?.text()).toContain('data-drawn-by-server');
    await appStarted(page);
    const dialog = locationDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page.locator('dialog')).toHaveCount(1);
    await expect(page.locator('dialog[data-drawn-by-server]')).toHaveCount(0);
    await expect(page.locator('main[data-prerendered]')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Самара', exact: true })).toBeVisible();
    await shot(page, testInfo, '02-app-popup-cities');
    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Казань, сменить город' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Способ получения' })).toBeVisible();
    await expect(page.locator('dialog')).toHaveCount(1);
    expect(problems).toEqual([]);
    await shot(page, testInfo, '03-app-popup-method');
  });
});
