import type { Request } from '@playwright/test';
import {
  chooseRadio,
  expect,
  expectKazanMenu,
  locationDialog,
  STORAGE_VERSION,
  shot,
  test,
} from './fixtures.ts';
import { journeyPhone, signInFromCart } from './ordering-journeys.ts';

/**
 * The storefront and its API on two origins (decision 25): the storefront's build and a
 * /config.json whose apiBase names the noon server come from e2e/storefront-server.ts on its own port
 * (E2E_PORT_STOREFRONT); the noon server answers CORS for that origin only (CORS_ORIGINS in
 * playwright.config.ts). Every call, picture and page of the API must go to the API's port, and the
 * page runs under that deployment's Content-Security-Policy (the fixture fails on any violation).
 */
const storefront = () => {
  const port = process.env.E2E_PORT_STOREFRONT;
  if (!port) throw new Error('E2E_PORT_STOREFRONT is not set (playwright.config.ts sets it)');
  return `http://127.0.0.1:${port}`;
};

/** What only the API serves: its calls, its pictures and pages, its geocoder. */
const API_PATH = /^\/(1|api|media|content|geocoder)\//;

test.describe('storefront and API on different origins', () => {
  test('take-away at a restaurant, a dish in the cart, signing in: every API call crosses to the API', async ({
    page,
    baseURL,
  }, testInfo) => {
    const api = new URL(baseURL as string).origin;
    const own = storefront();
    const requests: Request[] = [];
    const failed: string[] = [];
    page.on('request', (request) => requests.push(request));
    // A CORS refusal fails its request (net::ERR_FAILED); a request the page itself dropped is no failure.
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      if (!reason.includes('ERR_ABORTED')) failed.push(`${request.url()}: ${reason}`);
    });
    page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
    // A known brand and the cookie answer given; the place is chosen below, as a first visit would.
    await page.addInitScript(
      ({ version }) => {
        if (localStorage.getItem('app_white_label') !== null) return;
        localStorage.setItem('app_white_label', 'demo');
        localStorage.setItem('app_version', version);
        localStorage.setItem('person_cookies_consent_accepted', 'true');
      },
      { version: STORAGE_VERSION },
    );

    await page.goto(`${own}/`);
    const dialog = locationDialog(page);
    await dialog.getByRole('button', { name: 'Казань', exact: true }).click();
    await chooseRadio(
      dialog.getByRole('group', { name: 'Способ получения' }).getByRole('radio', { name: 'Самовывоз' }),
    );
    const points = dialog.getByRole('group', { name: 'Пункты самовывоза' });
    await expect(points.getByRole('radio', { name: /ул\. Баумана, 44/ })).toBeChecked();
    await dialog.getByTestId('location-save').click();
    await expect(dialog).toBeHidden();
    await expectKazanMenu(page);
    await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Баумана, 44');
    await shot(page, testInfo, '01-menu-from-the-other-origin');

    const canada = page.getByRole('article', { name: 'Канада', exact: true });
    await canada.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
    await expect(canada.getByTestId('cart-count')).toHaveText('1');
    await page.getByTestId('cart-button').click();
    await expect(page).toHaveURL(`${own}/cart`);
    await signInFromCart(page, journeyPhone('917', testInfo, 1));
    await shot(page, testInfo, '02-signed-in-cart');

    // The page stayed on its own origin; everything of the API's went to the API's.
    expect(new URL(page.url()).origin).toBe(own);
    const ofApi = requests.filter((request) => API_PATH.test(new URL(request.url()).pathname));
    const paths = ofApi.map((request) => new URL(request.url()).pathname);
    for (const expected of [
      '/1/now',
      '/1/p/cities',
      '/api/v1/sign/in/phone/code',
      '/api/v1/sign/in/phone',
      '/api/v1/me',
    ])
      expect(paths, `a call to ${expected}`).toContain(expected);
    expect(paths.some((path) => path.startsWith('/1/persons/') && path.endsWith('/preflight'))).toBe(true);
    const astray = ofApi.filter((request) => new URL(request.url()).origin !== api).map((r) => r.url());
    expect(astray, 'API addresses asked of the storefront’s origin').toEqual([]);
    // The storefront's origin served only its build, its pages and /config.json.
    const fromStorefront = requests
      .filter((request) => new URL(request.url()).origin === own)
      .map((request) => new URL(request.url()).pathname);
    expect(fromStorefront).toContain('/config.json');
    expect(fromStorefront.filter((path) => API_PATH.test(path))).toEqual([]);

    // No call was blocked (a CORS refusal is a failed request), no error on the page.
    expect(failed).toEqual([]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
