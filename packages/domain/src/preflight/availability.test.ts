import { describe, expect, it } from 'vitest';
import {
  BOWL,
  line,
  makePricingCatalog,
  makePricingRequest,
  ROLL,
  WEDNESDAY_LUNCH_MS,
} from '../testing/pricing-fixtures.ts';
import { localDayStartMs } from './order-time.ts';
import { type PricingCatalog, priceCart } from './price-cart.ts';

/** The stop-list and 'busy' the restaurant's staff set, as priceCart reads them. */

const today = localDayStartMs(WEDNESDAY_LUNCH_MS, makePricingCatalog().resto.timezone);
const price = (catalog: Partial<PricingCatalog>, preOrderAt?: string) =>
  priceCart(makePricingCatalog(catalog), {
    request: makePricingRequest({
      positions: [
        line(ROLL, 2),
        line(BOWL, 1, {
          modifiers: [
            { id: 5002, modifierId: 500, count: 1 },
            { id: 6001, modifierId: 600, count: 1 },
          ],
        }),
      ],
      ...(preOrderAt ? { preOrderAt } : {}),
    }),
    promo: { kind: 'none' },
    nowMs: WEDNESDAY_LUNCH_MS,
  });

describe('stop-list', () => {
  it('a stopped dish is a problem of its line, unavailable and not charged', () => {
    const cart = price({ stopList: { dayStartMs: today, positionIds: new Set([ROLL]) } });
    expect(cart.problems).toEqual([{ code: 'person-order.position-stopped', line: 0 }]);
    expect(cart.lines[0]?.available).toBe(false);
    expect(cart.lines[1]?.available).toBe(true);
    expect(cart.sum).toBe(cart.lines[1]?.sum);
  });

  it("touches only the stop-list's own day: tomorrow's pre-order may have the dish", () => {
    const cart = price(
      { stopList: { dayStartMs: today, positionIds: new Set([ROLL]) } },
      '2026-11-26T13:00:00+03:00',
    );
    expect(cart.problems.map((p) => p.code)).not.toContain('person-order.position-stopped');
  });

  it('an empty or absent stop-list changes nothing', () => {
    const plain = price({});
    expect(price({ stopList: { dayStartMs: today, positionIds: new Set() } })).toEqual(plain);
    expect(plain.problems).toEqual([]);
  });
});

describe('busy', () => {
  it('refuses as soon as possible while busy', () => {
    const cart = price({ busyUntilMs: WEDNESDAY_LUNCH_MS + 60_000 });
    expect(cart.problems).toEqual([{ code: 'resto.busy' }]);
  });

  it('takes a pre-order while busy', () => {
    const cart = price({ busyUntilMs: WEDNESDAY_LUNCH_MS + 3_600_000 }, '2026-11-25T19:00:00+03:00');
    expect(cart.problems.map((p) => p.code)).not.toContain('resto.busy');
  });

  it('a pause that ran out is no pause', () => {
    expect(price({ busyUntilMs: WEDNESDAY_LUNCH_MS }).problems).toEqual([]);
    expect(price({ busyUntilMs: null }).problems).toEqual([]);
  });
});
