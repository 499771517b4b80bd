import {
  ERROR_MESSAGES,
  EXTENDED_COOKING_MINUTES,
  EXTENDED_COOKING_TAG,
  type FreeCondiment,
  isPreOrderSlot,
  type Locale,
  type LocalizedText,
  minor,
  normalizePhone,
  type OnlinePayMethod,
  orderContactIssues,
  type PayEngine,
  type PricedCart,
  type PricingCatalog,
  type PricingInput,
  type PromoLookup,
  parseTimezoneOffset,
  paymentOptionsFor,
  pickText,
  priceCart,
} from '@storefront/domain';
import type { PlaceOrderRequest, Position, PreflightResponse } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { orderLines, orders } from '../../db/schema.ts';
import type { PaymentsSettings } from '../../integrations/payments/payment-gateway.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import {
  preflightAnswer,
  pricingCatalogFor,
  type Quote,
  type QuoteKey,
  quoteOf,
  signQuote,
  verifyQuote,
} from '../preflight/index.ts';
import type { Claim } from './idempotency.ts';

/**
 * Deciding a placement (decision 36): pure functions from what is known at each step of place-order.ts to
 * what happens next. They read no database and write nothing; the facts they need (the key's claim, the
 * promo code's counts, the stop-list, the restaurant's row) are read by placement-writing.ts and passed in.
 * A refusal is returned, not thrown, so the caller decides when it ends the transaction.
 */

/** What placement is configured with: the brand's rules and the online payment's settings. */
export interface PlacementSettings {
  quoteKey: QuoteKey;
  whiteLabel: string;
  preOrderEnabled: boolean;
  promoCodesEnabled: boolean;
  /** The brand's free condiments by persons as served now (decision 56); absent: none. */
  freeCondiments?: readonly FreeCondiment[];
  slotMinutes: number;
  /** Online payment: the attempt row written with a CARD_ONLINE order (modules/payments). */
  payments: { settings: PaymentsSettings; brandLocale: Locale };
}

export interface PlacementInput {
  personId: number;
  key: string | undefined;
  body: PlaceOrderRequest;
  snapshot: CatalogSnapshot;
  nowMs: number;
  locale: Locale;
}

type ErrorItem = { code: string; message: string; field?: string };

/** A refusal whose body carries more than ApiError can: every problem, and the new preflight. */
export class OrderRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorItem[],
    readonly preflight?: PreflightResponse,
    /** More of the body (409 order.slot-full: nextFreeSlotAt). */
    readonly more: Record<string, unknown> = {},
  ) {
    super(errors[0]?.code ?? 'order.refused');
  }
}

/** Go on with a value, or refuse: nothing is written, and the key is given back. */
export type Decision<T> = { ok: true; value: T } | { ok: false; refusal: ApiError | OrderRefusal };

const go = <T>(value: T): Decision<T> => ({ ok: true, value });
const refuse = (refusal: ApiError | OrderRefusal): Decision<never> => ({ ok: false, refusal });

const CONTACT_FIELDS = {
  name: 'person.name',
  phone: 'person.phone',
  email: 'person.email',
  comment: 'comment',
};

const message = (code: keyof typeof ERROR_MESSAGES, locale: Locale) => pickText(ERROR_MESSAGES[code], locale);

