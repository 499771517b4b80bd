import { minor } from '@storefront/domain';
import type { Position, PositionModifiers } from '@storefront/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp, resto, stubApi } from '../../../test/render-app.tsx';
import { PositionLayer } from './position-layer.tsx';

const cities = [{ id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 }];
const kazanResto = resto({ id: 4 });

const pizza: Position = {
  id: 25,
  menu: { id: 1 },
  positionGroup: null,
  name: { ru: 'Маргарита' },
  description: { ru: 'Томаты, моцарелла, базилик' },
  measure: { value: 480, unit: 'g' },
  price: minor(50000),
  photos: [],
  tags: [],
  isAdult: false,
  order: 1,
};

const modifiers: PositionModifiers[] = [
  {
    positionId: pizza.id,
    modifiers: [
      {
        id: 100,
        modifierId: 1,
        minCount: 1,
        maxCount: 2,
        name: { ru: 'Соусы к пицце' },
        nameUi: { ru: 'Соус' },
        items: [
          { id: 201, name: { ru: 'Сырный' }, price: minor(5000), order: 1 },
          { id: 202, name: { ru: 'Барбекю' }, price: minor(4000), order: 2 },
          { id: 203, name: { ru: 'Чесночный' }, price: minor(0), order: 3 },
        ],
      },
      {
        id: 101,
        modifierId: 2,
        minCount: 0,
        maxCount: 1,
        name: { ru: 'Тесто для пиццы' },
        nameUi: { ru: 'Тесто' },
        items: [
          { id: 301, name: { ru: 'Тонкое' }, price: minor(0), order: 1 },
          { id: 302, name: { ru: 'Пышное' }, price: minor(3000), order: 2 },
        ],
      },
    ],
  },
];

async function renderLayer(path: string) {
  return renderWithApp(
    <Switch location={path}>
      <Route path="/menus/:menuId/positions/:positionId">
        <PositionLayer backTo="/" />
      </Route>
    </Switch>,
    {
      cities,
      city: cities[0] ?? null,
      restos: [kazanResto],
      resto: kazanResto,
      method: 'DELIVERY',
      menus: kazanResto.menus,
    },
  );
}

async function openPizza() {
  await renderLayer('/menus/1/positions/25');
  const dialog = await screen.findByRole('dialog', { name: 'Маргарита' });
  // The modifiers come with their own request.
  await within(dialog).findByRole('group', { name: /Соус/ });
  return dialog;
}

const increase = (name: string) => screen.getByRole('button', { name: `Добавить ещё: ${name}` });

