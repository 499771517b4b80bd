import { describe, expect, it } from 'vitest';
import {
  BOWL,
  FOREIGN,
  LUNCH,
  line,
  MENU_BOTH,
  makePricingCatalog,
  PICKUP_ONLY,
  ROLL,
  WEDNESDAY_LUNCH_MS,
} from '../testing/pricing-fixtures.ts';
import { type LineContext, priceLine } from './price-line.ts';

const context: LineContext = {
  catalog: makePricingCatalog(),
  deliveryType: 'DELIVERY',
  orderAtMs: WEDNESDAY_LUNCH_MS,
};
const sauce = (id = 5001, count = 1) => ({ id, modifierId: 500, count });
const topping = (id: number, count = 1) => ({ id, modifierId: 600, count });

function codes(result: ReturnType<typeof priceLine>) {
  return result.problems.map((problem) => problem.messageKey ?? problem.code);
}

describe('priceLine', () => {
  it('prices a plain position from the catalog, whatever the client says', () => {
    const { line: priced, problems } = priceLine(
      line(ROLL, 3, { price: 1, sum: 3, name: 'дёшево' }),
      0,
      context,
    );
    expect(problems).toEqual([]);
    expect(priced).toEqual({
      id: ROLL,
      menu: { id: MENU_BOTH },
      count: 3,
      price: 35_000,
      modifiers: [],
      sum: 105_000,
      promoDiscount: 0,
      bonusDiscount: 0,
      payableAmount: 105_000,
      available: true,
    });
  });

  it('adds modifiers at the server prices, merging an item sent twice', () => {
    const position = line(BOWL, 2, {
      modifiers: [{ ...sauce(5002), price: 0 }, topping(6001), topping(6001), topping(6002)],
    });
    const { line: priced, problems } = priceLine(position, 0, context);
    expect(problems).toEqual([]);
    expect(priced.modifiers).toEqual([
      { id: 5002, modifierId: 500, count: 1, price: 5_000 },
      { id: 6001, modifierId: 600, count: 2, price: 7_000 },
      { id: 6002, modifierId: 600, count: 1, price: 9_000 },
    ]);
    // (590 + 50 + 2 × 70 + 90) × 2
    expect(priced.sum).toBe(174_000);
  });

  it('refuses a position not in the catalog, in another menu, or in a menu of another restaurant', () => {
    expect(codes(priceLine(line(999), 4, context))).toEqual(['person-order.position-not-found-in-resto']);
    expect(priceLine(line(999), 4, context).problems[0]?.line).toBe(4);
    expect(codes(priceLine({ ...line(ROLL), menu: { id: 11 } }, 0, context))).toEqual([
      'person-order.position-not-found-in-resto',
    ]);
    const foreign = priceLine(line(FOREIGN), 0, context);
    expect(codes(foreign)).toEqual(['person-order.position-not-found-in-resto']);
    expect(foreign.line).toMatchObject({ available: false, sum: 0, payableAmount: 0, price: 10_000 });
    expect(priceLine(line(999), 0, context).line.price).toBe(0);
  });

  it('refuses a menu not sold for the method, with the precise text', () => {
    const pickup = priceLine(line(PICKUP_ONLY), 2, context);
    expect(pickup.problems).toEqual([
      {
        code: 'person-order.position-not-found-in-resto',
        messageKey: 'person-order.position-cannot-be-delivered',
        line: 2,
      },
    ]);
    expect(pickup.line).toMatchObject({ available: false, sum: 0, price: 25_000 });
    expect(priceLine(line(PICKUP_ONLY), 0, { ...context, deliveryType: 'TAKE_AWAY' }).problems).toEqual([]);
    const noTakeAway = makePricingCatalog();
    noTakeAway.resto.menus = noTakeAway.resto.menus.map((menu) => ({ ...menu, isTakeAway: false }));
    expect(
      codes(priceLine(line(ROLL), 0, { ...context, catalog: noTakeAway, deliveryType: 'TAKE_AWAY' })),
    ).toEqual(['person-order.position-not-for-take-away']);
  });

  it('refuses an item the position does not offer, or offers under another modifier', () => {
    const unknownItem = priceLine(line(BOWL, 1, { modifiers: [sauce(), topping(7777)] }), 0, context);
    expect(codes(unknownItem)).toEqual(['person-order.modifier-not-found']);
    expect(unknownItem.line.modifiers).toEqual([
      { id: 5001, modifierId: 500, count: 1, price: 0 },
      { id: 7777, modifierId: 600, count: 1, price: 0 },
    ]);
    expect(
      codes(priceLine(line(BOWL, 1, { modifiers: [{ id: 6001, modifierId: 500, count: 1 }] }), 0, context)),
    ).toEqual(['person-order.modifier-not-found', 'person-order.modifier-count-invalid']);
    expect(codes(priceLine(line(ROLL, 1, { modifiers: [sauce()] }), 0, context))).toEqual([
      'person-order.modifier-not-found',
    ]);
  });

  it('refuses a group with too few or too many items, a required one left empty too', () => {
    expect(codes(priceLine(line(BOWL), 0, context))).toEqual(['person-order.modifier-count-invalid']);
    expect(codes(priceLine(line(BOWL, 1, { modifiers: [] }), 0, context))).toEqual([
      'person-order.modifier-count-invalid',
    ]);
    expect(codes(priceLine(line(BOWL, 1, { modifiers: [sauce(5001), sauce(5002)] }), 0, context))).toEqual([
      'person-order.modifier-count-invalid',
    ]);
    // Two entries of the same item merge to a count of 2 in a group of at most one.
    expect(codes(priceLine(line(BOWL, 1, { modifiers: [sauce(), sauce()] }), 0, context))).toEqual([
      'person-order.modifier-count-invalid',
    ]);
    expect(
      codes(
        priceLine(line(BOWL, 1, { modifiers: [sauce(), topping(6001, 2), topping(6002, 2)] }), 0, context),
      ),
    ).toEqual(['person-order.modifier-count-invalid']);
    expect(codes(priceLine(line(BOWL, 1, { modifiers: [sauce(), topping(6001, 3)] }), 0, context))).toEqual(
      [],
    );
  });

  it('refuses a time-slotted dish outside its slot, on the restaurant clock', () => {
    expect(codes(priceLine(line(LUNCH), 0, context))).toEqual([]);
    const evening = Date.parse('2026-11-25T17:00:00+03:00');
    expect(codes(priceLine(line(LUNCH), 0, { ...context, orderAtMs: evening }))).toEqual([
      'person-order.position-not-available-at-time',
    ]);
    // 15:30 in Moscow is 16:30 in Samara: past the slot there.
    const samara = makePricingCatalog();
    samara.resto.timezone = '+04:00';
    const at = Date.parse('2026-11-25T15:30:00+03:00');
    expect(codes(priceLine(line(LUNCH), 0, { ...context, orderAtMs: at }))).toEqual([]);
    expect(codes(priceLine(line(LUNCH), 0, { ...context, catalog: samara, orderAtMs: at }))).toEqual([
      'person-order.position-not-available-at-time',
    ]);
  });
});
