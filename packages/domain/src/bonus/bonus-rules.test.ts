import { describe, expect, it } from 'vitest';
import { type Minor, minor } from '../money/money.ts';
import { BONUS_PROGRAM_OFF, type BonusProgram, DEMO_BONUS_PROGRAM } from './bonus-program.ts';
import {
  bonusEarn,
  bonusExpiryAt,
  earnPercentFor,
  judgeBonusSpend,
  refundPoints,
  spendLimit,
  wholePoints,
} from './bonus-rules.ts';

const m = (value: number) => value as Minor;
const TIERED: BonusProgram = {
  ...DEMO_BONUS_PROGRAM,
  tiers: {
    periodDays: 90,
    levels: [
      { fromPaid: m(0), earnPercent: 3 },
      { fromPaid: m(10_000_00), earnPercent: 7 },
      { fromPaid: m(30_000_00), earnPercent: 10 },
    ],
  },
};

describe('wholePoints', () => {
  it('rounds down to a multiple of 100', () => {
    expect(wholePoints(0)).toBe(0);
    expect(wholePoints(199)).toBe(100);
    expect(wholePoints(1_000)).toBe(1_000);
  });
});

describe('spendLimit', () => {
  it('is the program’s share of the dishes, whole points, no more than the balance', () => {
    expect(
      spendLimit(DEMO_BONUS_PROGRAM, { dishesSum: m(1_234_50), hasPromoCode: false, balance: m(1_000_00) }),
    ).toBe(246_00);
    expect(
      spendLimit(DEMO_BONUS_PROGRAM, { dishesSum: m(1_234_50), hasPromoCode: false, balance: m(100_00) }),
    ).toBe(100_00);
  });
  it('is 0 when off, with a promo code the program does not mix, or with no balance', () => {
    expect(
      spendLimit(BONUS_PROGRAM_OFF, { dishesSum: m(1_000_00), hasPromoCode: false, balance: m(500_00) }),
    ).toBe(0);
    expect(
      spendLimit(DEMO_BONUS_PROGRAM, { dishesSum: m(1_000_00), hasPromoCode: true, balance: m(500_00) }),
    ).toBe(0);
    expect(
      spendLimit(
        { ...DEMO_BONUS_PROGRAM, promoCodeOrdersSpend: true },
        { dishesSum: m(1_000_00), hasPromoCode: true, balance: m(500_00) },
      ),
    ).toBe(200_00);
    expect(
      spendLimit(DEMO_BONUS_PROGRAM, { dishesSum: m(1_000_00), hasPromoCode: false, balance: m(0) }),
    ).toBe(0);
  });
});

describe('judgeBonusSpend', () => {
  const ask = {
    requested: m(100_00),
    dishesSum: m(1_000_00),
    hasPromoCode: false,
    balance: m(500_00) as Minor | null,
  };
  it('allows a whole spend within the limit and the balance', () => {
    expect(judgeBonusSpend(DEMO_BONUS_PROGRAM, ask)).toEqual({ spent: 100_00, limit: 200_00, problem: null });
    expect(judgeBonusSpend(DEMO_BONUS_PROGRAM, { ...ask, requested: m(200_00) }).spent).toBe(200_00);
  });
  it('names each refusal and spends nothing', () => {
    const problem = (program: BonusProgram, change: Partial<typeof ask>) =>
      judgeBonusSpend(program, { ...ask, ...change });
    expect(problem(DEMO_BONUS_PROGRAM, { balance: null })).toEqual({
      spent: 0,
      limit: 0,
      problem: 'bonus.sign-in-required',
    });
    expect(problem(DEMO_BONUS_PROGRAM, { balance: null, requested: m(0) }).problem).toBeNull();
    expect(problem(BONUS_PROGRAM_OFF, {}).problem).toBe('bonus.program-off');
    expect(problem(DEMO_BONUS_PROGRAM, { requested: m(150) }).problem).toBe('bonus.not-whole');
    expect(problem(DEMO_BONUS_PROGRAM, { hasPromoCode: true }).problem).toBe('bonus.not-with-promo-code');
    expect(problem(DEMO_BONUS_PROGRAM, { balance: m(50_00) }).problem).toBe('bonus.more-than-balance');
    expect(problem(DEMO_BONUS_PROGRAM, { requested: m(300_00) })).toEqual({
      spent: 0,
      limit: 200_00,
      problem: 'bonus.over-limit',
    });
  });
  it('asking nothing is no problem and tells the limit', () => {
    expect(judgeBonusSpend(DEMO_BONUS_PROGRAM, { ...ask, requested: m(0) })).toEqual({
      spent: 0,
      limit: 200_00,
      problem: null,
    });
  });
});

