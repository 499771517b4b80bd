import { describe, expect, it } from 'vitest';
import { DECLINE_REASON_TEXTS } from './decline-reason-texts.ts';
import { DECLINE_REASONS, declineReasonsFor } from './staff-model.ts';

describe('decline reasons by method', () => {
  it('offers every reason for a delivery', () => {
    expect(declineReasonsFor('DELIVERY')).toEqual(DECLINE_REASONS);
  });

  it('never offers a take-away order the courier’s reason', () => {
    expect(declineReasonsFor('TAKE_AWAY')).not.toContain('address-unreachable');
    expect(declineReasonsFor('TAKE_AWAY')).toEqual(
      DECLINE_REASONS.filter((r) => r !== 'address-unreachable'),
    );
    for (const reason of declineReasonsFor('TAKE_AWAY')) {
      expect(DECLINE_REASON_TEXTS[reason].ru).not.toMatch(/курьер/i);
    }
  });
});
