import { asReturningCustomer, expect, expectKazanMenu, shot, storage, test } from './fixtures.ts';

test.describe('catalog', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  });

  test('dish cards add to the cart and turn into − count +', async ({ page }, testInfo) => {
    await page.goto('/');
    await expectKazanMenu(page);
    const card = page.getByRole('article', { name: 'Филадельфия', exact: true });
    await expect(card).toContainText('260 г');
    await expect(card).toContainText('690 ₽');
    // Филадельфия has optional sauces, so its button is 'Выбрать' and opens the dish to choose them.
    await card.getByRole('button', { name: 'Выбрать «Филадельфия»' }).click();
    await expect(page.getByRole('dialog', { name: 'Филадельфия' })).toBeVisible();
    await page.getByTestId('position-add').click();
    await expect(page.getByRole('dialog', { name: 'Филадельфия' })).toBeHidden();

    const canada = page.getByRole('article', { name: 'Канада', exact: true });
    await canada.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
    await expect(canada.getByTestId('cart-count')).toHaveText('1');
    await canada.getByRole('button', { name: 'Добавить ещё' }).click();
    await expect(canada.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Корзина, 3');
    await shot(page, testInfo, 'cards-with-counts');
    await canada.getByRole('button', { name: 'Убрать одно' }).click();
    await expect(canada.getByTestId('cart-count')).toHaveText('1');
    const cart = JSON.parse((await storage(page)).cart_positions ?? '[]') as { id: number; count: number }[];
    expect(cart.map((line) => [line.id, line.count])).toEqual([
      [1, 1],
      [5, 1],
    ]);
  });

  test('a deep link opens the dish over the menu, and closing keeps the scroll', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expectKazanMenu(page);
    await page.getByRole('heading', { level: 2, name: 'Десерты' }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await page.getByRole('article').filter({ hasText: 'Моти' }).first().getByRole('link').last().click();
    const layer = page.getByRole('dialog');
    await expect(layer).toBeVisible();
    await shot(page, testInfo, 'dish-layer');
    await layer.getByRole('button', { name: 'Закрыть' }).click();
    await expect(layer).toBeHidden();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);

    await page.goto('/menus/1/positions/29');
    await expect(page.getByRole('dialog', { name: 'Вок с курицей терияки' })).toBeVisible();
    await page.goto('/menus/1/positions/99999');
    await expect(
      page.getByRole('dialog', { name: 'Этого блюда нет в меню выбранного ресторана' }),
    ).toBeVisible();
  });

  test('modifiers: a required choice must be made and the maximum cannot be exceeded', async ({
    page,
  }, testInfo) => {
    await page.goto('/menus/1/positions/25');
    const layer = page.getByRole('dialog', { name: 'Сет «Большой запечённый»' });
    await expect(layer).toBeVisible();
    await layer.getByTestId('position-add').click();
    await expect(layer.getByRole('alert')).toContainText('Выберите хотя бы 1 вариант');
    const add = (item: string) => layer.getByRole('button', { name: `Добавить ещё: ${item}` });
    await add('Спайси').click();
    await add('Унаги').click();
    // Two of at most two: nothing more can be added.
    await expect(add('Кунжутный')).toBeDisabled();
    await expect(layer.getByTestId('position-add')).toContainText('3 390 ₽'.replace(' ', '\u00a0'));
    await shot(page, testInfo, 'modifiers');
    await layer.getByTestId('position-add').click();
    await expect(layer).toBeHidden();
    const cart = JSON.parse((await storage(page)).cart_positions ?? '[]') as {
      id: number;
      modifiers: unknown[];
    }[];
    expect(cart[0]?.id).toBe(25);
    expect(cart[0]?.modifiers).toHaveLength(2);
  });

  test('search finds a dish typed in the wrong keyboard layout', async ({ page }, testInfo) => {
    await page.goto('/');
    await expectKazanMenu(page);
    await page.getByTestId('search-button').click();
    const input = page.getByTestId('search-input');
    await expect(input).toHaveAttribute('placeholder', 'Поиск');
    // 'ролл' typed on the English layout.
    await input.fill('hjkk');
    // The search is a modal dialog: the page under it is inert, so its results are looked for inside it.
    await expect(
      page.getByRole('dialog').getByRole('button', { name: /Ролл с авокадо и огурцом/ }),
    ).toBeVisible();
    await shot(page, testInfo, 'search-wrong-layout');
    await page.getByRole('button', { name: 'Очистить' }).click();
    await expect(input).toHaveValue('');
    await input.fill('угорь филадельфия');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Филадельфия с угрём/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Филадельфия с угрём' })).toBeVisible();
  });

  test('a promotion opens over home with a view-all button', async ({ page }, testInfo) => {
    await page.goto('/');
    await expectKazanMenu(page);
    const carousel = page.getByRole('region', { name: /Акции/ });
    await expect(carousel).toBeVisible();
    await carousel.getByRole('link').first().click();
    const layer = page.getByRole('dialog');
    await expect(layer.getByRole('link', { name: 'Все акции' })).toBeVisible();
    await shot(page, testInfo, 'promotion-over-home');
    // Home stays underneath (hidden from assistive technology while the layer is open).
    await expect(page.locator('h2', { hasText: /^Роллы$/ })).toBeAttached();
  });

  test('an 18+ drink asks for the age first, and a no adds nothing', async ({ page }, testInfo) => {
    await page.goto('/menus/2');
    const sake = page.getByRole('article', { name: 'Саке горячее', exact: true });
    await expect(sake).toContainText('18+');
    await sake.getByTestId('add-to-cart').click();
    const question = page.getByRole('dialog', { name: 'Вам уже есть 18 лет?' });
    await expect(question).toBeVisible();
    await shot(page, testInfo, 'adulthood');
    await question.getByRole('button', { name: 'Нет' }).click();
    await expect(sake.getByTestId('add-to-cart')).toBeVisible();
    await sake.getByTestId('add-to-cart').click();
    await page
      .getByRole('dialog', { name: 'Вам уже есть 18 лет?' })
      .getByRole('button', { name: 'Да' })
      .click();
    await expect(sake.getByTestId('cart-count')).toHaveText('1');
    expect((await storage(page)).person_adulthood_confirmed).toBe('true');
    // Confirmed once: the next one goes straight in.
    await page
      .getByRole('article', { name: 'Пиво японское светлое', exact: true })
      .getByTestId('add-to-cart')
      .click();
    await expect(page.getByRole('dialog', { name: 'Вам уже есть 18 лет?' })).toBeHidden();
  });

  test('a group link scrolls its section just below the sticky header', async ({ page }) => {
    await page.goto('/');
    await expectKazanMenu(page);
    await page.getByRole('navigation', { name: 'Разделы меню' }).getByRole('link', { name: 'Супы' }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Супы' });
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/#group-1-/);
    const header = await page.locator('header').first().boundingBox();
    const box = await heading.boundingBox();
    expect(box && header ? box.y : -1).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
  });

  test('dish photos open in the gallery viewer and close with Escape', async ({ page }, testInfo) => {
    await page.goto('/menus/1/positions/1');
    const layer = page.getByRole('dialog', { name: 'Филадельфия' });
    await layer.getByRole('button', { name: 'Фотографии блюда' }).click();
    const gallery = page.getByRole('dialog', { name: 'Просмотр фото' });
    await expect(gallery).toBeVisible();
    await shot(page, testInfo, 'gallery');
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();
    await expect(layer).toBeVisible();
  });

  test("a restaurant's schedule shows its days", async ({ page }, testInfo) => {
    await page.goto('/restos/1');
    await page.getByRole('button', { name: /Часы работы/ }).click();
    const popup = page.getByRole('dialog', { name: 'Часы работы' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Понедельник');
    await expect(popup).toContainText('Воскресенье');
    await shot(page, testInfo, 'schedule');
  });

  test("a restaurant's page shows its place on a small map", async ({ page }, testInfo) => {
    await page.goto('/restos/1');
    const map = page.getByRole('region', { name: /на карте/ });
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
    // A still picture: no zoom buttons, and dragging does not move it.
    await expect(page.getByRole('button', { name: 'Приблизить' })).toHaveCount(0);
    await shot(page, testInfo, 'resto-small-map');
  });
});

test.describe('a time-slotted dish out of its hours', () => {
  // Wednesday 17:00 in Kazan: the business lunch (weekdays 11:00–16:00) is over, the restaurant is open.
  test.use({ clock: 'evening' });

  test('is shown but cannot be added, and says when it is available', async ({ page }, testInfo) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
    await page.goto('/');
    const lunch = page.getByRole('article', { name: 'Бизнес-ланч', exact: true });
    await lunch.scrollIntoViewIfNeeded();
    await expect(lunch).toContainText('Доступно чт с 11:00');
    await expect(lunch.getByTestId('add-to-cart')).toBeDisabled();
    await shot(page, testInfo, 'lunch-unavailable');
  });
});