describe('earnPercentFor', () => {
  it('is the program’s percent without tiers and 0 when off', () => {
    expect(earnPercentFor(DEMO_BONUS_PROGRAM, m(99_999_00))).toBe(5);
    expect(earnPercentFor(BONUS_PROGRAM_OFF, m(0))).toBe(0);
  });
  it('is the highest level reached, a level applying from exactly its fromPaid', () => {
    expect(earnPercentFor(TIERED, m(0))).toBe(3);
    expect(earnPercentFor(TIERED, m(10_000_00 - 1))).toBe(3);
    expect(earnPercentFor(TIERED, m(10_000_00))).toBe(7);
    expect(earnPercentFor(TIERED, m(30_000_00))).toBe(10);
  });
});

describe('bonusEarn', () => {
  const order = {
    dishesSum: m(1_000_00),
    promoDiscount: m(0),
    bonusSpent: m(0),
    hasPromoCode: false,
    earnPercent: 5,
  };
  it('is the percent of the dishes paid in money, down to whole points', () => {
    expect(bonusEarn(DEMO_BONUS_PROGRAM, order)).toBe(50_00);
    expect(bonusEarn(DEMO_BONUS_PROGRAM, { ...order, bonusSpent: m(200_00) })).toBe(40_00);
    expect(bonusEarn(DEMO_BONUS_PROGRAM, { ...order, dishesSum: m(1_039_00) })).toBe(51_00);
  });
  it('is nothing when off or with a promo code the program does not reward', () => {
    expect(bonusEarn(BONUS_PROGRAM_OFF, order)).toBe(0);
    expect(bonusEarn(DEMO_BONUS_PROGRAM, { ...order, hasPromoCode: true, promoDiscount: m(100_00) })).toBe(0);
    expect(
      bonusEarn(
        { ...DEMO_BONUS_PROGRAM, promoCodeOrdersEarn: true },
        { ...order, hasPromoCode: true, promoDiscount: m(100_00) },
      ),
    ).toBe(45_00);
  });
});

describe('bonusExpiryAt', () => {
  it('is the brand’s midnight ending the expiryDays-th day after the credit (+03:00)', () => {
    // 2026-03-01 23:30 in Moscow is 20:30 UTC: the local day is the 1st, gone at 2026-03-03 00:00 MSK with 1 day.
    const at = Date.UTC(2026, 2, 1, 20, 30);
    expect(new Date(bonusExpiryAt({ expiryDays: 1, timezone: '+03:00' }, at)).toISOString()).toBe(
      '2026-03-02T21:00:00.000Z',
    );
    // Half an hour later it is the 2nd in Moscow: a day later.
    expect(new Date(bonusExpiryAt({ expiryDays: 1, timezone: '+03:00' }, at + 3_600_000)).toISOString()).toBe(
      '2026-03-03T21:00:00.000Z',
    );
  });
  it('follows the brand’s offset (+05:00) and the program’s days', () => {
    const at = Date.UTC(2026, 0, 1, 12, 0);
    expect(new Date(bonusExpiryAt({ expiryDays: 180, timezone: '+05:00' }, at)).toISOString()).toBe(
      '2026-06-30T19:00:00.000Z',
    );
    expect(
      new Date(
        bonusExpiryAt({ expiryDays: 7, timezone: '+05:00' }, Date.UTC(2026, 0, 1, 19, 0)),
      ).toISOString(),
    ).toBe('2026-01-09T19:00:00.000Z');
  });
});

describe('refundPoints', () => {
  const order = {
    paid: m(1_000_00),
    spent: m(200_00),
    earned: m(40_00),
    refundedBefore: m(0),
    refundedNow: m(0),
  };
  it('a whole refund moves all the points', () => {
    expect(refundPoints({ ...order, refundedNow: m(1_000_00) })).toEqual({
      returnSpent: 200_00,
      clawEarned: 40_00,
    });
  });
  it('partial refunds add up exactly to the whole', () => {
    const parts = [m(333_33), m(333_33), m(1), m(333_33)];
    let before = 0;
    let returned = 0;
    let clawed = 0;
    for (const part of parts) {
      const step = refundPoints({ ...order, refundedBefore: m(before), refundedNow: part });
      expect(step.returnSpent % 100).toBe(0);
      expect(step.clawEarned % 100).toBe(0);
      returned += step.returnSpent;
      clawed += step.clawEarned;
      before += part;
    }
    expect(before).toBe(1_000_00);
    expect({ returned, clawed }).toEqual({ returned: 200_00, clawed: 40_00 });
  });
  it('a half refund moves half, in whole points', () => {
    expect(refundPoints({ ...order, earned: m(45_00), refundedNow: m(500_00) })).toEqual({
      returnSpent: 100_00,
      clawEarned: 22_00,
    });
  });
  it('nothing when nothing was paid', () => {
    expect(refundPoints({ ...order, paid: minor(0), refundedNow: m(0) })).toEqual({
      returnSpent: 0,
      clawEarned: 0,
    });
  });
});