/** Step 1: what can be judged from the request alone: the key, contacts, address, restaurant, quote. */
export function decideRequest(
  settings: PlacementSettings,
  input: PlacementInput,
): Decision<{ key: string; pricing: PricingCatalog; quote: Quote | null }> {
  const { body, locale } = input;
  if (!input.key) return refuse(new ApiError(400, 'idempotency.key-required', 'Idempotency-Key'));
  const issues = orderContactIssues(
    { name: body.person.name, phone: body.person.phone, email: body.person.email, comment: body.comment },
    { emailRequired: body.payType === 'CARD_ONLINE' },
  );
  const contactErrors = (Object.keys(CONTACT_FIELDS) as (keyof typeof CONTACT_FIELDS)[]).flatMap((field) => {
    const code = issues[field];
    return code ? [{ code, message: message(code, locale), field: CONTACT_FIELDS[field] }] : [];
  });
  if (contactErrors.length > 0) return refuse(new OrderRefusal(400, contactErrors));
  // The point is what a courier needs; a map point without a street ('Точка на карте') has no address text.
  if (body.deliveryType === 'DELIVERY' && !body.location)
    return refuse(new ApiError(400, 'order.address-required', 'address'));
  const pricing = pricingCatalogFor(input.snapshot, {
    whiteLabel: settings.whiteLabel,
    restoId: body.restoId,
    deliveryType: body.deliveryType,
    preOrderEnabled: settings.preOrderEnabled,
  });
  if (!pricing) return refuse(new ApiError(404, 'resto.not-found', 'restoId'));
  // The online method must be one the restaurant's shop has enabled (YooKassa refuses the others with 403).
  // A restaurant that takes no online payment lists none: its CARD_ONLINE is refused with the pay type's code.
  const offered = input.snapshot.restos.get(body.restoId)?.onlineMethods;
  if (body.payType === 'CARD_ONLINE' && offered && !offered.includes(body.onlineMethod ?? 'card'))
    return refuse(new ApiError(422, 'payment.method-not-offered', 'onlineMethod'));
  const check = verifyQuote(settings.quoteKey, body.quote, input.nowMs);
  // An expired quote is a price to confirm again (409 after re-pricing); a forged or foreign one is not a quote.
  if (!check.ok && check.reason !== 'expired')
    return refuse(new ApiError(400, 'order.quote-invalid', 'quote'));
  const quote = check.ok ? check.quote : null;
  if (quote && quote.personId !== null && quote.personId !== input.personId)
    return refuse(new ApiError(400, 'order.quote-invalid', 'quote'));
  return go({ key: input.key, pricing, quote });
}

/** Step 2: what the key's claim says: place the order, answer the one the key placed, or refuse. */
export function decideClaim(claim: Claim): Decision<'place' | { replayOf: number }> {
  switch (claim.kind) {
    case 'claimed':
      return go('place');
    case 'replay':
      return go({ replayOf: claim.orderId });
    case 'reused':
      return refuse(new ApiError(422, 'idempotency.key-reused', 'Idempotency-Key'));
    case 'in-progress':
      return refuse(
        new ApiError(409, 'idempotency.in-progress', 'Idempotency-Key', {
          headers: { 'retry-after': String(claim.retryAfterS) },
        }),
      );
  }
}

/**
 * What the order's transaction read under its locks: the promo code's counts, the stop-list and 'busy', and
 * the person's points (read after the person's row lock, so two placements never spend the same points).
 */
export interface LockedFacts {
  promo: PromoLookup;
  availability: Pick<PricingCatalog, 'stopList' | 'busyUntilMs'>;
  /** Absent: no program (the brand's points are off). */
  bonus?: PricingInput['bonus'];
}

/** A cart accepted at the quoted price: what the rows are made of. */
export interface AcceptedCart {
  cart: PricedCart;
  /** The brand's dishes by id: the lines' names and tags. */
  positions: Map<number, Position>;
  /** The extended cooking time of a cart holding such a dish, added to the promised time. */
  extraMinutes: number;
  /** The preflight of this cart, for a refusal's body (signed: the client confirms it and places again). */
  answer: () => PreflightResponse;
}

/** Positions of the brand by id with their names and tags (built once per snapshot). */
const positionIndexes = new WeakMap<CatalogSnapshot, Map<string, Map<number, Position>>>();
function positionsOf(snapshot: CatalogSnapshot, whiteLabel: string): Map<number, Position> {
  let byBrand = positionIndexes.get(snapshot);
  if (!byBrand) {
    byBrand = new Map();
    positionIndexes.set(snapshot, byBrand);
  }
  let positions = byBrand.get(whiteLabel);
  if (!positions) {
    positions = new Map();
    for (const menu of snapshot.menus.values())
      if (menu.whiteLabelId === whiteLabel) for (const p of menu.positions) positions.set(p.id, p);
    byBrand.set(whiteLabel, positions);
  }
  return positions;
}

