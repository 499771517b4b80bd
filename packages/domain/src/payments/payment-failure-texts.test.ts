import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_TEXTS, paymentFailureText } from './payment-failure-texts.ts';
import { METHOD_NOT_ENABLED, PAYMENT_CANCELLATION_REASONS } from './payment-model.ts';

/** YooKassa's reasons and our own one for a method the shop has not enabled (decision 55). */
const REASONS = [...PAYMENT_CANCELLATION_REASONS, METHOD_NOT_ENABLED];

describe('payment failure words', () => {
  it('has Russian and English words for every cancellation reason, and no others', () => {
    expect(Object.keys(PAYMENT_FAILURE_TEXTS).sort()).toEqual([...REASONS].sort());
    for (const reason of REASONS) {
      const text = paymentFailureText(reason);
      expect(text.ru).toMatch(/[а-яё]/i);
      expect(text.en).toMatch(/^[\x20-\x7e]+$/);
      expect(text.en).toMatch(/[a-z]{3}/i);
    }
  });

  it('says something different for each reason', () => {
    const ru = REASONS.map((reason) => paymentFailureText(reason).ru);
    const en = REASONS.map((reason) => paymentFailureText(reason).en);
    expect(new Set(ru).size).toBe(REASONS.length);
    expect(new Set(en).size).toBe(REASONS.length);
  });

  it('reads an unknown or missing reason as the general decline', () => {
    const general = paymentFailureText('general_decline');
    expect(general).not.toEqual(paymentFailureText('insufficient_funds'));
    for (const reason of ['new_reason_2027', '', null, undefined, 'toString', '__proto__'])
      expect(paymentFailureText(reason)).toEqual(general);
  });
});
