import { DEMO_BONUS_PROGRAM, minor } from '@storefront/domain';
import type { PlaceOrderRequest } from '@storefront/domain/contracts';
import {
  foundPromo,
  line,
  makePricingCatalog,
  makePricingRequest,
  ROLL,
  WEDNESDAY_LUNCH_MS,
} from '@storefront/domain/testing';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api-error.ts';
import type { PaymentsSettings } from '../../integrations/payments/payment-gateway.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { verifyQuote } from '../preflight/index.ts';
import {
  decideCart,
  decideClaim,
  decideRequest,
  type LockedFacts,
  OrderRefusal,
  orderRows,
  type PlacementInput,
  type PlacementSettings,
  promoLimitRefusal,
} from './placement-decision.ts';

/**
 * The decisions of a placement without a database: each step's facts in, its decision out. What the
 * transaction does with them (locks, guard, rows) is place-order.test.ts's, against PostgreSQL.
 */

const settings: PlacementSettings = {
  quoteKey: { secret: Buffer.alloc(32, 7), whiteLabel: 'demo' },
  whiteLabel: 'demo',
  preOrderEnabled: true,
  promoCodesEnabled: true,
  slotMinutes: 15,
  payments: { settings: { unpaidCancelMinutes: 60 } as PaymentsSettings, brandLocale: 'ru' },
};

/** Only what deciding reads of a snapshot: the brand's menus (names, tags), restaurants, modifier names. */
const snapshot = {
  menus: new Map(),
  restos: new Map(),
  modifiersByPosition: new Map(),
} as unknown as CatalogSnapshot;

function input(overrides: Partial<PlaceOrderRequest> = {}, key: string | null = 'key-0001'): PlacementInput {
  return {
    personId: 7,
    key: key ?? undefined,
    body: {
      ...makePricingRequest({ payType: 'CARD_UPON_RECEIPT' }),
      quote: 'q1.none',
      person: { name: ' Анна ', phone: '+7 912 345-67-89', email: null },
      personCount: 1,
      ...overrides,
    },
    snapshot,
    nowMs: WEDNESDAY_LUNCH_MS,
    locale: 'ru',
  };
}

const open: LockedFacts = { promo: { kind: 'none' }, availability: { stopList: null, busyUntilMs: null } };

/** The quote a preflight of this cart signed a moment ago: the 409's answer carries it. */
function quoteFor(at: PlacementInput, facts = open) {
  const decided = decideCart(settings, at, makePricingCatalog(), null, facts);
  if (decided.ok || !(decided.refusal instanceof OrderRefusal)) throw new Error('expected a refusal');
  const token = decided.refusal.preflight?.quote ?? '';
  const check = verifyQuote(settings.quoteKey, token, at.nowMs);
  if (!check.ok) throw new Error(check.reason);
  return check.quote;
}

describe("the key's claim", () => {
  it('places on a fresh claim, answers the bound order on a replay, refuses a reuse and a request in flight', () => {
    expect(decideClaim({ kind: 'claimed' })).toEqual({ ok: true, value: 'place' });
    expect(decideClaim({ kind: 'replay', orderId: 42 })).toEqual({ ok: true, value: { replayOf: 42 } });
    const reused = decideClaim({ kind: 'reused' });
    expect(!reused.ok && reused.refusal).toMatchObject({ status: 422, code: 'idempotency.key-reused' });
    const running = decideClaim({ kind: 'in-progress', retryAfterS: 12 });
    expect(!running.ok && running.refusal).toBeInstanceOf(ApiError);
    expect(!running.ok && running.refusal).toMatchObject({
      status: 409,
      code: 'idempotency.in-progress',
      headers: { 'retry-after': '12' },
    });
  });
});

describe('the request alone', () => {
  it('refuses a placement without a key before anything else', () => {
    const decided = decideRequest(settings, input({ person: { name: '', phone: '', email: null } }, null));
    expect(!decided.ok && decided.refusal).toMatchObject({ status: 400, code: 'idempotency.key-required' });
  });

  it('names every wrong contact field at once; an online payment needs an e-mail', () => {
    const decided = decideRequest(
      settings,
      input({ payType: 'CARD_ONLINE', person: { name: '', phone: '12', email: null } }),
    );
    if (decided.ok || !(decided.refusal instanceof OrderRefusal)) throw new Error('expected a refusal');
    expect(decided.refusal.status).toBe(400);
    expect(decided.refusal.errors.map((e) => e.field)).toEqual([
      'person.name',
      'person.phone',
      'person.email',
    ]);
  });
});