test.describe('bars and the menu bar (docs/product.md §9)', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningCustomer(page, { person_cookies_consent_accepted: 'true' });
  });

  const heightOf = (locator: import('@playwright/test').Locator) =>
    locator.evaluate((element) => Math.round(element.getBoundingClientRect().height));

  test('the header is 64 px on a phone and 144 on desktop; several menus get a 120 px bar from 840 px', async ({
    page,
  }, testInfo) => {
    // Restaurant 1 has two menus (main and bar).
    const widths = testInfo.project.name === 'desktop' ? [1280, 900] : [390];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expectKazanMenu(page);
      const header = page.getByRole('banner');
      const menus = page.getByRole('navigation', { name: 'Меню', exact: true });
      await expect(menus).toBeVisible();
      expect(await heightOf(header)).toBe(width >= 840 ? 144 : 64);
      expect(await heightOf(menus)).toBe(width >= 840 ? 120 : 56);
      // The chosen pickup point is readable whole in the header, on a phone too.
      const place = page.getByTestId('location-place');
      await expect(place).toHaveText('ул. Баумана, 44');
      const cut = await place.evaluate(
        (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      );
      expect(cut).toBe(false);
      await expect(page.getByTestId('location-button')).toContainText('Самовывоз: ул. Баумана, 44');
      await shot(page, testInfo, `bars-${width}`);
    }
  });
});
