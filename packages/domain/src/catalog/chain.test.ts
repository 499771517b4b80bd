import { describe, expect, it } from 'vitest';
import { isChain } from './chain.ts';

describe('isChain (docs/product.md §3)', () => {
  it('is more than one restaurant', () => {
    expect(isChain({ cities: [1], restos: [1] })).toBe(false);
    expect(isChain({ cities: [1], restos: [] })).toBe(false);
    expect(isChain({ cities: [1], restos: [1, 2] })).toBe(true);
  });

  it('counts a restaurant in each other city', () => {
    expect(isChain({ cities: [1, 2], restos: [1] })).toBe(true);
  });
});
