import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPersons } from './report-persons.ts';

describe('countPersons', () => {
  it('counts a person once, and as a repeat customer when seen twice over the lists', () => {
    expect(countPersons('')).toEqual({ total: 0, repeat: 0 });
    expect(countPersons('7')).toEqual({ total: 1, repeat: 0 });
    expect(countPersons('7,7,9')).toEqual({ total: 2, repeat: 1 });
    // Three lists: 7 twice in one, 9 once in two, 12 once.
    expect(countPersons('7,7,9,9,12,7')).toEqual({ total: 3, repeat: 2 });
  });

  it('takes ids past its first size', () => {
    expect(countPersons('5000000,70000,5000000')).toEqual({ total: 2, repeat: 1 });
  });

  it('equals a count by a map for any lists', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 300_000 }), { maxLength: 200 }), (ids) => {
        const times = new Map<number, number>();
        for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
        expect(countPersons(ids.join(','))).toEqual({
          total: times.size,
          repeat: [...times.values()].filter((n) => n >= 2).length,
        });
      }),
    );
  });
});
