import { describe, expect, it } from 'vitest';
import { arrayOf, isPositiveInt, nullable, oneOf, shape, textUpTo } from './stored-value-guards.ts';

describe('stored value guards', () => {
  it('accept exactly the shapes they describe', () => {
    const place = shape({ address: nullable(textUpTo(5)), floor: nullable(isPositiveInt) });
    expect(place({ address: 'abc', floor: 3 })).toBe(true);
    expect(place({ address: null, floor: null })).toBe(true);
    expect(place({ address: 'too long', floor: 3 })).toBe(false);
    expect(place({ address: 'abc' })).toBe(false);
    expect(place(['abc', 3])).toBe(false);
    expect(place(null)).toBe(false);
    expect(isPositiveInt(0)).toBe(false);
    expect(isPositiveInt(1.5)).toBe(false);
    expect(isPositiveInt('3')).toBe(false);
    expect(oneOf(['A', 'B'])('C')).toBe(false);
    expect(arrayOf(isPositiveInt)([1, 2])).toBe(true);
    expect(arrayOf(isPositiveInt)([1, -2])).toBe(false);
  });
});
