import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import {
  canIncrement,
  groupTotal,
  type ModifierGroup,
  type ModifierSelection,
  selectionPrice,
  selectionProblems,
  selectionToCartModifiers,
  setItemCount,
  toggleSingle,
} from './modifier-rules.ts';

/** Required single choice: the base of a poke bowl, free. */
const base: ModifierGroup = {
  id: 1,
  modifierId: 501,
  minCount: 1,
  maxCount: 1,
  items: [
    { id: 11, price: minor(0) },
    { id: 12, price: minor(0) },
  ],
};
/** Optional, up to three toppings, any item more than once. */
const toppings: ModifierGroup = {
  id: 2,
  modifierId: 502,
  minCount: 0,
  maxCount: 3,
  items: [
    { id: 21, price: minor(5_000) },
    { id: 22, price: minor(7_000) },
    { id: 23, price: minor(9_900) },
  ],
};
/** Required, one or two sauces. */
const sauces: ModifierGroup = {
  id: 3,
  modifierId: 500,
  minCount: 1,
  maxCount: 2,
  items: [
    { id: 31, price: minor(3_000) },
    { id: 32, price: minor(0) },
  ],
};
/** Optional single choice. */
const drink: ModifierGroup = {
  id: 4,
  modifierId: 504,
  minCount: 0,
  maxCount: 1,
  items: [{ id: 41, price: minor(10_000) }],
};
const groups = [base, toppings, sauces, drink];
const none: ModifierSelection = {};

describe('toggleSingle', () => {
  it('chooses, and choosing another replaces the choice', () => {
    const first = toggleSingle(none, base, 11);
    expect(first).toEqual({ 1: { 11: 1 } });
    expect(toggleSingle(first, base, 12)).toEqual({ 1: { 12: 1 } });
  });

  it('keeps a required choice made, but lets an optional one be cleared', () => {
    const chosen = toggleSingle(none, base, 11);
    expect(toggleSingle(chosen, base, 11)).toBe(chosen);
    const withDrink = toggleSingle(chosen, drink, 41);
    expect(toggleSingle(withDrink, drink, 41)).toEqual({ 1: { 11: 1 } });
  });

  it('ignores items of other groups', () => {
    expect(toggleSingle(none, base, 21)).toBe(none);
  });
});

describe('setItemCount and canIncrement', () => {
  it('lets an optional multi-choice group fill up to its maximum and no further', () => {
    let selection = setItemCount(none, toppings, 21, 2);
    expect(canIncrement(toppings, selection)).toBe(true);
    selection = setItemCount(selection, toppings, 22, 5);
    expect(selection).toEqual({ 2: { 21: 2, 22: 1 } });
    expect(groupTotal(toppings, selection)).toBe(3);
    expect(canIncrement(toppings, selection)).toBe(false);
    // Lowering one item frees room for another.
    selection = setItemCount(selection, toppings, 21, 1);
    expect(canIncrement(toppings, selection)).toBe(true);
    expect(setItemCount(selection, toppings, 23, 1)).toEqual({ 2: { 21: 1, 22: 1, 23: 1 } });
  });

  it('drops items set to zero or below, and empty groups', () => {
    const selection = setItemCount(none, toppings, 21, 1);
    expect(setItemCount(selection, toppings, 21, 0)).toEqual({});
    expect(setItemCount(selection, toppings, 21, -3)).toEqual({});
  });

  it('does not change the selection it is given', () => {
    const selection = setItemCount(none, toppings, 21, 1);
    setItemCount(selection, toppings, 22, 1);
    expect(selection).toEqual({ 2: { 21: 1 } });
  });

  it('never lets a group exceed its maximum', () => {
    const group = fc.constantFrom(toppings, sauces, drink, base);
    const step = fc.record({ group, pick: fc.nat(), count: fc.integer({ min: -2, max: 6 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let selection = none;
        for (const { group: g, pick, count } of steps) {
          const item = g.items[pick % g.items.length];
          if (item) selection = setItemCount(selection, g, item.id, count);
        }
        for (const g of groups) expect(groupTotal(g, selection)).toBeLessThanOrEqual(g.maxCount);
        expect(selectionProblems(groups, selection).every((problem) => problem.kind === 'too-few')).toBe(
          true,
        );
      }),
    );
  });
});

describe('selectionProblems', () => {
  it('reports required groups left short', () => {
    expect(selectionProblems(groups, none)).toEqual([
      { groupId: 1, kind: 'too-few', minCount: 1, maxCount: 1 },
      { groupId: 3, kind: 'too-few', minCount: 1, maxCount: 2 },
    ]);
    const complete = setItemCount(toggleSingle(none, base, 12), sauces, 31, 2);
    expect(selectionProblems(groups, complete)).toEqual([]);
  });

  it('reports a group over its maximum (a selection saved before the menu changed)', () => {
    expect(selectionProblems([sauces], { 3: { 31: 2, 32: 1 } })).toEqual([
      { groupId: 3, kind: 'too-many', minCount: 1, maxCount: 2 },
    ]);
  });
});

describe('selectionPrice and selectionToCartModifiers', () => {
  const selection: ModifierSelection = { 1: { 12: 1 }, 2: { 23: 1, 21: 2 }, 3: { 31: 1 } };

  it('adds each chosen item price times its count to the base price', () => {
    expect(selectionPrice(minor(45_000), groups, none)).toBe(45_000);
    expect(selectionPrice(minor(45_000), groups, selection)).toBe(45_000 + 0 + 2 * 5_000 + 9_900 + 3_000);
  });

  it('lists chosen items with their group modifier id, sorted by modifier id then item id', () => {
    expect(selectionToCartModifiers(groups, selection)).toEqual([
      { id: 31, modifierId: 500, count: 1, price: 3_000 },
      { id: 12, modifierId: 501, count: 1, price: 0 },
      { id: 21, modifierId: 502, count: 2, price: 5_000 },
      { id: 23, modifierId: 502, count: 1, price: 9_900 },
    ]);
  });

  it('gives the same list whatever order the choices were made in', () => {
    const a = setItemCount(setItemCount(none, toppings, 23, 1), toppings, 21, 1);
    const b = setItemCount(setItemCount(none, toppings, 21, 1), toppings, 23, 1);
    expect(selectionToCartModifiers(groups, a)).toEqual(selectionToCartModifiers(groups, b));
  });

  it('ignores items the groups no longer offer', () => {
    expect(selectionToCartModifiers(groups, { 2: { 99: 1 } })).toEqual([]);
    expect(selectionPrice(minor(100), groups, { 2: { 99: 1 } })).toBe(100);
  });
});
