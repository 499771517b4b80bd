import { describe, expect, it } from 'vitest';
import {
  acceptsPaymentMethod,
  allowedPaymentMethods,
  defaultPaymentMethod,
  isMethodOffered,
  PAYMENT_METHODS,
  type PayConfig,
  paymentMethodProblem,
  supportsMethod,
} from './methods.ts';

const flags = { isDelivery: true, isOnline: false, isTable: false, isTakeAway: false };
const off = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: false };

describe('delivery and payment methods (docs/product.md §4)', () => {
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

  it('accepts card upon receipt on either on-receipt setting, cash only on cash (decision 0017)', () => {
    const cashOnly = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true };
    const cardOnly = { cardOnline: null, cardUponReceipt: true, cashUponReceipt: false };
    expect(acceptsPaymentMethod(cashOnly, 'CARD_UPON_RECEIPT')).toBe(true);
    expect(acceptsPaymentMethod(cashOnly, 'CASH_UPON_RECEIPT')).toBe(true);
    expect(acceptsPaymentMethod(cardOnly, 'CARD_UPON_RECEIPT')).toBe(true);
    expect(acceptsPaymentMethod(cardOnly, 'CASH_UPON_RECEIPT')).toBe(false);
    // The offer stays strict: the popup does not offer card upon receipt on a cash-only restaurant.
    expect(allowedPaymentMethods(cashOnly)).toEqual(['CASH_UPON_RECEIPT']);
  });

  it('accepts online card only for a non-empty string', () => {
    expect(acceptsPaymentMethod({ ...off, cardOnline: 'shop' }, 'CARD_ONLINE')).toBe(true);
    expect(acceptsPaymentMethod({ ...off, cardOnline: '' }, 'CARD_ONLINE')).toBe(false);
    expect(acceptsPaymentMethod(off, 'CARD_ONLINE')).toBe(false);
  });

  it('accepts everything it offers', () => {
    for (const cardOnline of [null, '', 'shop']) {
      for (const cardUponReceipt of [false, true]) {
        for (const cashUponReceipt of [false, true]) {
          const options = { cardOnline, cardUponReceipt, cashUponReceipt };
          for (const method of allowedPaymentMethods(options)) {
            expect(acceptsPaymentMethod(options, method)).toBe(true);
          }
        }
      }
    }
  });

  it('names the docs/product.md §8 capability code for each refused method and payment', () => {
    const payConfig: PayConfig = { delivery: off, takeAway: off };
    expect(PAYMENT_METHODS.map((pay) => paymentMethodProblem(payConfig, 'DELIVERY', pay))).toEqual([
      'resto.doesnt-support-delivery-online-pay',
      'resto.doesnt-support-delivery-card-pay',
      'resto.doesnt-support-delivery-cash-pay',
    ]);
    expect(PAYMENT_METHODS.map((pay) => paymentMethodProblem(payConfig, 'TAKE_AWAY', pay))).toEqual([
      'resto.doesnt-support-takeaway-online',
      'resto.doesnt-support-takeaway-card-pay',
      'resto.doesnt-support-takeaway-cash-pay',
    ]);
    const all = { cardOnline: 'shop', cardUponReceipt: true, cashUponReceipt: true };
    expect(
      paymentMethodProblem({ delivery: all, takeAway: off }, 'DELIVERY', 'CASH_UPON_RECEIPT'),
    ).toBeNull();
    expect(paymentMethodProblem({ delivery: off, takeAway: all }, 'DELIVERY', 'CARD_ONLINE')).toBe(
      'resto.doesnt-support-delivery-online-pay',
    );
  });
});
