import {
  BONUS_PROBLEMS,
  CART_PROBLEMS,
  type Minor,
  minor,
  PAYMENT_METHOD_PROBLEMS,
  PROMO_CODE_PROBLEMS,
} from '@storefront/domain';
import { describe, expect, it } from 'vitest';
import { handlingOf, PREFLIGHT_HANDLING, readPreflight } from './preflight-handling.ts';

const problem = (code: string, extra: { line?: number; amountLeft?: Minor } = {}) => ({
  code,
  message: `text of ${code}`,
  ...extra,
});

describe('preflight handling table', () => {
  it('has a row for every code a preflight can report', () => {
    const codes = [
      ...PROMO_CODE_PROBLEMS,
      ...PAYMENT_METHOD_PROBLEMS,
      ...CART_PROBLEMS,
      ...BONUS_PROBLEMS,
    ].sort();
    expect(Object.keys(PREFLIGHT_HANDLING).sort()).toEqual(codes);
  });

  it('shows the minimum order only through the delivery alert, and blocks', () => {
    expect(PREFLIGHT_HANDLING['delivery.order-sum-not-enough.range']).toEqual({
      shows: ['delivery-alert'],
      blocks: true,
    });
    const reading = readPreflight([
      problem('delivery.order-sum-not-enough.range', { amountLeft: minor(10_000) }),
    ]);
    expect(reading.bannerProblems).toEqual([]);
    expect(reading.deliveryAlertProblem?.amountLeft).toBe(10_000);
    expect(reading.blocking).toBe(true);
  });

  it('sends dishes the restaurant lacks to their line and the validation popup, and blocks', () => {
    const reading = readPreflight([problem('person-order.position-not-found-in-resto', { line: 1 })]);
    expect(reading.notFoundLines).toEqual([1]);
    expect(reading.lineProblems.get(1)?.[0]?.code).toBe('person-order.position-not-found-in-resto');
    expect(reading.blocking).toBe(true);
  });

  it.each(['promo-code.invalid-delivery-method', 'promo-code.invalid-delivery-type'])(
    'clears the code and its messages for %s and counts as valid',
    (code) => {
      const reading = readPreflight([problem('promo-code.person-limit-unchecked'), problem(code)]);
      expect(reading.clearPromo).toBe(true);
      expect(reading.promoMessages).toEqual([]);
      expect(reading.promoRefusal).toBeNull();
      expect(reading.blocking).toBe(false);
    },
  );

  it.each([
    'promo-code.not-found',
    'promo-code.not-found-for-resto',
    'promo-code.limit-exceed',
    'promo-code.person-limit-exceed',
    'promo-code.before-start',
    'promo-code.after-finish',
    'promo-code.not-active',
    'promo-code.hour-not-active',
    'promo-code.too-many-attempts',
  ])('drops a code refused with %s, says why under the field, does not block', (code) => {
    const reading = readPreflight([problem(code)]);
    expect(reading.promoRefusal?.code).toBe(code);
    expect(reading.blocking).toBe(false);
    expect(reading.bannerProblems).toEqual([]);
  });

  it('keeps a code whose per-person limit is unchecked and says so under the field', () => {
    const reading = readPreflight([problem('promo-code.person-limit-unchecked')]);
    expect(reading.promoMessages.map((p) => p.code)).toEqual(['promo-code.person-limit-unchecked']);
    expect(reading.promoRefusal).toBeNull();
    expect(reading.blocking).toBe(false);
  });

  it.each([
    'person-order.modifier-not-found',
    'person-order.modifier-count-invalid',
    'person-order.position-not-available-at-time',
  ])('shows %s on its line and blocks', (code) => {
    const reading = readPreflight([problem(code, { line: 0 })]);
    expect(reading.lineProblems.get(0)?.map((p) => p.code)).toEqual([code]);
    expect(reading.bannerProblems).toEqual([]);
    expect(reading.blocking).toBe(true);
  });

  it.each([
    'resto.not-accepting-orders',
    ...PAYMENT_METHOD_PROBLEMS,
    'delivery.address-required',
    'delivery.address-outside-zone',
    'person-order.empty',
    'delivery.order-sum-too-large',
    'person-order.delivery-method-not-supported',
    'person-order.pre-order-too-soon',
  ])('shows %s in the banner and blocks', (code) => {
    const reading = readPreflight([problem(code)]);
    expect(reading.bannerProblems.map((p) => p.code)).toEqual([code]);
    expect(reading.blocking).toBe(true);
  });

  it('treats an unknown code with a message as valid (banner), and an unknown line problem as blocking', () => {
    expect(handlingOf({ code: 'something.new' })).toEqual({ shows: ['banner'], blocks: false });
    expect(handlingOf({ code: 'something.new', line: 2 })).toEqual({ shows: ['line'], blocks: true });
    expect(handlingOf({ code: 'promo-code.min-order-amount' }).blocks).toBe(false);
  });

  it('says a refused spend of points under the points control, and lets the order go on', () => {
    const reading = readPreflight([problem('bonus.more-than-balance'), problem('bonus.over-limit')]);
    expect(reading.bonusProblems.map((p) => p.code)).toEqual(['bonus.more-than-balance', 'bonus.over-limit']);
    expect(reading.bannerProblems).toEqual([]);
    expect(reading.blocking).toBe(false);
    expect(readPreflight([problem('bonus.sign-in-required')]).promoMessages).toEqual([]);
  });
});
