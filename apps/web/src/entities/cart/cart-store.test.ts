import { minor, POSITION_COUNT_MAX } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartStorage, cartStore } from './cart-store.ts';

/** A line as a cart stored before lines remembered their dish keeps it: SPEC's cart position, nothing more. */
const storedLine = (id: number, price: number) => ({
  id,
  menu: { id: 1 },
  count: 1,
  price,
  sum: price,
  hasModifiers: false,
  modifiers: [],
});

function dish(id: number, name: Position['name'], photos: string[] = []): Position {
  return {
    id,
    menu: { id: 1 },
    positionGroup: null,
    name,
    description: { ru: '' },
    measure: { value: 250, unit: 'g' },
    price: minor(49_000),
    photos,
    tags: [],
    isAdult: false,
    order: id,
  };
}

describe('cart kept under the SPEC keys', () => {
  beforeEach(() => cartStore.getState().clear());

  it('drops a stored cart that does not parse instead of crashing', () => {
    localStorage.setItem('cart_positions', '{"broken":');
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual([]);
  });

  it('loads a cart stored before its lines remembered their dish', () => {
    const old = [storedLine(6, 77_000), storedLine(7, 49_000)];
    localStorage.setItem('cart_positions', JSON.stringify(old));
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual(old);
  });

  it('keeps a remembered dish under the same key, and reads it back', () => {
    localStorage.setItem('cart_positions', JSON.stringify([storedLine(7, 49_000)]));
    cartStorage.hydrate();
    cartStore
      .getState()
      .rememberDishes([dish(7, { ru: 'Спайси сякэ', en: 'Spicy salmon' }, ['/media/7.jpg'])]);
    const label = {
      name: { ru: 'Спайси сякэ', en: 'Spicy salmon' },
      photo: '/media/7.jpg',
      measure: { value: 250, unit: 'g' },
    };
    const stored = localStorage.getItem('cart_positions') ?? '[]';
    expect(JSON.parse(stored)).toEqual([{ ...storedLine(7, 49_000), label }]);

    // The next visit.
    cartStore.getState().clear();
    localStorage.setItem('cart_positions', stored);
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual([{ ...storedLine(7, 49_000), label }]);
  });

  it('drops a stored cart whose remembered dish is not one', () => {
    localStorage.setItem(
      'cart_positions',
      JSON.stringify([{ ...storedLine(7, 49_000), label: { name: 7 } }]),
    );
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual([]);
  });
});

describe('remembered dishes', () => {
  beforeEach(() => cartStore.getState().clear());

  it('remembers the dish of a line as the catalog shows it, and keeps it when the dish leaves the menu', () => {
    cartStore.getState().add({ id: 7, menuId: 1, price: minor(49_000), modifiers: [] });
    cartStore.getState().rememberDishes([dish(7, { ru: 'Спайси сякэ' }), dish(8, { ru: 'Дракон' })]);
    expect(cartStore.getState().positions[0]?.label).toEqual({
      name: { ru: 'Спайси сякэ' },
      photo: null,
      measure: { value: 250, unit: 'g' },
    });

    // The menu without it (hidden in the back office): the line keeps what it knew, through its other changes.
    const before = cartStore.getState();
    cartStore.getState().rememberDishes([dish(8, { ru: 'Дракон' })]);
    expect(cartStore.getState()).toBe(before);
    cartStore.getState().setCount(7, 1, [], 3);
    const [line] = cartStore.getState().positions;
    if (!line) throw new Error('a line expected');
    cartStore.getState().applyServerPrices([{ line, price: minor(51_000), modifiers: [] }]);
    expect(cartStore.getState().positions[0]).toMatchObject({
      count: 3,
      price: 51_000,
      label: { name: { ru: 'Спайси сякэ' } },
    });
  });

  it('takes a renamed dish’s new name, and changes nothing when the catalog says the same', () => {
    cartStore.getState().add({ id: 7, menuId: 1, price: minor(49_000), modifiers: [] });
    cartStore.getState().rememberDishes([dish(7, { ru: 'Спайси сякэ' })]);
    const remembered = cartStore.getState();
    cartStore.getState().rememberDishes([dish(7, { ru: 'Спайси сякэ' })]);
    expect(cartStore.getState()).toBe(remembered);
    cartStore.getState().rememberDishes([dish(7, { ru: 'Сякэ спайси', en: 'Spicy salmon' })]);
    expect(cartStore.getState().positions[0]?.label?.name).toEqual({ ru: 'Сякэ спайси', en: 'Spicy salmon' });
  });

  it('does not take a dish of the same id from another menu', () => {
    cartStore.getState().add({ id: 7, menuId: 2, price: minor(49_000), modifiers: [] });
    cartStore.getState().rememberDishes([dish(7, { ru: 'Спайси сякэ' })]);
    expect(cartStore.getState().positions[0]).not.toHaveProperty('label');
  });
});

