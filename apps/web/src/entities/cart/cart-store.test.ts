import { minor, POSITION_COUNT_MAX } from '@storefront/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartStorage, cartStore } from './cart-store.ts';

describe('cart kept under the SPEC keys', () => {
  it('drops a stored cart that does not parse instead of crashing', () => {
    localStorage.setItem('cart_positions', '{"broken":');
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual([]);
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
});
