import { describe, expect, it } from 'vitest';
import {
  allowedPaymentMethods,
  defaultPaymentMethod,
  isMethodOffered,
  type PayConfig,
  supportsMethod,
} from './methods.ts';

const flags = { isDelivery: true, isOnline: false, isTable: false, isTakeAway: false };
const off = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: false };

describe('delivery and payment methods (SPEC §4)', () => {
  it('supports a method only when its flag is set, and never an unknown one', () => {
    expect(supportsMethod(flags, 'DELIVERY')).toBe(true);
    expect(supportsMethod(flags, 'TAKE_AWAY')).toBe(false);
    expect(supportsMethod(flags, 'TELEPORT')).toBe(false);
  });

  it('counts online card only for a non-empty string and prefers it', () => {
    expect(allowedPaymentMethods({ cardOnline: '', cardUponReceipt: true, cashUponReceipt: true })).toEqual([
      'CARD_UPON_RECEIPT',
      'CASH_UPON_RECEIPT',
    ]);
    expect(defaultPaymentMethod({ cardOnline: 'shop', cardUponReceipt: true, cashUponReceipt: false })).toBe(
      'CARD_ONLINE',
    );
    expect(defaultPaymentMethod({ cardOnline: null, cardUponReceipt: false, cashUponReceipt: true })).toBe(
      'CASH_UPON_RECEIPT',
    );
    expect(defaultPaymentMethod(off)).toBeNull();
  });

  it('offers a method only with at least one payment option', () => {
    const payConfig: PayConfig = { delivery: off, takeAway: { ...off, cashUponReceipt: true } };
    expect(isMethodOffered({ ...flags, payConfig }, 'DELIVERY')).toBe(false);
    expect(isMethodOffered({ ...flags, isTakeAway: true, payConfig }, 'TAKE_AWAY')).toBe(true);
  });
});
