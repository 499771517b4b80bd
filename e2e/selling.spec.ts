import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { asReturningCustomer, expect, shot, test } from './fixtures.ts';
import { addCanadaTwice, CENTRE_DELIVERY, rub } from './ordering-journeys.ts';

/**
 * What the cart sells with an order (decision 56), on restaurant 1's delivery: the menu's add-ons ('Добавить к
 * заказу'), the brand's free condiments by persons and a gift from 2 500 ₽ with a choice of two desserts. On the
 * 'chain' server (the journeys that change the chain); the journey sets them up through the back office's API and
 * puts everything back at its end, so no other journey sees them.
 */
test.use({ clock: 'chain' });

const OWNER = { login: 'owner', password: 'demo-owner-2026' };
const SHOTS = '/tmp/shots-web';

/** A screenshot with the test's artifacts and, for the review, in /tmp/shots-web by viewport width. */
async function keep(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await shot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
}

interface Setup {
  headers: Record<string, string>;
  dishes: Map<string, number>;
  freeBefore: unknown;
  addOnsBefore: number[];
  promotionId: number | null;
  /** Gift promotions already running (the demo seed's): held back during the journey, so only its own counts. */
  heldBack: number[];
}

async function etagged(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const answer = await request.get(path, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return { body: await answer.json(), etag: answer.headers().etag ?? '' };
}

/** The owner's back-office calls: free condiments, menu 1's add-ons, a gift promotion for restaurant 1. */
async function setUp(request: APIRequestContext): Promise<Setup> {
  const signIn = await request.post('/api/v1/staff/sign-in', { data: OWNER });
  expect(signIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
  const positions = (await (await request.get('/1/p/menus/1/positions')).json()) as {
    id: number;
    name: { ru: string };
  }[];
  const dishes = new Map(positions.map((position) => [position.name.ru, position.id]));
  const id = (name: string) => {
    const found = dishes.get(name);
    expect(found, `the demo menu's ${name}`).toBeDefined();
    return found as number;
  };

  const brand = await etagged(request, '/api/v1/admin/brand', headers);
  const free = await request.patch('/api/v1/admin/brand', {
    headers: { ...headers, 'if-match': brand.etag },
    data: {
      freeCondiments: [
        { positionId: id('Палочки'), perPerson: 1 },
        { positionId: id('Соевый соус порционный'), perPerson: 2 },
      ],
    },
  });
  expect(free.status(), await free.text()).toBe(200);

  const menu = await etagged(request, '/api/v1/admin/menus/1', headers);
  const addOns = await request.patch('/api/v1/admin/menus/1', {
    headers: { ...headers, 'if-match': menu.etag },
    data: { addOnPositionIds: [id('Васаби'), id('Морс клюквенный')] },
  });
  expect(addOns.status(), await addOns.text()).toBe(200);

  const list = await request.get('/api/v1/admin/promotions', { headers });
  expect(list.status(), await list.text()).toBe(200);
  const running = ((await list.json()).promotions as { id: number; kind: string; isPublished: boolean }[])
    .filter((promotion) => promotion.kind === 'gift' && promotion.isPublished)
    .map((promotion) => promotion.id);
  for (const promotionId of running) await publish(request, headers, promotionId, false);

  const gift = await request.post('/api/v1/admin/promotions', {
    headers,
    data: {
      title: { ru: 'Десерт в подарок от 2 500 ₽' },
      restoIds: [1],
      gift: {
        minSum: 250_000,
        positionIds: [id('Моти ассорти'), id('Чизкейк с матча')],
        withPromoCode: false,
        withBonus: true,
      },
    },
  });
  expect(gift.status(), await gift.text()).toBe(201);
  // What is put back at the end must be what was there: a wrong path here would empty the demo's condiments for
  // every later journey on this server.
  const freeBefore = brand.body.settings?.freeCondiments;
  const addOnsBefore = menu.body.addOnPositionIds;
  expect(Array.isArray(freeBefore), 'the brand settings answer their free condiments').toBe(true);
  expect(Array.isArray(addOnsBefore), 'the menu answers its add-ons').toBe(true);
  return {
    headers,
    dishes,
    freeBefore,
    addOnsBefore,
    promotionId: (await gift.json()).id,
    heldBack: running,
  };
}

async function publish(
  request: APIRequestContext,
  headers: Record<string, string>,
  promotionId: number,
  isPublished: boolean,
) {
  const current = await etagged(request, `/api/v1/admin/promotions/${promotionId}`, headers);
  const patch = await request.patch(`/api/v1/admin/promotions/${promotionId}`, {
    headers: { ...headers, 'if-match': current.etag },
    data: { isPublished },
  });
  expect(patch.status(), await patch.text()).toBe(200);
}

async function putBack(request: APIRequestContext, setup: Setup) {
  const { headers } = setup;
  if (setup.promotionId !== null) {
    const promotion = await etagged(request, `/api/v1/admin/promotions/${setup.promotionId}`, headers);
    const gone = await request.delete(`/api/v1/admin/promotions/${setup.promotionId}`, {
      headers: { ...headers, 'if-match': promotion.etag },
    });
    expect(gone.status(), await gone.text()).toBe(204);
  }
  for (const promotionId of setup.heldBack) await publish(request, headers, promotionId, true);
  const menu = await etagged(request, '/api/v1/admin/menus/1', headers);
  const addOns = await request.patch('/api/v1/admin/menus/1', {
    headers: { ...headers, 'if-match': menu.etag },
    data: { addOnPositionIds: setup.addOnsBefore },
  });
  expect(addOns.status(), await addOns.text()).toBe(200);
  const brand = await etagged(request, '/api/v1/admin/brand', headers);
  const free = await request.patch('/api/v1/admin/brand', {
    headers: { ...headers, 'if-match': brand.etag },
    data: { freeCondiments: setup.freeBefore },
  });
  expect(free.status(), await free.text()).toBe(200);
}

test('the cart offers add-ons, gives condiments by persons, and shows the way to a gift and the gift', async ({
  page,
  request,
}, testInfo) => {
  const setup = await setUp(request);
  try {
    await asReturningCustomer(page, CENTRE_DELIVERY);
    await addCanadaTwice(page);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();

    // Add-ons: the menu's list, one tap adds, and the dish leaves the strip.
    const strip = page.getByTestId('add-ons');
    await expect(strip.getByRole('heading', { name: 'Добавить к заказу' })).toBeVisible();
    await expect(strip.getByTestId('add-on')).toHaveCount(2);
    await expect(strip.getByTestId('add-on').first()).toContainText('Васаби');
    await expect(strip.getByTestId('add-on').first()).toContainText(rub('30 ₽'));

    // Free condiments for one person, and the way to the gift: 1 500 ₽ of 2 500 ₽.
    const free = page.getByTestId('free-lines');
    await expect(free.getByRole('heading')).toHaveText('Бесплатно на 1 персону');
    await expect(free.getByTestId('free-line')).toHaveText([/Палочки\s*× 1/, /Соевый соус порционный\s*× 2/]);
    await expect(page.getByTestId('gift-progress')).toContainText(rub('Ещё 1 000 ₽ до подарка'));
    await keep(page, testInfo, 'cart-selling');

    await strip.getByRole('button', { name: /^Добавить Васаби/ }).click();
    await expect(page.getByTestId('cart-line').filter({ hasText: 'Васаби' })).toHaveCount(1);
    await expect(strip.getByTestId('add-on')).toHaveCount(1);
    await expect(strip).not.toContainText('Васаби');
    await expect(page.getByTestId('gift-progress')).toContainText(rub('Ещё 970 ₽ до подарка'));

    // Persons 1 → 3: three times the free lines.
    await page.getByTestId('person-count-increase').click();
    await page.getByTestId('person-count-increase').click();
    await expect(page.getByTestId('person-count')).toHaveText('3');
    await expect(free.getByRole('heading')).toHaveText('Бесплатно на 3 персоны');
    await expect(free.getByTestId('free-line')).toHaveText([/Палочки\s*× 3/, /Соевый соус порционный\s*× 6/]);

    // A third and a fourth Canada: 3 030 ₽, the gift is reached, the first dessert given, the other chosen.
    const canada = page.getByTestId('cart-line').filter({ hasText: 'Канада' });
    await canada.getByTestId('line-count-increase').click();
    await expect(page.getByTestId('gift-progress')).toContainText(rub('Ещё 220 ₽ до подарка'));
    await canada.getByTestId('line-count-increase').click();
    const gift = page.getByTestId('gift-line');
    await expect(gift).toContainText('Подарок');
    await expect(page.getByTestId('gift-name')).toHaveText('Моти ассорти');
    await expect(gift).toContainText(rub('0 ₽'));
    await expect(page.getByTestId('gift-progress')).toHaveCount(0);
    await page.getByTestId('gift-options').getByText('Чизкейк с матча').click();
    await expect(page.getByTestId('gift-name')).toHaveText('Чизкейк с матча');
    await keep(page, testInfo, 'cart-gift');

    // Below the threshold again: the gift goes, the progress comes back.
    await canada.getByTestId('line-count-decrease').click();
    await expect(page.getByTestId('gift-line')).toHaveCount(0);
    await expect(page.getByTestId('gift-progress')).toContainText(rub('Ещё 220 ₽ до подарка'));
  } finally {
    await putBack(request, setup);
  }
});
