import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import {
  addToCart,
  type CartLine,
  type CartModifier,
  cartLineSum,
  cartTotals,
  isSameCartLine,
  makeCartLine,
  removeFromCart,
  setLineCount,
} from './cart-rules.ts';

const m = minor;
const sauce: CartModifier = { id: 31, modifierId: 500, count: 1, price: m(3_000) };
const cheese: CartModifier = { id: 21, modifierId: 502, count: 2, price: m(5_000) };

const roll = makeCartLine({ id: 1, menuId: 7, price: m(45_000), count: 1 });
const bowl = makeCartLine({ id: 2, menuId: 7, price: m(50_000), count: 1, modifiers: [cheese, sauce] });
const bowlPlain = makeCartLine({ id: 2, menuId: 7, price: m(50_000), count: 1, hasModifiers: true });

describe('cartLineSum', () => {
  it('is (price + Σ modifier count × modifier price) × count', () => {
    expect(cartLineSum(roll)).toBe(45_000);
    expect(cartLineSum({ ...bowl, count: 3 })).toBe((50_000 + 3_000 + 2 * 5_000) * 3);
  });
});

describe('makeCartLine', () => {
  it('sorts modifiers, works out the sum and whether there are modifiers', () => {
    expect(bowl.modifiers).toEqual([sauce, cheese]);
    expect(bowl.sum).toBe(63_000);
    expect(bowl.hasModifiers).toBe(true);
    expect(roll.hasModifiers).toBe(false);
  });
});

describe('addToCart', () => {
  it('appends a new position', () => {
    expect(addToCart([roll], bowl)).toEqual([roll, bowl]);
  });

  it('merges the same position by adding counts and recomputing the sum', () => {
    const cart = addToCart([roll, bowl], { ...bowl, count: 2 });
    expect(cart).toEqual([roll, { ...bowl, count: 3, sum: 189_000 }]);
  });

  it('keeps positions with different modifiers, or from another menu, apart', () => {
    expect(addToCart([bowl], bowlPlain)).toHaveLength(2);
    expect(addToCart([bowl], { ...bowl, modifiers: [{ ...cheese, count: 1 }, sauce] })).toHaveLength(2);
    expect(addToCart([roll], { ...roll, menu: { id: 8 } })).toHaveLength(2);
  });

  it('merges whatever order the modifiers are in', () => {
    const reversed = { ...bowl, modifiers: [...bowl.modifiers].reverse() };
    expect(addToCart([bowl], reversed)).toEqual([{ ...bowl, count: 2, sum: 126_000 }]);
  });

  it('ignores a line with no count', () => {
    expect(addToCart([roll], { ...bowl, count: 0 })).toEqual([roll]);
  });

  it('keeps extra fields of the lines', () => {
    const named = { ...roll, name: 'Филадельфия' };
    expect(addToCart([named], named)).toEqual([{ ...named, count: 2, sum: 90_000 }]);
  });
});

describe('removeFromCart and setLineCount', () => {
  const cart = [roll, bowl, bowlPlain];

  it('removes only the line with the same id, menu and modifiers', () => {
    expect(removeFromCart(cart, { ...bowl, modifiers: [cheese, sauce] })).toEqual([roll, bowlPlain]);
    expect(removeFromCart(cart, bowlPlain)).toEqual([roll, bowl]);
    expect(removeFromCart(cart, { ...roll, menu: { id: 8 } })).toEqual(cart);
  });

  it('sets a count and recomputes the sum', () => {
    expect(setLineCount(cart, bowl, 4)).toEqual([roll, { ...bowl, count: 4, sum: 252_000 }, bowlPlain]);
  });

  it('removes a line set to zero or below', () => {
    expect(setLineCount(cart, roll, 0)).toEqual([bowl, bowlPlain]);
    expect(setLineCount(cart, roll, -1)).toEqual([bowl, bowlPlain]);
  });
});

describe('cartTotals', () => {
  it('counts portions and adds up the sums', () => {
    expect(cartTotals([roll, { ...bowl, count: 2, sum: m(126_000) }])).toEqual({
      positionsCount: 3,
      sum: 171_000,
      isEmpty: false,
    });
    expect(cartTotals([])).toEqual({ positionsCount: 0, sum: 0, isEmpty: true });
  });
});

// Prices follow from ids, as they do within one menu; unique (modifierId, id) pairs, as a selection produces.
const modifiersArb = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 4 }),
      modifierId: fc.integer({ min: 1, max: 3 }),
      count: fc.integer({ min: 1, max: 3 }),
    }),
    { maxLength: 4, selector: (modifier) => `${modifier.modifierId}:${modifier.id}` },
  )
  .map((modifiers) =>
    modifiers.map((modifier) => ({ ...modifier, price: m(modifier.modifierId * 1_000 + modifier.id * 150) })),
  );
const lineArb: fc.Arbitrary<CartLine> = fc
  .record({
    id: fc.integer({ min: 1, max: 3 }),
    menuId: fc.integer({ min: 1, max: 2 }),
    count: fc.integer({ min: 1, max: 10 }),
    modifiers: modifiersArb,
  })
  .map((input) => makeCartLine({ ...input, price: m(input.id * 10_000 + input.menuId * 100) }));

describe('cart properties', () => {
  it('adding a line twice equals one line with the counts added', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 1, max: 10 }), (line, more) => {
        const twice = addToCart(addToCart([], line), { ...line, count: more });
        expect(twice).toEqual([makeCartLine({ ...line, menuId: line.menu.id, count: line.count + more })]);
      }),
    );
  });

  it('the total sum is the sum of the line sums, and counts add up', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), (added) => {
        const cart = added.reduce<CartLine[]>((lines, line) => addToCart(lines, line), []);
        const totals = cartTotals(cart);
        expect(totals.sum).toBe(cart.reduce((sum, line) => sum + cartLineSum(line), 0));
        expect(totals.sum).toBe(added.reduce((sum, line) => sum + cartLineSum(line), 0));
        expect(totals.positionsCount).toBe(added.reduce((sum, line) => sum + line.count, 0));
        expect(totals.isEmpty).toBe(added.length === 0);
        for (const line of cart) expect(line.sum).toBe(cartLineSum(line));
      }),
    );
  });

  it('the order of modifiers does not affect merging', () => {
    fc.assert(
      fc.property(lineArb, fc.integer(), (line, seed) => {
        const shuffled = [...line.modifiers].sort(
          (a, b) => ((a.id * 31 + a.modifierId + seed) % 7) - ((b.id * 31 + b.modifierId + seed) % 7),
        );
        const other = { ...line, modifiers: shuffled };
        expect(isSameCartLine(line, other)).toBe(true);
        expect(addToCart([line], other)).toHaveLength(1);
        expect(removeFromCart([line], other)).toEqual([]);
      }),
    );
  });
});
