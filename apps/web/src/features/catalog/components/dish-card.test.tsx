import { minor } from '@storefront/domain';
import type { Position, PositionGroup, PositionModifiers, TimeSlot } from '@storefront/domain/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { clockStore } from '../../../entities/clock/clock-store.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp, resto, stubApi } from '../../../test/render-app.tsx';
import { MenuOverview } from './menu-overview.tsx';

const cities = [{ id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 }];
const kazanResto = resto({ id: 4 });

// As the API sends them: by order, the synthetic 'Прочее' group last; 'Десерты' has no dishes.
const groups: PositionGroup[] = [
  { id: 5, menuId: 1, name: { ru: 'Роллы', en: 'Rolls' }, order: 1, photos: [] },
  { id: 6, menuId: 1, name: { ru: 'Напитки', en: 'Drinks' }, order: 2, photos: [] },
  { id: 7, menuId: 1, name: { ru: 'Десерты', en: 'Desserts' }, order: 3, photos: [] },
  { id: 0, menuId: 1, name: { ru: 'Прочее', en: 'Other' }, order: 999999, photos: [] },
];

function dish(overrides: Partial<Position> & Pick<Position, 'id' | 'name' | 'price'>): Position {
  return {
    menu: { id: 1 },
    positionGroup: null,
    description: { ru: '' },
    measure: null,
    photos: [],
    tags: [],
    isAdult: false,
    order: overrides.id,
    ...overrides,
  };
}

const roll = dish({
  id: 21,
  positionGroup: { id: 5 },
  name: { ru: 'Филадельфия' },
  measure: { value: 260, unit: 'g' },
  price: minor(69000),
});
const pizza = dish({ id: 22, positionGroup: { id: 5 }, name: { ru: 'Пицца' }, price: minor(55000) });
const wine = dish({
  id: 23,
  positionGroup: { id: 6 },
  name: { ru: 'Вино' },
  measure: { value: 750, unit: 'ml' },
  price: minor(120000),
  isAdult: true,
});
const ginger = dish({
  id: 24,
  name: { ru: 'Имбирь' },
  measure: { value: 1, unit: 'pc' },
  price: minor(3000),
});
const lunch = dish({ id: 25, name: { ru: 'Бизнес-ланч' }, price: minor(35000) });

const modifiers: PositionModifiers[] = [
  {
    positionId: pizza.id,
    modifiers: [
      {
        id: 100,
        modifierId: 1,
        minCount: 0,
        maxCount: 2,
        name: { ru: 'Соусы' },
        nameUi: { ru: 'Соус' },
        items: [{ id: 201, name: { ru: 'Сырный' }, price: minor(5000), order: 1 }],
      },
    ],
  },
  // A position with an empty modifier list is added directly.
  { positionId: roll.id, modifiers: [] },
];

// Weekdays 11:00–16:00 only; the weekend days are listed but inactive.
const slots: TimeSlot[] = [
  {
    id: 1,
    positionIds: [lunch.id],
    details: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      dayOfWeek: day as 1,
      startAt: '11:00',
      endAt: '16:00',
      isActive: day <= 5,
    })),
  },
];

function cardOf(name: string) {
  return screen.getByRole('article', { name });
}

async function renderMenu() {
  const result = await renderWithApp(<MenuOverview onChooseLocation={vi.fn()} />, {
    cities,
    city: cities[0] ?? null,
    restos: [kazanResto],
    resto: kazanResto,
    method: 'DELIVERY',
    menus: kazanResto.menus,
  });
  await screen.findByRole('article', { name: 'Филадельфия' });
  // At start a menu is drawn a group at a time (decision 30); the last group follows within a few tasks.
  await screen.findByRole('heading', { level: 2, name: 'Прочее' });
  return result;
}

/** Runs an action and lets the promises it settles (the adulthood answer) run out. */
async function settle(action: () => void) {
  await act(async () => {
    action();
  });
}

