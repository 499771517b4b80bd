import { describe, expect, it } from 'vitest';
import { modifierCounts, posRowKey, usableNutrition } from './menu-write.ts';

/* The small rules of writing a POS menu into ours; the writing itself is tested against the fake iiko (menu-sync). */

const items = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe('a POS modifier group’s counts in ours', () => {
  it('keeps the POS’s minimum and maximum', () => {
    expect(modifierCounts({ min: 1, max: 2, items: items(3) })).toEqual({ minCount: 1, maxCount: 2 });
  });
  it('reads a maximum of 0 as "as many as there are", and never below 1', () => {
    expect(modifierCounts({ min: 0, max: 0, items: items(3) })).toEqual({ minCount: 0, maxCount: 3 });
    expect(modifierCounts({ min: 0, max: 0, items: [] })).toEqual({ minCount: 0, maxCount: 1 });
  });
  it('never asks for more than may be picked', () => {
    expect(modifierCounts({ min: 5, max: 2, items: items(3) })).toEqual({ minCount: 2, maxCount: 2 });
    expect(modifierCounts({ min: -1, max: 2, items: items(3) })).toEqual({ minCount: 0, maxCount: 2 });
  });
});

describe('a row’s key and food values', () => {
  it('names the product, and the size when there is one', () => {
    expect(posRowKey('iiko', 'p1')).toBe('iiko-p1');
    expect(posRowKey('iiko', 'p1', 's1')).toBe('iiko-p1.s1');
    const uuid = '7b1c1f2e-0000-4000-8000-000000000051';
    expect(posRowKey('iiko', uuid, uuid).length).toBeLessThanOrEqual(80);
  });
  it('keeps food values the storefront can show, drops the rest', () => {
    const ok = { kcal: 196.5, proteins: 8.4, fats: 0, carbs: 20 };
    expect(usableNutrition(ok)).toEqual(ok);
    expect(usableNutrition({ ...ok, fats: -1 })).toBeNull();
    expect(usableNutrition({ ...ok, kcal: Number.NaN })).toBeNull();
    expect(usableNutrition(null)).toBeNull();
  });
});