describe('position layer', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    stubApi({
      '/1/p/menus/1/positions': [pizza],
      [`/1/restos/${kazanResto.id}/positions/modifiers`]: modifiers,
      [`/1/restos/${kazanResto.id}/position-time-slots`]: [],
    });
    cartStore.setState({ positions: [] });
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    cartStore.setState({ positions: [] });
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
  });

  it('requires the minimum, stops at the maximum, prices live and adds one line with the modifiers', async () => {
    const dialog = await openPizza();
    expect(within(dialog).getByText('Томаты, моцарелла, базилик')).toBeInTheDocument();
    const add = within(dialog).getByTestId('position-add');
    expect(add).toHaveTextContent('В корзину · 500 ₽');

    await userEvent.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Выберите хотя бы 1 вариант: Соус');
    expect(within(dialog).getByRole('group', { name: /Соус/ })).toHaveAttribute('aria-invalid', 'true');
    expect(cartStore.getState().positions).toEqual([]);

    await userEvent.click(increase('Сырный'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(add).toHaveTextContent('В корзину · 550 ₽');
    expect(increase('Барбекю')).toBeEnabled();

    await userEvent.click(increase('Барбекю'));
    expect(add).toHaveTextContent('В корзину · 590 ₽');
    // Two of two chosen: no item of the group may be added, any may be removed.
    expect(increase('Сырный')).toBeDisabled();
    expect(increase('Барбекю')).toBeDisabled();
    expect(increase('Чесночный')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Убрать одно: Сырный' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Убрать одно: Чесночный' })).toBeDisabled();
    expect(within(dialog).getByRole('group', { name: /Соус/ })).toHaveTextContent('2/2');

    // One back: the others can be added again.
    await userEvent.click(screen.getByRole('button', { name: 'Убрать одно: Барбекю' }));
    expect(add).toHaveTextContent('В корзину · 550 ₽');
    expect(increase('Чесночный')).toBeEnabled();
    await userEvent.click(increase('Барбекю'));
    expect(add).toHaveTextContent('В корзину · 590 ₽');

    await userEvent.click(add);
    await waitFor(() => expect(cartStore.getState().positions).toHaveLength(1));
    expect(cartStore.getState().positions[0]).toEqual({
      id: pizza.id,
      menu: { id: 1 },
      count: 1,
      price: 50000,
      sum: 59000,
      hasModifiers: true,
      modifiers: [
        { id: 201, modifierId: 1, count: 1, price: 5000 },
        { id: 202, modifierId: 1, count: 1, price: 4000 },
      ],
    });
  });

  it('makes a single-choice group radios where another choice replaces the first', async () => {
    const dialog = await openPizza();
    const dough = within(dialog).getByRole('group', { name: /Тесто/ });
    const thin = within(dough).getByRole('radio', { name: /Тонкое/ });
    const thick = within(dough).getByRole('radio', { name: /Пышное/ });
    const add = within(dialog).getByTestId('position-add');
    expect(thin).not.toBeChecked();
    expect(thick).not.toBeChecked();
    expect(within(dough).getByText('бесплатно')).toBeInTheDocument();

    await userEvent.click(thin);
    expect(thin).toBeChecked();
    expect(add).toHaveTextContent('В корзину · 500 ₽');

    await userEvent.click(thick);
    expect(thick).toBeChecked();
    expect(thin).not.toBeChecked();
    expect(add).toHaveTextContent('В корзину · 530 ₽');
    expect(dough).toHaveTextContent('1/1');

    await userEvent.click(increase('Чесночный'));
    await userEvent.click(add);
    await waitFor(() => expect(cartStore.getState().positions).toHaveLength(1));
    expect(cartStore.getState().positions[0]).toMatchObject({
      sum: 53000,
      modifiers: [
        { id: 203, modifierId: 1, count: 1, price: 0 },
        { id: 302, modifierId: 2, count: 1, price: 3000 },
      ],
    });
  });

  it('shows the food values per 100 g when the dish has them, and no line when it has none', async () => {
    const dialog = await openPizza();
    expect(within(dialog).queryByTestId('dish-nutrition')).not.toBeInTheDocument();
  });

  it('writes the food values in the reader’s numbers, in full for screen readers', async () => {
    stubApi({
      '/1/p/menus/1/positions': [
        { ...pizza, nutrition: { kcal: 196.5, proteins: 8.4, fats: 9.1, carbs: 20 } },
      ],
      [`/1/restos/${kazanResto.id}/positions/modifiers`]: modifiers,
      [`/1/restos/${kazanResto.id}/position-time-slots`]: [],
    });
    const dialog = await openPizza();
    const line = within(dialog).getByTestId('dish-nutrition');
    expect(within(line).getByText('На 100 г: 196,5 ккал · Б 8,4 · Ж 9,1 · У 20')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(
      within(line).getByText('Пищевая ценность на 100 г: 196,5 ккал, белки 8,4 г, жиры 9,1 г, углеводы 20 г'),
    ).toBeInTheDocument();
  });

  it('says an unknown dish is not in the menu and offers the way back', async () => {
    await renderLayer('/menus/1/positions/999');
    const dialog = await screen.findByRole('dialog', {
      name: 'Этого блюда нет в меню выбранного ресторана',
    });
    expect(within(dialog).getByRole('button', { name: 'Вернуться в меню' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('position-add')).not.toBeInTheDocument();
  });
});
