import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_BONUS_PROGRAM } from '../bonus/bonus-program.ts';
import { minor } from '../money/money.ts';
import { priceCart } from '../preflight/price-cart.ts';
import {
  BOWL,
  line as cartLine,
  INSIDE_ZONE,
  makePricingCatalog,
  makePricingRequest,
  ROLL,
  WEDNESDAY_LUNCH_MS,
} from '../testing/pricing-fixtures.ts';
import type { PaymentReceipt, ReceiptSource } from './payment-model.ts';
import { buildPaymentReceipt, scaleReceipt } from './payment-receipt.ts';

/** Σ quantity × unit price of a receipt: what the provider checks against the payment's amount. */
const receiptTotal = (receipt: PaymentReceipt) =>
  receipt.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);

const source = (overrides: Partial<ReceiptSource> = {}): ReceiptSource => ({
  lines: [],
  deliveryPrice: minor(0),
  deliveryName: 'Доставка',
  email: 'guest@example.com',
  phone: '+79123456789',
  vatCode: 1,
  ...overrides,
});

const line = fc.record({
  name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
  count: fc.integer({ min: 1, max: 20 }),
  payableAmount: fc.integer({ min: 0, max: 1_000_000 }).map(minor),
});

/** A high surrogate not followed by a low one, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('the 54-FZ receipt of an order', () => {
  it('adds up to the payable plus delivery exactly, with whole positive quantities and prices', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }).map(minor),
        fc.constantFrom('full_prepayment' as const, 'full_payment' as const),
        fc.constantFrom(1 as const, 4 as const, 6 as const),
        (lines, deliveryPrice, mode, vatCode) => {
          const receipt = buildPaymentReceipt(source({ lines, deliveryPrice, vatCode }), mode);
          const payable = lines.reduce((sum, each) => sum + each.payableAmount, 0);
          expect(receiptTotal(receipt)).toBe(payable + deliveryPrice);
          for (const item of receipt.items) {
            expect(Number.isInteger(item.quantity) && item.quantity > 0).toBe(true);
            expect(Number.isInteger(item.unitPrice) && item.unitPrice > 0).toBe(true);
            expect(item.description.length).toBeGreaterThan(0);
            expect(item.description.length).toBeLessThanOrEqual(128);
            expect(item.description).not.toMatch(LONE_SURROGATE);
            expect(item.paymentMode).toBe(mode);
            expect(item.vatCode).toBe(vatCode);
          }
          const services = receipt.items.filter((item) => item.paymentSubject === 'service');
          if (deliveryPrice > 0)
            expect(services).toEqual([
              {
                description: 'Доставка',
                quantity: 1,
                unitPrice: deliveryPrice,
                vatCode,
                paymentSubject: 'service',
                paymentMode: mode,
              },
            ]);
          else expect(services).toEqual([]);
          // Every dish is on the receipt unless a discount left it at zero: a line that pays at least a
          // kopeck a dish shows all of them, and no line shows more dishes than it has.
          const counted = receipt.items
            .filter((item) => item.paymentSubject === 'commodity')
            .reduce((sum, item) => sum + item.quantity, 0);
          const sumCounts = (chosen: typeof lines) => chosen.reduce((sum, each) => sum + each.count, 0);
          expect(counted).toBeLessThanOrEqual(sumCounts(lines));
          expect(counted).toBeGreaterThanOrEqual(
            sumCounts(lines.filter((each) => each.payableAmount >= each.count)),
          );
        },
      ),
    );
  });

  it('spreads a payable that does not divide by the count over two prices a kopeck apart', () => {
    const receipt = buildPaymentReceipt(
      source({ lines: [{ name: 'Филадельфия', count: 3, payableAmount: minor(100) }] }),
    );
    expect(receipt.items.map(({ quantity, unitPrice }) => ({ quantity, unitPrice }))).toEqual([
      { quantity: 2, unitPrice: 33 },
      { quantity: 1, unitPrice: 34 },
    ]);
  });

  it('leaves out what a discount made free, and the zero-priced part of a split', () => {
    const receipt = buildPaymentReceipt(
      source({
        lines: [
          { name: 'Мисо-суп в подарок', count: 1, payableAmount: minor(0) },
          { name: 'Имбирь', count: 3, payableAmount: minor(2) },
          { name: 'Калифорния', count: 1, payableAmount: minor(39000) },
        ],
      }),
    );
    expect(
      receipt.items.map(({ description, quantity, unitPrice }) => [description, quantity, unitPrice]),
    ).toEqual([
      ['Имбирь', 2, 1],
      ['Калифорния', 1, 39000],
    ]);
    expect(receiptTotal(receipt)).toBe(39002);
  });

  it('shows points as a discount spread over the items, adding up to what is paid in money (decision 55)', () => {
    // 3 rolls + a bowl with its two modifiers = 1760 ₽, delivery 200 ₽ by the zone's band; 351 ₽ in points.
    const bowl = cartLine(BOWL, 1, {
      modifiers: [
        { id: 5002, modifierId: 500, count: 1 },
        { id: 6001, modifierId: 600, count: 1 },
      ],
    });
    const cart = priceCart(makePricingCatalog(), {
      request: makePricingRequest({
        positions: [cartLine(ROLL, 3), bowl],
        location: INSIDE_ZONE,
        bonusToSpend: minor(35_100),
      }),
      promo: { kind: 'none' },
      nowMs: WEDNESDAY_LUNCH_MS,
      bonus: { program: DEMO_BONUS_PROGRAM, balance: minor(100_000), earnPercent: 5 },
    });
    expect(cart.problems).toEqual([]);
    expect(cart.bonus?.spent).toBe(35_100);
    const receipt = buildPaymentReceipt(
      source({
        lines: cart.lines.map((priced) => ({
          name: String(priced.id),
          count: priced.count,
          payableAmount: priced.payableAmount,
        })),
        deliveryPrice: cart.deliveryPrice,
      }),
    );
    expect(receiptTotal(receipt)).toBe(cart.payable);
    expect(cart.payable).toBe(176_000 - 35_100 + cart.deliveryPrice);
    // The rolls' share of the points does not divide by 3: two prices a kopeck apart, 3 items in all.
    const rolls = receipt.items.filter((item) => item.description === String(ROLL));
    expect(rolls.map((item) => item.quantity).reduce((a, b) => a + b, 0)).toBe(3);
    expect(rolls.map((item) => [item.quantity, item.unitPrice])).toEqual([
      [1, 28_019],
      [2, 28_020],
    ]);
  });

  it('cuts long names to 128 characters with an ellipsis, never inside a surrogate pair', () => {
    const long = buildPaymentReceipt(
      source({ lines: [{ name: 'я'.repeat(300), count: 1, payableAmount: minor(1) }] }),
    );
    expect(long.items[0]?.description).toBe(`${'я'.repeat(127)}…`);
    const emoji = buildPaymentReceipt(
      source({ lines: [{ name: `${'a'.repeat(126)}🍣🍣`, count: 1, payableAmount: minor(1) }] }),
    );
    expect(emoji.items[0]?.description).toBe(`${'a'.repeat(126)}…`);
  });

  it('keeps the customer as given and bills no delivery when it is free', () => {
    const receipt = buildPaymentReceipt(
      source({ email: null, lines: [{ name: 'Сет', count: 1, payableAmount: minor(159000) }] }),
    );
    expect(receipt.customer).toEqual({ email: null, phone: '+79123456789' });
    expect(receipt.items.every((item) => item.paymentSubject === 'commodity')).toBe(true);
    expect(receipt.items[0]?.paymentMode).toBe('full_prepayment');
  });
});

describe('scaleReceipt: a part of a payment refunded', () => {
  const item = (quantity: number, unitPrice: number, service = false) => ({
    description: service ? 'Доставка' : 'Ролл',
    quantity,
    unitPrice: minor(unitPrice),
    vatCode: 1 as const,
    paymentSubject: service ? ('service' as const) : ('commodity' as const),
    paymentMode: 'full_prepayment' as const,
  });
  const receipt = {
    customer: { email: 'a@example.com', phone: null },
    items: [item(3, 33_333), item(1, 15_000, true)],
  };
  const total = (r: PaymentReceipt) => r.items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0);

  it('adds up to the refunded amount exactly, each item keeping its kind', () => {
    for (const amount of [1, 99, 10_000, 57_777, 114_998]) {
      const scaled = scaleReceipt(receipt, minor(amount));
      expect(total(scaled)).toBe(amount);
      expect(scaled.items.every((i) => i.unitPrice > 0 && i.quantity > 0)).toBe(true);
    }
    expect(scaleReceipt(receipt, minor(57_500)).items.map((i) => i.paymentSubject)).toContain('service');
  });

  it('answers the whole receipt for the whole amount', () => {
    expect(scaleReceipt(receipt, minor(114_999))).toBe(receipt);
  });
});