describe('cart lines', () => {
  const roll = { id: 1, menuId: 1, price: minor(59_000), modifiers: [] };
  const wok = {
    id: 2,
    menuId: 1,
    price: minor(40_000),
    modifiers: [{ id: 7, modifierId: 3, count: 1, price: minor(5_000) }],
  };

  beforeEach(() => cartStore.getState().clear());

  it('keeps a count within 1..POSITION_COUNT_MAX', () => {
    cartStore.getState().add({ ...roll, count: POSITION_COUNT_MAX });
    cartStore.getState().add(roll);
    expect(cartStore.getState().positions[0]?.count).toBe(POSITION_COUNT_MAX);
    cartStore.getState().setCount(1, 1, [], 500);
    expect(cartStore.getState().positions[0]?.count).toBe(POSITION_COUNT_MAX);
    cartStore.getState().setCount(1, 1, [], 0);
    expect(cartStore.getState().positions).toEqual([]);
  });

  it('removes one line, or several at once', () => {
    cartStore.getState().add(roll);
    cartStore.getState().add(wok);
    const [first, second] = cartStore.getState().positions;
    if (!first || !second) throw new Error('two lines expected');
    cartStore.getState().remove(first);
    expect(cartStore.getState().positions.map((line) => line.id)).toEqual([2]);
    cartStore.getState().add(roll);
    cartStore.getState().removeLines([first, second]);
    expect(cartStore.getState().positions).toEqual([]);
  });

  it("takes the server's prices and works the sum out again", () => {
    cartStore.getState().add({ ...wok, count: 2 });
    const [line] = cartStore.getState().positions;
    if (!line) throw new Error('a line expected');
    cartStore
      .getState()
      .applyServerPrices([
        { line, price: minor(45_000), modifiers: [{ id: 7, modifierId: 3, price: minor(6_000) }] },
      ]);
    const [after] = cartStore.getState().positions;
    expect(after?.price).toBe(45_000);
    expect(after?.modifiers[0]?.price).toBe(6_000);
    expect(after?.sum).toBe(2 * (45_000 + 6_000));
  });

  describe('points to spend', () => {
    it('keeps whole points only, never below 0', () => {
      cartStore.getState().add({ id: 1, menuId: 1, price: minor(59_000), modifiers: [] });
      cartStore.getState().setBonusToSpend(12_599);
      expect(cartStore.getState().bonusToSpend).toBe(12_500);
      cartStore.getState().setBonusToSpend(-300);
      expect(cartStore.getState().bonusToSpend).toBe(0);
      cartStore.getState().setBonusToSpend(Number.NaN);
      expect(cartStore.getState().bonusToSpend).toBe(0);
    });

    it('spends nothing once the cart is empty, however the last line went', () => {
      cartStore.getState().add({ id: 1, menuId: 1, price: minor(59_000), modifiers: [] });
      cartStore.getState().setBonusToSpend(5_000);
      cartStore.getState().setCount(1, 1, [], 0);
      expect(cartStore.getState().positions).toEqual([]);
      expect(cartStore.getState().bonusToSpend).toBe(0);
      cartStore.getState().add({ id: 1, menuId: 1, price: minor(59_000), modifiers: [] });
      cartStore.getState().setBonusToSpend(5_000);
      cartStore.getState().clear();
      expect(cartStore.getState().bonusToSpend).toBe(0);
    });

    it('survives a reload under its own key; a stored fraction of a point is ignored', () => {
      localStorage.setItem('cart_positions', JSON.stringify([storedLine(1, 59_000)]));
      localStorage.setItem('cart_bonus_to_spend', '7000');
      cartStorage.hydrate();
      expect(cartStore.getState().bonusToSpend).toBe(7_000);
      cartStore.getState().setBonusToSpend(3_000);
      expect(localStorage.getItem('cart_bonus_to_spend')).toBe('3000');
      cartStore.setState({ bonusToSpend: minor(0) });
      localStorage.setItem('cart_bonus_to_spend', '7050');
      cartStorage.hydrate();
      expect(cartStore.getState().bonusToSpend).toBe(0);
    });
  });
});