describe('the cart at the quoted price', () => {
  it('accepts the cart its quote priced, and refuses another price with 409 and the new preflight', () => {
    const at = input();
    const accepted = decideCart(settings, at, makePricingCatalog(), quoteFor(at), open);
    // Two rolls of 350 ₽ and 200 ₽ of delivery.
    expect(accepted.ok && accepted.value.cart.payable).toBe(90_000);

    const more = input({ positions: [line(ROLL, 3)] });
    const changed = decideCart(settings, more, makePricingCatalog(), quoteFor(at), open);
    if (changed.ok || !(changed.refusal instanceof OrderRefusal)) throw new Error('expected a refusal');
    expect(changed.refusal.status).toBe(409);
    expect(changed.refusal.errors[0]?.code).toBe('order.price-changed');
    expect(changed.refusal.preflight?.payable).toBe(125_000);
  });

  it('refuses a dish the stop-list holds now with 422, even when the quote priced it', () => {
    const at = input();
    const quote = quoteFor(at);
    const stopped: LockedFacts = {
      ...open,
      availability: {
        stopList: { dayStartMs: Date.parse('2026-11-25T00:00:00+03:00'), positionIds: new Set([ROLL]) },
        busyUntilMs: null,
      },
    };
    const decided = decideCart(settings, at, makePricingCatalog(), quote, stopped);
    if (decided.ok || !(decided.refusal instanceof OrderRefusal)) throw new Error('expected a refusal');
    expect(decided.refusal.status).toBe(422);
    expect(decided.refusal.preflight?.problems.length).toBeGreaterThan(0);
  });

  it("answers a promo code's spent limit with 422 on the field and the cart's preflight", () => {
    const facts: LockedFacts = { ...open, promo: foundPromo() };
    const at = input({ promoCode: 'SUSHI10' });
    const decided = decideCart(settings, at, makePricingCatalog(), quoteFor(at, facts), facts);
    if (!decided.ok) throw decided.refusal;
    const refusal = promoLimitRefusal(decided.value, 'en');
    expect(refusal).toMatchObject({
      status: 422,
      errors: [{ code: 'promo-code.limit-exceed', field: 'promoCode' }],
    });
    expect(refusal.preflight?.payable).toBe(decided.value.cart.payable);
  });
});

describe('points at the quoted price (decision 55)', () => {
  const withPoints = (balance: number): LockedFacts => ({
    ...open,
    bonus: { program: DEMO_BONUS_PROGRAM, balance: minor(balance), earnPercent: 5 },
  });

  it('accepts the points its quote spent and writes them on the order and its lines', () => {
    const at = input({ bonusToSpend: minor(14_000) });
    const decided = decideCart(
      settings,
      at,
      makePricingCatalog(),
      quoteFor(at, withPoints(50_000)),
      withPoints(50_000),
    );
    if (!decided.ok) throw decided.refusal;
    const rows = orderRows(settings, at, makePricingCatalog(), decided.value, {
      orderCode: null,
      takeAwayMinutes: 20,
      name: { ru: 'Ресторан' },
    });
    // 700 ₽ of rolls − 140 ₽ in points + 200 ₽ delivery; earns 5 % of 560 ₽.
    expect(rows.order).toMatchObject({ payable: 76_000, bonusSpent: 14_000, bonusEarn: 2_800, discount: 0 });
    expect(rows.lines.map((l) => [l.discount, l.bonusDiscount, l.payableAmount])).toEqual([
      [0, 14_000, 56_000],
    ]);
  });

  it('refuses a quote that spent other points with 409, and a balance that fell with 422 and the preflight', () => {
    const quoted = quoteFor(input({ bonusToSpend: minor(10_000) }), withPoints(50_000));
    const other = decideCart(
      settings,
      input({ bonusToSpend: minor(14_000) }),
      makePricingCatalog(),
      quoted,
      withPoints(50_000),
    );
    if (other.ok || !(other.refusal instanceof OrderRefusal)) throw new Error('expected a refusal');
    expect(other.refusal.status).toBe(409);

    const at = input({ bonusToSpend: minor(10_000) });
    const fell = decideCart(settings, at, makePricingCatalog(), quoted, withPoints(5_000));
    if (fell.ok || !(fell.refusal instanceof OrderRefusal)) throw new Error('expected a refusal');
    expect(fell.refusal.status).toBe(422);
    expect(fell.refusal.errors.map((e) => e.code)).toEqual(['bonus.more-than-balance']);
    expect(fell.refusal.preflight?.bonus).toMatchObject({ balance: 5_000, spendable: 5_000, spent: 0 });
  });
});

describe("the order's rows", () => {
  it('promises a delivery by its zone band, trims the contacts and numbers the lines', () => {
    const at = input({
      comment: '  ',
      deliveryPlace: { apartment: '5', entrance: null, floor: null, intercom: null, comment: null },
    });
    const decided = decideCart(settings, at, makePricingCatalog(), quoteFor(at), open);
    if (!decided.ok) throw decided.refusal;
    const rows = orderRows(settings, at, makePricingCatalog(), decided.value, {
      orderCode: null,
      takeAwayMinutes: 20,
      name: { ru: 'Ресторан' },
    });
    expect(rows.order).toMatchObject({
      status: 'new',
      paymentStatus: 'not_required',
      paymentAttempt: 0,
      payUntil: null,
      personName: 'Анна',
      personPhone: '+79123456789',
      comment: null,
      address: 'ул. Баумана, 44',
      place: { apartment: '5', entrance: null, floor: null, intercom: null, comment: null },
      promisedAt: new Date(WEDNESDAY_LUNCH_MS + 60 * 60_000),
      localDate: '2026-11-25',
    });
    expect(rows.lines.map((l) => [l.lineNo, l.positionId, l.count])).toEqual([[0, ROLL, 2]]);
    expect(rows.numbering).toEqual({ day: '2026-11-25', code: '1' });
    expect(rows.attempt).toBeNull();
  });
});