describe('dish cards', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    stubApi({
      '/1/p/menus/1/position-groups': groups,
      '/1/p/menus/1/positions': [roll, pizza, wine, ginger, lunch],
      [`/1/restos/${kazanResto.id}/positions/modifiers`]: modifiers,
      [`/1/restos/${kazanResto.id}/position-time-slots`]: slots,
    });
    cartStore.setState({ positions: [] });
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
    clockStore.setState({ offsetMs: 0, synced: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    cartStore.setState({ positions: [] });
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
    clockStore.setState({ offsetMs: 0, synced: false });
  });

  it('shows name, weight with unit, price in roubles and the 18+ marker, groups in order with Прочее last', async () => {
    await renderMenu();

    const rollCard = cardOf('Филадельфия');
    expect(within(rollCard).getByRole('heading', { level: 3 })).toHaveTextContent('Филадельфия');
    expect(within(rollCard).getByText('260 г')).toBeInTheDocument();
    expect(within(rollCard).getByText('690 ₽')).toBeInTheDocument();
    expect(within(rollCard).queryByText('18+')).not.toBeInTheDocument();

    const wineCard = cardOf('Вино');
    expect(within(wineCard).getByText('750 мл')).toBeInTheDocument();
    expect(within(wineCard).getByText('1 200 ₽')).toBeInTheDocument();
    expect(within(wineCard).getByText('18+')).toBeInTheDocument();

    expect(within(cardOf('Имбирь')).getByText('1 шт')).toBeInTheDocument();
    expect(within(cardOf('Имбирь')).getByText('30 ₽')).toBeInTheDocument();
    // No measure: no weight line at all.
    expect(within(cardOf('Пицца')).queryByText(/ г$/)).not.toBeInTheDocument();

    // Groups without dishes are left out; the ungrouped dishes close the menu.
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Роллы', 'Напитки', 'Прочее']);
    const strip = screen.getByRole('navigation', { name: 'Разделы меню' });
    expect(
      within(strip)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Роллы', 'Напитки', 'Прочее']);
    const other = screen.getByRole('region', { name: 'Прочее' });
    expect(
      within(other)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Имбирь', 'Бизнес-ланч']);
  });

  it("'+' adds to the cart and becomes − count +, whose buttons recount the line", async () => {
    await renderMenu();
    const card = cardOf('Филадельфия');

    await userEvent.click(within(card).getByRole('button', { name: 'Добавить «Филадельфия» в корзину' }));
    expect(cartStore.getState().positions).toEqual([
      expect.objectContaining({ id: roll.id, menu: { id: 1 }, count: 1, price: 69000, sum: 69000 }),
    ]);
    expect(within(card).getByTestId('cart-count')).toHaveTextContent('1');
    expect(within(card).getByRole('group', { name: '1 в корзине' })).toBeInTheDocument();
    expect(within(card).queryByTestId('add-to-cart')).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Добавить ещё' }));
    expect(within(card).getByTestId('cart-count')).toHaveTextContent('2');
    expect(cartStore.getState().positions).toHaveLength(1);
    expect(cartStore.getState().positions[0]).toMatchObject({ count: 2, sum: 69000 * 2 });

    await userEvent.click(within(card).getByRole('button', { name: 'Убрать одно' }));
    expect(within(card).getByTestId('cart-count')).toHaveTextContent('1');
    expect(cartStore.getState().positions[0]).toMatchObject({ count: 1, sum: 69000 });

    await userEvent.click(within(card).getByRole('button', { name: 'Убрать одно' }));
    expect(cartStore.getState().positions).toEqual([]);
    expect(within(card).getByTestId('add-to-cart')).toHaveTextContent('+');
  });

  it('asks for adulthood before adding an 18+ dish, once confirmed never again', async () => {
    const questions: number[] = [];
    const unsubscribe = consentStore.subscribe((state, previous) => {
      if (state.adulthoodQuestion && !previous.adulthoodQuestion) questions.push(questions.length + 1);
    });
    await renderMenu();
    const card = cardOf('Вино');
    const add = () => within(card).getByRole('button', { name: 'Добавить «Вино» в корзину' });

    await userEvent.click(add());
    await waitFor(() => expect(consentStore.getState().adulthoodQuestion).not.toBeNull());
    expect(questions).toHaveLength(1);
    await settle(() => consentStore.getState().answerAdulthood(false));
    expect(consentStore.getState().adulthoodConfirmed).toBe(false);
    expect(cartStore.getState().positions).toEqual([]);
    expect(add()).toBeInTheDocument();

    await userEvent.click(add());
    await waitFor(() => expect(consentStore.getState().adulthoodQuestion).not.toBeNull());
    expect(questions).toHaveLength(2);
    await settle(() => consentStore.getState().answerAdulthood(true));
    expect(consentStore.getState().adulthoodConfirmed).toBe(true);
    expect(cartStore.getState().positions).toEqual([
      expect.objectContaining({ id: wine.id, count: 1, sum: 120000 }),
    ]);
    expect(await within(card).findByTestId('cart-count')).toHaveTextContent('1');

    await userEvent.click(within(card).getByRole('button', { name: 'Добавить ещё' }));
    expect(consentStore.getState().adulthoodQuestion).toBeNull();
    expect(questions).toHaveLength(2);
    await waitFor(() => expect(cartStore.getState().positions[0]).toMatchObject({ count: 2, sum: 240000 }));
    expect(within(card).getByTestId('cart-count')).toHaveTextContent('2');
    unsubscribe();
  });

  it("offers 'Выбрать' for a dish with modifiers and does not add it directly", async () => {
    await renderMenu();
    const card = cardOf('Пицца');
    const choose = await within(card).findByRole('button', { name: 'Выбрать «Пицца»' });
    await waitFor(() => expect(choose).toHaveTextContent('Выбрать'));

    await userEvent.click(choose);
    expect(cartStore.getState().positions).toEqual([]);
    expect(within(card).getByTestId('add-to-cart')).toHaveTextContent('Выбрать');
    expect(within(card).queryByTestId('cart-count')).not.toBeInTheDocument();
    // An empty modifier list is no modifiers: that dish keeps its '+'.
    expect(within(cardOf('Филадельфия')).getByTestId('add-to-cart')).toHaveTextContent('+');
  });

  it('disables a time-slotted dish outside its slot and says when it is available', async () => {
    // Saturday noon at the restaurant (+03:00); the slot runs Mon–Fri 11:00–16:00.
    const target = Date.parse('2025-06-07T12:00:00+03:00');
    clockStore.setState({ offsetMs: target - Date.now(), synced: true });
    await renderMenu();
    const card = cardOf('Бизнес-ланч');

    expect(await within(card).findByText('Доступно пн с 11:00')).toBeInTheDocument();
    const add = within(card).getByRole('button', { name: 'Добавить «Бизнес-ланч» в корзину' });
    expect(add).toBeDisabled();
    await userEvent.click(add);
    expect(cartStore.getState().positions).toEqual([]);
    // Dishes outside any slot stay available.
    expect(within(cardOf('Имбирь')).getByTestId('add-to-cart')).toBeEnabled();
    expect(within(cardOf('Имбирь')).queryByText(/Доступно/)).not.toBeInTheDocument();
  });
});
