import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asapPromiseMs,
  autoDelayStep,
  CAPACITY_SLOT_MINUTES,
  delayMinutesAt,
  firstTimeWithRoom,
  fullSlots,
  givePlaceBack,
  nextSlotWithRoom,
  type RestoDelayState,
  slotHasRoom,
  slotStartMs,
  takePlace,
} from './slot-capacity.ts';

const SLOT = CAPACITY_SLOT_MINUTES * 60_000;
/** 2026-11-27 12:00 UTC, a slot start. */
const T = Date.UTC(2026, 10, 27, 12, 0);

describe('slot arithmetic', () => {
  it('puts an instant in the quarter that holds it', () => {
    expect(slotStartMs(T)).toBe(T);
    expect(slotStartMs(T + 14 * 60_000 + 59_999)).toBe(T);
    expect(slotStartMs(T + SLOT)).toBe(T + SLOT);
  });

  it('finds the first moment with room, the next slot with room and the full ones', () => {
    const loads = new Map([
      [T, 2],
      [T + SLOT, 2],
      [T + 2 * SLOT, 1],
    ]);
    expect(slotHasRoom(loads, 2, T + 60_000)).toBe(false);
    expect(slotHasRoom(loads, null, T)).toBe(true);
    expect(firstTimeWithRoom(loads, 2, T + 5 * 60_000, T + 10 * SLOT)).toBe(T + 2 * SLOT);
    expect(firstTimeWithRoom(loads, 3, T + 5 * 60_000, T + 10 * SLOT)).toBe(T + 5 * 60_000);
    expect(nextSlotWithRoom(loads, 2, T, T + 10 * SLOT)).toBe(T + 2 * SLOT);
    expect(nextSlotWithRoom(loads, 2, T, T + 10 * SLOT, (s) => s !== T + 2 * SLOT)).toBe(T + 3 * SLOT);
    expect(nextSlotWithRoom(loads, 1, T, T + 3 * SLOT)).toBeNull();
    expect(fullSlots(loads, 2, T, T + 10 * SLOT)).toEqual([T, T + SLOT]);
    expect(fullSlots(loads, null, T, T + 10 * SLOT)).toEqual([]);
  });

  it('promises as soon as possible the first slot with room before closing, or nothing', () => {
    const loads = new Map([
      [T, 1],
      [T + SLOT, 1],
    ]);
    const open = (ms: number) => ms < T + 2 * SLOT;
    expect(asapPromiseMs(loads, null, T + 7 * 60_000, open, T + 96 * SLOT)).toBe(T + 7 * 60_000);
    expect(asapPromiseMs(loads, 2, T + 7 * 60_000, open, T + 96 * SLOT)).toBe(T + 7 * 60_000);
    // Both slots full and the restaurant closed after them: none left.
    expect(asapPromiseMs(loads, 1, T + 7 * 60_000, open, T + 96 * SLOT)).toBeNull();
    expect(asapPromiseMs(loads, 1, T + 7 * 60_000, () => true, T + 96 * SLOT)).toBe(T + 2 * SLOT);
  });

  it('an ASAP promise is never before the earliest, lands in a slot with room, and skips no slot with room', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: SLOT - 1 }),
        (taken, capacity, offset) => {
          const loads = new Map(taken.map((n, i) => [T + i * SLOT, n]));
          const earliest = T + offset;
          const promised = asapPromiseMs(loads, capacity, earliest, () => true, T + 12 * SLOT);
          if (promised === null) {
            expect(taken.every((n) => n >= capacity)).toBe(true);
            return;
          }
          expect(promised).toBeGreaterThanOrEqual(earliest);
          expect(slotHasRoom(loads, capacity, promised)).toBe(true);
          for (let slot = slotStartMs(earliest); slot < slotStartMs(promised); slot += SLOT)
            expect(slotHasRoom(loads, capacity, slot)).toBe(false);
        },
      ),
    );
  });
});

describe('slot counting under concurrent placements', () => {
  type Step = { kind: 'place'; instance: 0 | 1; slot: number } | { kind: 'give-back'; order: number };

  /**
   * Two instances place into three slots while orders are declined or cancelled. Every placement is the
   * database's conditional upsert (takePlace), applied in whatever order PostgreSQL's row lock lets them
   * through; a give-back is once per order (the order's slot_at is cleared in the same statement).
   */
  it('never counts more orders in a slot than its capacity, and the count is the orders holding it', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('place' as const),
        instance: fc.constantFrom(0 as const, 1 as const),
        slot: fc.nat({ max: 2 }),
      }),
      fc.record({ kind: fc.constant('give-back' as const), order: fc.nat({ max: 40 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { maxLength: 80 }), (capacity, steps) => {
        const taken = [0, 0, 0];
        /** Orders placed: the slot each holds, null once given back. */
        const holders: (number | null)[] = [];
        const refusedBy = [0, 0];
        for (const s of steps as Step[]) {
          if (s.kind === 'place') {
            const next = takePlace(taken[s.slot] ?? 0, capacity);
            if (next === null) refusedBy[s.instance] = (refusedBy[s.instance] ?? 0) + 1;
            else {
              taken[s.slot] = next;
              holders.push(s.slot);
            }
          } else {
            const slot = holders[s.order];
            if (slot === undefined || slot === null) continue;
            holders[s.order] = null;
            taken[slot] = givePlaceBack(taken[slot] ?? 0);
          }
          for (const [slot, n] of taken.entries()) {
            expect(n).toBeLessThanOrEqual(capacity);
            expect(n).toBe(holders.filter((h) => h === slot).length);
          }
        }
      }),
    );
  });

  it('gives the last place to exactly one of two racing placements', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.boolean(), (capacity, secondFirst) => {
        const order = secondFirst ? [1, 0] : [0, 1];
        let taken = capacity - 1;
        const won: number[] = [];
        for (const instance of order) {
          const next = takePlace(taken, capacity);
          if (next !== null) {
            taken = next;
            won.push(instance);
          }
        }
        expect(won).toHaveLength(1);
        expect(taken).toBe(capacity);
      }),
    );
  });
});

describe('delays', () => {
  const staff: RestoDelayState = { extraMinutes: 30, untilMs: T + 3_600_000, source: 'staff' };
  const auto: RestoDelayState = { extraMinutes: 15, untilMs: T + 3_600_000, source: 'auto' };

  it('adds a running delay and nothing after it ends', () => {
    expect(delayMinutesAt(staff, T)).toBe(30);
    expect(delayMinutesAt(staff, T + 3_600_000)).toBe(0);
    expect(delayMinutesAt(null, T)).toBe(0);
  });

  it('sets the automatic delay above the threshold, clears it at the threshold, never touches staff’s', () => {
    expect(autoDelayStep(4, 3, null, T)).toBe('set');
    expect(autoDelayStep(3, 3, null, T)).toBe('keep');
    expect(autoDelayStep(4, 3, auto, T)).toBe('keep');
    expect(autoDelayStep(3, 3, auto, T)).toBe('clear');
    expect(autoDelayStep(9, 3, staff, T)).toBe('keep');
    expect(autoDelayStep(0, 3, staff, T)).toBe('keep');
    expect(autoDelayStep(9, null, null, T)).toBe('keep');
    expect(autoDelayStep(9, null, auto, T)).toBe('clear');
    // A staff delay that ran out no longer holds the automatic one back.
    expect(autoDelayStep(9, 3, staff, T + 3_600_000)).toBe('set');
  });
});