/** The quote as it would be signed now, without its expiry and person: what must not have changed. */
function comparable(quote: Quote) {
  const { expiresAt: _e, personId: _p, ...rest } = quote;
  return JSON.stringify(rest);
}

/**
 * Step 3: the cart priced by priceCart from the in-memory catalog and the locked facts, exactly as the
 * preflight prices it; refused for a problem, a pre-order time no slot allows, or a price that is not the
 * quoted one (409: the client shows the new price and places again).
 */
export function decideCart(
  settings: PlacementSettings,
  input: PlacementInput,
  pricing: PricingCatalog,
  quote: Quote | null,
  facts: LockedFacts,
): Decision<AcceptedCart> {
  const { body, nowMs, personId, locale } = input;
  const { resto } = pricing;
  const cart = priceCart(
    { ...pricing, ...facts.availability },
    {
      request: body,
      promo: facts.promo,
      nowMs,
      bonus: facts.bonus,
      freeCondiments: settings.freeCondiments ?? [],
    },
  );
  const context = {
    locale,
    currency: resto.currency,
    timezone: resto.timezone,
    nowMs,
    whiteLabel: settings.whiteLabel,
    personId,
    request: body,
    sign: signQuote.bind(null, settings.quoteKey),
  };
  const answer = () => preflightAnswer(cart, context);

  if (cart.problems.length > 0) {
    const preflight = answer();
    return refuse(
      new OrderRefusal(
        422,
        preflight.problems.map(({ code, message }) => ({ code, message })),
        preflight,
      ),
    );
  }

  const positions = positionsOf(input.snapshot, settings.whiteLabel);
  const extended = cart.lines.some((line) =>
    positions.get(line.id)?.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG),
  );
  const extraMinutes = extended ? EXTENDED_COOKING_MINUTES : 0;
  if (
    cart.preOrderAtMs !== null &&
    !isPreOrderSlot(cart.preOrderAtMs, {
      nowMs,
      timezone: resto.timezone,
      openingHours: resto.openingHours,
      specialDays: resto.specialDays ?? [],
      preOrder: pricing.preOrder,
      extraLeadMinutes: extraMinutes,
      slotMinutes: settings.slotMinutes,
    })
  )
    return refuse(
      new OrderRefusal(
        422,
        [
          {
            code: 'order.pre-order-slot-invalid',
            message: message('order.pre-order-slot-invalid', locale),
            field: 'preOrderAt',
          },
        ],
        answer(),
      ),
    );

  // quoteOf signs nothing: the same context serves the comparison and the answer.
  const priced = quoteOf(cart, context);
  if (!quote || comparable(quote) !== comparable(priced))
    return refuse(
      new OrderRefusal(
        409,
        [{ code: 'order.price-changed', message: message('order.price-changed', locale) }],
        answer(),
      ),
    );

  return go({ cart, positions, extraMinutes, answer });
}

