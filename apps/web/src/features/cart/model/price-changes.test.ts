import { makeCartLine, minor } from '@storefront/domain';
import type { PreflightResponse, PricedPosition } from '@storefront/domain/contracts';
import { describe, expect, it } from 'vitest';
import { answersLines, detectPriceChanges, shownPricing } from './price-changes.ts';

const roll = makeCartLine({ id: 1, menuId: 1, price: minor(59_000), count: 1 });
const wok = makeCartLine({
  id: 2,
  menuId: 1,
  price: minor(40_000),
  count: 2,
  modifiers: [{ id: 7, modifierId: 3, count: 1, price: minor(5_000) }],
});

function priced(line: typeof roll, price: number, share = 0, modifierPrice = 5_000): PricedPosition {
  const modifiers = line.modifiers.map((m) => ({ ...m, price: minor(modifierPrice) }));
  const sum = (price + modifiers.reduce((s, m) => s + m.count * m.price, 0)) * line.count;
  return {
    id: line.id,
    menu: line.menu,
    count: line.count,
    price: minor(price),
    modifiers,
    sum: minor(sum),
    discounts: [],
    promoCodes: share ? [{ code: 'p', name: 'P', amount: minor(share) }] : [],
    specials: [],
    payableAmount: minor(sum - share),
    available: true,
  };
}

function answer(positions: PricedPosition[], payable?: number): PreflightResponse {
  const sum = positions.reduce((s, p) => s + p.payableAmount, 0);
  return { positions, payable: minor(payable ?? sum) } as unknown as PreflightResponse;
}

describe('price changes', () => {
  it('lists a line whose dish or modifier price differs from the kept one', () => {
    const response = answer([priced(roll, 64_000), priced(wok, 40_000, 0, 6_000)]);
    const changes = detectPriceChanges({
      lines: [roll, wok],
      response,
      requestKey: 'a',
      promoCode: null,
      previous: null,
    });
    expect(changes).toEqual([
      { kind: 'line', line: roll, before: 59_000, after: 64_000 },
      { kind: 'line', line: wok, before: 90_000, after: 92_000 },
    ]);
  });

  it('lists nothing when the prices are the kept ones', () => {
    const response = answer([priced(roll, 59_000), priced(wok, 40_000)]);
    expect(
      detectPriceChanges({ lines: [roll, wok], response, requestKey: 'a', promoCode: null, previous: null }),
    ).toEqual([]);
  });

  it('lists a promo share that stopped applying while the code stayed', () => {
    const before = answer([priced(roll, 59_000, 5_900)]);
    const previous = shownPricing([roll], before, 'a', 'SUSHI');
    const after = answer([priced(roll, 59_000)]);
    expect(
      detectPriceChanges({ lines: [roll], response: after, requestKey: 'a', promoCode: 'SUSHI', previous }),
    ).toEqual([{ kind: 'promo-stopped', line: roll, before: 53_100, after: 59_000 }]);
    // The customer removed the code: that explains itself.
    expect(
      detectPriceChanges({ lines: [roll], response: after, requestKey: 'b', promoCode: null, previous }),
    ).toEqual([]);
  });

  it('lists the total when the very same request is answered with another total', () => {
    const previous = shownPricing([roll], answer([priced(roll, 59_000)], 79_000), 'a', null);
    const again = answer([priced(roll, 59_000)], 89_000);
    expect(
      detectPriceChanges({ lines: [roll], response: again, requestKey: 'a', promoCode: null, previous }),
    ).toEqual([{ kind: 'total', before: 79_000, after: 89_000 }]);
    // A different request (a count, a method) changed the total: not listed.
    expect(
      detectPriceChanges({ lines: [roll], response: again, requestKey: 'b', promoCode: null, previous }),
    ).toEqual([]);
  });

  it('knows whether an answer is for the lines the cart holds', () => {
    expect(answersLines([roll, wok], [priced(roll, 1), priced(wok, 1)])).toBe(true);
    expect(answersLines([roll, wok], [priced(roll, 1)])).toBe(false);
    expect(answersLines([roll], [priced({ ...roll, count: 3 }, 1)])).toBe(false);
  });
});
