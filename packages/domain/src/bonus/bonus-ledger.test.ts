import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Minor } from '../money/money.ts';
import { type BonusEntry, RETURN_GRACE_DAYS, walkBonusLedger } from './bonus-ledger.ts';
import type { BonusEntryKind } from './bonus-program.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 9, 0);

let nextId = 1;
const row = (
  kind: BonusEntryKind,
  amount: number,
  atMs: number,
  extra: { orderId?: number; expiresAtMs?: number | null } = {},
): BonusEntry => ({
  id: nextId++,
  kind,
  amount: amount as Minor,
  orderId: extra.orderId ?? null,
  expiresAtMs: extra.expiresAtMs ?? null,
  createdAtMs: atMs,
});

describe('walkBonusLedger', () => {
  it('an empty ledger has nothing', () => {
    expect(walkBonusLedger([], T0)).toEqual({ balance: 0, lots: [], dueExpiries: [], spendable: 0 });
  });

  it('spends the soonest-expiring lot first', () => {
    const rows = [
      row('earned', 500, T0, { orderId: 1, expiresAtMs: T0 + 100 * DAY }),
      row('earned', 300, T0 + DAY, { orderId: 2, expiresAtMs: T0 + 10 * DAY }),
      row('held', -400, T0 + 2 * DAY, { orderId: 3 }),
    ];
    const state = walkBonusLedger(rows, T0 + 3 * DAY);
    expect(state.balance).toBe(400);
    expect(state.lots).toEqual([{ expiresAtMs: T0 + 100 * DAY, left: 400 }]);
    expect(state.spendable).toBe(400);
  });

  it('names a due expiry per instant past now and leaves it out of the spendable', () => {
    const rows = [
      row('earned', 500, T0, { orderId: 1, expiresAtMs: T0 + 5 * DAY }),
      row('earned', 300, T0, { orderId: 2, expiresAtMs: T0 + 50 * DAY }),
      row('held', -200, T0 + DAY, { orderId: 3 }),
    ];
    const state = walkBonusLedger(rows, T0 + 5 * DAY);
    expect(state.dueExpiries).toEqual([{ expiresAtMs: T0 + 5 * DAY, amount: -300 }]);
    expect(state.balance).toBe(600);
    expect(state.spendable).toBe(300);
    // Once its `expired` row is written, nothing is due and the balance is what can be spent.
    const after = walkBonusLedger(
      [...rows, row('expired', -300, T0 + 5 * DAY, { expiresAtMs: T0 + 5 * DAY })],
      T0 + 6 * DAY,
    );
    expect(after).toEqual({
      balance: 300,
      lots: [{ expiresAtMs: T0 + 50 * DAY, left: 300 }],
      dueExpiries: [],
      spendable: 300,
    });
  });

  it('a spend after a lot expired takes the valid lots first, leaving the expired one to its row', () => {
    const rows = [
      row('earned', 500, T0, { orderId: 1, expiresAtMs: T0 + 5 * DAY }),
      row('earned', 500, T0, { orderId: 2, expiresAtMs: T0 + 50 * DAY }),
      row('held', -200, T0 + 6 * DAY, { orderId: 3 }),
    ];
    const state = walkBonusLedger(rows, T0 + 6 * DAY);
    expect(state.dueExpiries).toEqual([{ expiresAtMs: T0 + 5 * DAY, amount: -500 }]);
    expect(state.spendable).toBe(300);
  });

  it('a released hold keeps its lots’ expiry when that is later than the grace', () => {
    const rows = [
      row('earned', 500, T0, { orderId: 1, expiresAtMs: T0 + 100 * DAY }),
      row('held', -300, T0 + DAY, { orderId: 2 }),
      row('released', 300, T0 + 2 * DAY, { orderId: 2, expiresAtMs: T0 + 9 * DAY }),
    ];
    expect(walkBonusLedger(rows, T0 + 3 * DAY).lots).toEqual([{ expiresAtMs: T0 + 100 * DAY, left: 500 }]);
  });

  it('a released hold whose lots expire sooner than the grace gets the grace', () => {
    const floor = T0 + 2 * DAY + RETURN_GRACE_DAYS * DAY;
    const rows = [
      row('earned', 500, T0, { orderId: 1, expiresAtMs: T0 + 3 * DAY }),
      row('earned', 100, T0, { orderId: 4, expiresAtMs: T0 + 100 * DAY }),
      row('held', -400, T0 + DAY, { orderId: 2 }),
      row('released', 400, T0 + 2 * DAY, { orderId: 2, expiresAtMs: floor }),
    ];
    const state = walkBonusLedger(rows, T0 + 4 * DAY);
    expect(state.lots).toEqual([
      { expiresAtMs: T0 + 3 * DAY, left: 100 },
      { expiresAtMs: floor, left: 400 },
      { expiresAtMs: T0 + 100 * DAY, left: 100 },
    ]);
    expect(state.dueExpiries).toEqual([{ expiresAtMs: T0 + 3 * DAY, amount: -100 }]);
  });

  it('a partial refund-return gives back the soonest pieces of the hold; a clawback takes the soonest lots', () => {
    const rows = [
      row('earned', 300, T0, { orderId: 1, expiresAtMs: T0 + 30 * DAY }),
      row('earned', 300, T0, { orderId: 2, expiresAtMs: T0 + 60 * DAY }),
      row('held', -600, T0 + DAY, { orderId: 3 }),
      row('earned', 100, T0 + 2 * DAY, { orderId: 3, expiresAtMs: T0 + 90 * DAY }),
      row('refund-return', 200, T0 + 3 * DAY, { orderId: 3, expiresAtMs: T0 + 10 * DAY }),
      row('refund-clawback', -100, T0 + 3 * DAY, { orderId: 3 }),
    ];
    const state = walkBonusLedger(rows, T0 + 3 * DAY);
    expect(state.balance).toBe(200);
    expect(state.lots).toEqual([
      { expiresAtMs: T0 + 30 * DAY, left: 100 },
      { expiresAtMs: T0 + 90 * DAY, left: 100 },
    ]);
  });

  it('a debit beyond the lots leaves a debt the next credit pays first', () => {
    const rows = [
      row('earned', 100, T0, { orderId: 1, expiresAtMs: T0 + 30 * DAY }),
      row('adjusted', -300, T0 + DAY),
      row('adjusted', 500, T0 + 2 * DAY, { expiresAtMs: T0 + 40 * DAY }),
    ];
    const state = walkBonusLedger(rows, T0 + 3 * DAY);
    expect(state.balance).toBe(300);
    expect(state.lots).toEqual([{ expiresAtMs: T0 + 40 * DAY, left: 300 }]);
  });

  it('walks rows in id order whatever order they come in', () => {
    const rows = [
      row('earned', 500, T0, { orderId: 1, expiresAtMs: T0 + 5 * DAY }),
      row('earned', 500, T0, { orderId: 2, expiresAtMs: T0 + 50 * DAY }),
      row('held', -700, T0 + DAY, { orderId: 3 }),
    ];
    expect(walkBonusLedger([...rows].reverse(), T0 + DAY)).toEqual(walkBonusLedger(rows, T0 + DAY));
  });

  it('property: lots always add up to the balance when nothing is overdrawn, and expiring what is due zeroes it', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('earn' as const),
        points: fc.integer({ min: 1, max: 20 }),
        days: fc.integer({ min: 1, max: 30 }),
      }),
      fc.record({ kind: fc.constant('hold' as const), points: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('release' as const) }),
      fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 10 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const rows: BonusEntry[] = [];
        let now = T0;
        let order = 1;
        const openHolds: { orderId: number; amount: number }[] = [];
        const writeDue = () => {
          for (const due of walkBonusLedger(rows, now).dueExpiries) {
            rows.push(row('expired', due.amount, now, { expiresAtMs: due.expiresAtMs }));
          }
        };
        for (const step of ops) {
          writeDue();
          const state = walkBonusLedger(rows, now);
          if (step.kind === 'earn') {
            rows.push(
              row('earned', step.points * 100, now, { orderId: order++, expiresAtMs: now + step.days * DAY }),
            );
          } else if (step.kind === 'hold') {
            const amount = Math.min(step.points * 100, state.spendable);
            if (amount > 0) {
              const orderId = order++;
              rows.push(row('held', -amount, now, { orderId }));
              openHolds.push({ orderId, amount });
            }
          } else if (step.kind === 'release') {
            const hold = openHolds.shift();
            if (hold) {
              rows.push(
                row('released', hold.amount, now, { orderId: hold.orderId, expiresAtMs: now + 7 * DAY }),
              );
            }
          } else {
            now += step.days * DAY;
          }
          const after = walkBonusLedger(rows, now);
          const sum = rows.reduce((total, r) => total + r.amount, 0);
          expect(after.balance).toBe(sum);
          expect(after.balance).toBeGreaterThanOrEqual(0);
          expect(after.lots.reduce((total, lot) => total + lot.left, 0)).toBe(after.balance);
          expect(after.spendable).toBe(after.balance + after.dueExpiries.reduce((t, d) => t + d.amount, 0));
        }
        writeDue();
        const settled = walkBonusLedger(rows, now);
        expect(settled.dueExpiries).toEqual([]);
        expect(settled.lots.every((lot) => lot.expiresAtMs > now)).toBe(true);
      }),
      { seed: 55, numRuns: 200 },
    );
  });
});
