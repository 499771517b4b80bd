import { DEMO_BONUS_PROGRAM, type Minor } from '@storefront/domain';
import type { BonusProgramBody } from '@storefront/domain/contracts';
import { describe, expect, it } from 'vitest';
import {
  bonusFieldOf,
  bonusProgramBody,
  bonusProgramIssues,
  bonusProgramValues,
} from './bonus-program-form.ts';

const tiered: BonusProgramBody = {
  ...DEMO_BONUS_PROGRAM,
  welcomeBonus: 30_000 as Minor,
  tiers: {
    periodDays: 180,
    levels: [
      { fromPaid: 0 as Minor, earnPercent: 3 },
      { fromPaid: 1_500_000 as Minor, earnPercent: 5 },
    ],
  },
};

describe('the bonus program form', () => {
  it('turns the program into the fields and back unchanged, with or without tiers', () => {
    expect(bonusProgramBody(bonusProgramValues(DEMO_BONUS_PROGRAM))).toEqual(DEMO_BONUS_PROGRAM);
    expect(bonusProgramBody(bonusProgramValues(tiered))).toEqual(tiered);
    expect(bonusProgramValues(tiered).welcomeBonus).toBe('300');
    expect(bonusProgramValues(tiered).levels[1]).toEqual({ fromPaid: '15000', earnPercent: '5' });
  });

  it('checks the contract’s edges: 0 and 100 %, 1 and 3650 days, tiers from 0 and rising', () => {
    const values = bonusProgramValues(tiered);
    expect(bonusProgramIssues(values)).toEqual({});
    expect(
      bonusProgramIssues({ ...values, earnPercent: '100', spendMaxPercent: '0', expiryDays: '3650' }),
    ).toEqual({});
    expect(
      bonusProgramIssues({
        ...values,
        earnPercent: '101',
        expiryDays: '0',
        welcomeBonus: '1.5',
        timezone: '3',
      }),
    ).toEqual({ earnPercent: 'percent', expiryDays: 'expiry', welcomeBonus: 'points', timezone: 'timezone' });
    expect(
      bonusProgramIssues({
        ...values,
        periodDays: '731',
        levels: [
          { fromPaid: '100', earnPercent: '3' },
          { fromPaid: '100', earnPercent: '-1' },
        ],
      }),
    ).toEqual({
      periodDays: 'period',
      'levels.0.fromPaid': 'firstFromZero',
      'levels.1.fromPaid': 'ascending',
      'levels.1.earnPercent': 'percent',
    });
    // Tiers switched off: their rows are not checked (nor sent).
    expect(bonusProgramIssues({ ...values, tiersOn: false, periodDays: 'x' })).toEqual({});
  });

  it('puts the API’s paths on the form’s fields', () => {
    expect(bonusFieldOf('tiers.levels.2.earnPercent')).toBe('levels.2.earnPercent');
    expect(bonusFieldOf('tiers.periodDays')).toBe('periodDays');
    expect(bonusFieldOf('tiers.levels')).toBe('levels');
    expect(bonusFieldOf('welcomeBonus')).toBe('welcomeBonus');
    expect(bonusFieldOf('nonsense')).toBeNull();
  });
});