/** The promo code's guard found its total limit reached by other orders since the cart was priced. */
export function promoLimitRefusal(accepted: AcceptedCart, locale: Locale): OrderRefusal {
  return new OrderRefusal(
    422,
    [
      {
        code: 'promo-code.limit-exceed',
        message: message('promo-code.limit-exceed', locale),
        field: 'promoCode',
      },
    ],
    accepted.answer(),
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The restaurant-local date of an instant, 'YYYY-MM-DD'. */
function localDate(utcMs: number, timezone: string): string {
  const local = new Date(utcMs + parseTimezoneOffset(timezone) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** 'Б-042': the restaurant's letters and the day's counter, at least three digits. */
export const orderNumber = (code: string, counter: number) => `${code}-${pad(counter, 3)}`;

/** The restaurant's row as the order's transaction read it. */
export interface RestoFacts {
  orderCode: string | null;
  takeAwayMinutes: number;
  name: LocalizedText;
}

/** Everything the order's transaction writes, but the ids and numbers only PostgreSQL hands out. */
export interface OrderRows {
  /** The order's row without its number (the writer gives it a provisional one, then the day's). */
  order: Omit<typeof orders.$inferInsert, 'number'>;
  lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[];
  /** CARD_ONLINE: the payment attempt 1 written with the order. */
  attempt: { engine: PayEngine; shop: string; method: OnlinePayMethod } | null;
  /** The first entry of the person's deliveries (docs/product.md §3). */
  contacts: { personName: string; phone: string; email: string | null };
  /** The restaurant-local day and letters of the order's number. */
  numbering: { day: string; code: string };
}

/** Step 4: the rows of an accepted cart. Throws only when the catalog breaks its own invariant. */
export function orderRows(
  settings: PlacementSettings,
  input: PlacementInput,
  pricing: PricingCatalog,
  { cart, positions, extraMinutes }: AcceptedCart,
  restoRow: RestoFacts,
): OrderRows {
  const { body, nowMs, personId, snapshot } = input;
  const { resto } = pricing;
  const now = new Date(nowMs);
  const day = localDate(nowMs, resto.timezone);

  const minutes = body.deliveryType === 'DELIVERY' ? (cart.band?.time ?? 0) : restoRow.takeAwayMinutes;
  const promisedAtMs = cart.preOrderAtMs ?? nowMs + (minutes + extraMinutes) * 60_000;

  const phone = normalizePhone(body.person.phone);
  const personPhone = phone.ok ? phone.phone : body.person.phone.trim();
  const personName = body.person.name.trim();
  const email = body.person.email?.trim() || null;
  const delivery = body.deliveryType === 'DELIVERY';
  const online = body.payType === 'CARD_ONLINE';
  const place = delivery && body.deliveryPlace ? body.deliveryPlace : null;

  let attempt: OrderRows['attempt'] = null;
  if (online) {
    const shop = paymentOptionsFor(resto.payConfig, body.deliveryType).cardOnline;
    const engine = snapshot.restos.get(resto.id)?.payEngine;
    if (!shop || !engine) throw new Error(`restaurant ${resto.id} took CARD_ONLINE without a shop`);
    attempt = { engine, shop, method: body.onlineMethod ?? 'card' };
  }

  const groupsOf = (positionId: number) => snapshot.modifiersByPosition.get(positionId)?.modifiers ?? [];
  const lines = cart.lines
    .filter((line) => line.available)
    .map((line, lineNo) => ({
      lineNo,
      positionId: line.id,
      menuId: line.menu.id,
      name: positions.get(line.id)?.name ?? { ru: String(line.id) },
      count: line.count,
      price: line.price,
      modifiers: line.modifiers.map((m) => {
        const group = groupsOf(line.id).find((g) => g.modifierId === m.modifierId);
        const item = group?.items.find((i) => i.id === m.id);
        return { ...m, name: item?.name ?? { ru: String(m.id) } };
      }),
      sum: line.sum,
      discount: line.promoDiscount,
      bonusDiscount: line.bonusDiscount,
      payableAmount: line.payableAmount,
    }));
  // What the server adds at 0 ₽ (decision 56) follows the dishes: the free condiments, then the gift.
  const zeroLine = (positionId: number, menuId: number, count: number, kind: 'free' | 'gift') => ({
    lineNo: lines.length,
    positionId,
    menuId,
    name: positions.get(positionId)?.name ?? { ru: String(positionId) },
    count,
    price: minor(0),
    modifiers: [],
    sum: minor(0),
    discount: minor(0),
    bonusDiscount: minor(0),
    payableAmount: minor(0),
    kind,
  });
  for (const free of cart.freeLines) lines.push(zeroLine(free.positionId, free.menuId, free.count, 'free'));
  const gift =
    cart.gift?.reached && cart.gift.given ? { promotion: cart.gift.reached, ...cart.gift.given } : null;
  if (gift) lines.push(zeroLine(gift.positionId, gift.menuId, 1, 'gift'));

  return {
    order: {
      whiteLabelId: settings.whiteLabel,
      personId,
      restoId: resto.id,
      localDate: day,
      status: 'new',
      paymentStatus: online ? 'pending' : 'not_required',
      deliveryType: body.deliveryType,
      payType: body.payType,
      currency: resto.currency,
      timezone: resto.timezone,
      restoName: restoRow.name,
      promoCodeId: cart.promo?.definition.id ?? null,
      promoCode: cart.promo?.definition.code ?? null,
      personName,
      personPhone,
      personEmail: email,
      comment: body.comment?.trim() || null,
      personCount: body.personCount,
      address: delivery ? body.address?.trim() || null : null,
      lat: delivery ? (body.location?.lat ?? null) : null,
      lng: delivery ? (body.location?.lng ?? null) : null,
      place: place
        ? {
            apartment: place.apartment ?? null,
            entrance: place.entrance ?? null,
            floor: place.floor ?? null,
            intercom: place.intercom ?? null,
            comment: place.comment ?? null,
          }
        : null,
      preOrderAt: cart.preOrderAtMs === null ? null : new Date(cart.preOrderAtMs),
      promisedAt: new Date(promisedAtMs),
      createdAt: now,
      sum: cart.sum,
      discount: cart.discount,
      deliveryPrice: cart.deliveryPrice,
      payable: cart.payable,
      // What was spent and what the order earns once done, as priced now (decision 55).
      bonusSpent: cart.bonus?.spent ?? minor(0),
      bonusEarn: cart.bonus?.earn ?? minor(0),
      positionsCount: cart.positionsCount,
      giftPromotionId: gift?.promotion.id ?? null,
      // Online: attempt 1 is written with the order, and the order waits for its money until pay_until.
      paymentAttempt: online ? 1 : 0,
      payUntil: online ? new Date(nowMs + settings.payments.settings.unpaidCancelMinutes * 60_000) : null,
    },
    lines,
    attempt,
    contacts: { personName, phone: personPhone, email },
    numbering: { day, code: restoRow.orderCode ?? String(resto.id) },
  };
}

/** Whether a slot start is a pre-order time the restaurant offers this cart (as decideCart checks the asked one). */
export function offeredPreOrderSlot(
  settings: PlacementSettings,
  input: PlacementInput,
  pricing: PricingCatalog,
  extraMinutes: number,
): (slotMs: number) => boolean {
  const { resto } = pricing;
  return (slotMs) =>
    isPreOrderSlot(slotMs, {
      nowMs: input.nowMs,
      timezone: resto.timezone,
      openingHours: resto.openingHours,
      specialDays: resto.specialDays ?? [],
      preOrder: pricing.preOrder,
      extraLeadMinutes: extraMinutes,
      slotMinutes: settings.slotMinutes,
    });
}

/**
 * Capacity refused the order (decision 56): a pre-order's slot filled since the preflight is 409 order.slot-full
 * naming the next slot with room (the client offers it and places again); no ASAP slot left before closing is
 * 422 resto.slots-full, as the preflight would say.
 */
export function capacityRefusal(
  verdict: { kind: 'slot-full'; nextFreeAtMs: number | null } | { kind: 'slots-full' },
  accepted: AcceptedCart,
  locale: Locale,
): OrderRefusal {
  if (verdict.kind === 'slots-full')
    return new OrderRefusal(
      422,
      [{ code: 'resto.slots-full', message: message('resto.slots-full', locale) }],
      accepted.answer(),
    );
  return new OrderRefusal(
    409,
    [{ code: 'order.slot-full', message: message('order.slot-full', locale), field: 'preOrderAt' }],
    accepted.answer(),
    { nextFreeSlotAt: verdict.nextFreeAtMs === null ? null : new Date(verdict.nextFreeAtMs).toISOString() },
  );
}
