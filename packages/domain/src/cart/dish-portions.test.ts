import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import { makeCartLine } from './cart-rules.ts';
import { portionsOfDish } from './dish-portions.ts';

const sauce = { id: 31, modifierId: 500, count: 1, price: minor(3_000) };
const lines = [
  makeCartLine({ id: 2, menuId: 7, price: minor(50_000), count: 2 }),
  makeCartLine({ id: 2, menuId: 7, price: minor(50_000), count: 3, modifiers: [sauce] }),
  makeCartLine({ id: 2, menuId: 8, price: minor(50_000), count: 5 }),
  makeCartLine({ id: 1, menuId: 7, price: minor(45_000), count: 1 }),
];

describe('portionsOfDish', () => {
  it('adds up the portions of every line of the dish in that menu, whatever the modifiers', () => {
    expect(portionsOfDish(lines, 2, 7)).toBe(5);
    expect(portionsOfDish(lines, 2, 8)).toBe(5);
    expect(portionsOfDish(lines, 1, 7)).toBe(1);
  });

  it('is 0 for a dish not in the cart', () => {
    expect(portionsOfDish(lines, 3, 7)).toBe(0);
    expect(portionsOfDish([], 2, 7)).toBe(0);
  });
});
