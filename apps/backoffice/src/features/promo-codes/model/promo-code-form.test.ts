import { minor } from '@storefront/domain';
import type { AdminPromoCode } from '@storefront/domain/contracts';
import { describe, expect, it } from 'vitest';
import { promoCodeBody, promoCodeIssues, promoCodeValues } from './promo-code-form.ts';

const saved: AdminPromoCode = {
  id: 7,
  code: 'AUTUMN15',
  description: { ru: 'Осень', en: 'Autumn' },
  kind: 'fixed',
  value: 29_990,
  maxDiscountAmount: null,
  minOrderAmount: minor(100_000),
  startsAt: '2026-11-30T21:00:00.000Z',
  endsAt: null,
  active: true,
  hours: { from: '22:00', to: '02:00' },
  daysOfWeek: [5, 6],
  deliveryMethods: ['DELIVERY'],
  restoIds: [1],
  totalLimit: null,
  perPersonLimit: 1,
  firstOrderOnly: true,
  campaign: null,
  uses: 3,
  discountGiven: minor(89_970),
  version: 4,
};

describe('the promo code form', () => {
  it('shows money in rubles and dates on the brand’s clock, and sends them back as kopecks and instants', () => {
    const values = promoCodeValues(saved, '+03:00');
    expect(values).toMatchObject({
      value: '299,90',
      minOrder: '1000',
      startsAt: '2026-12-01T00:00',
      endsAt: '',
    });
    expect(promoCodeBody(values, '+03:00')).toMatchObject({
      code: 'AUTUMN15',
      value: 29_990,
      minOrderAmount: 100_000,
      maxDiscountAmount: null,
      startsAt: '2026-12-01T00:00:00+03:00',
      endsAt: null,
      hours: { from: '22:00', to: '02:00' },
      daysOfWeek: [5, 6],
      perPersonLimit: 1,
      totalLimit: null,
      firstOrderOnly: true,
    });
  });

  it('names each wrong field', () => {
    const values = { ...promoCodeValues(null, '+03:00'), code: 'a b', value: '150', maxDiscount: '12,345' };
    expect(promoCodeIssues(values)).toEqual({
      code: 'codeInvalid',
      value: 'percentInvalid',
      maxDiscount: 'moneyInvalid',
    });
    const backwards = {
      ...promoCodeValues(saved, '+03:00'),
      endsAt: '2026-11-01T00:00',
      totalLimit: '0',
    };
    expect(promoCodeIssues(backwards)).toEqual({ endsAt: 'endsBeforeStart', totalLimit: 'limitInvalid' });
    expect(promoCodeIssues(promoCodeValues(saved, '+03:00'))).toEqual({});
  });
});
