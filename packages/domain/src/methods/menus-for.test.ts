import { describe, expect, it } from 'vitest';
import { menusFor } from './menus-for.ts';

const lunch = { id: 1, isDelivery: true, isTakeAway: false };
const bar = { id: 2, isDelivery: false, isTakeAway: true };
const main = { id: 3, isDelivery: true, isTakeAway: true };
const resto = { menus: [lunch, bar, main] };

describe('menusFor (docs/product.md §3)', () => {
  it("keeps the menus flagged for the method, in the restaurant's order", () => {
    expect(menusFor(resto, 'DELIVERY')).toEqual([lunch, main]);
    expect(menusFor(resto, 'TAKE_AWAY')).toEqual([bar, main]);
  });

  it('has no menus without a restaurant or a method', () => {
    expect(menusFor(null, 'DELIVERY')).toEqual([]);
    expect(menusFor(resto, null)).toEqual([]);
  });
});
