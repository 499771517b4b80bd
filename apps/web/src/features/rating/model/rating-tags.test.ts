import { describe, expect, it } from 'vitest';
import { keptTags, offeredTags } from './rating-tags.ts';

describe('offered rating tags', () => {
  it('offers nothing before a star is chosen', () => {
    expect(offeredTags(0, 'DELIVERY')).toEqual([]);
  });

  it('offers what went wrong below four stars, with the courier for a delivery', () => {
    expect(offeredTags(3, 'DELIVERY')).toEqual([
      'cold',
      'late',
      'missing-items',
      'wrong-dish',
      'not-tasty',
      'packaging',
      'courier',
    ]);
  });

  it('offers what went well from four stars', () => {
    expect(offeredTags(4, 'DELIVERY')).toEqual(['tasty', 'hot', 'on-time', 'polite-courier']);
  });

  it('offers no courier tags for take-away', () => {
    expect(offeredTags(1, 'TAKE_AWAY')).not.toContain('courier');
    expect(offeredTags(5, 'TAKE_AWAY')).toEqual(['tasty', 'hot', 'on-time']);
  });

  it('keeps only the chosen tags the new stars still offer, in the offered order', () => {
    expect(keptTags(['late', 'cold'], 2, 'DELIVERY')).toEqual(['cold', 'late']);
    expect(keptTags(['late', 'tasty'], 5, 'DELIVERY')).toEqual(['tasty']);
  });
});
