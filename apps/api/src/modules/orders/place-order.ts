import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  EXTENDED_COOKING_MINUTES,
  EXTENDED_COOKING_TAG,
  isPreOrderSlot,
  type Locale,
  normalizePhone,
  orderContactIssues,
  type PricedCart,
  type PricingCatalog,
  type PromoLookup,
  parseTimezoneOffset,
  paymentOptionsFor,
  pickText,
  priceCart,
} from '@storefront/domain';
import type { PlaceOrderRequest, Position, PreflightResponse } from '@storefront/domain/contracts';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderEvents,
  orderHistory,
  orderIdempotencyKeys,
  orderLines,
  orderNumberCounters,
  orders,
  personDeliveries,
  persons,
  promoCodeRedemptions,
  promoCodes,
  restos,
} from '../../db/schema.ts';
import type { PaymentsSettings } from '../../integrations/payments/payment-gateway.ts';
import { ApiError } from '../../plugins/api-error.ts';
import type { Executor } from '../auth/auth-db.ts';
import { readAvailability } from '../board/availability-store.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { insertAttempt } from '../payments/attempts.ts';
import { preflightAnswer, quoteOf } from '../preflight/preflight-answer.ts';
import { normalisePromoCode, pricingCatalogFor, promoCodeDefinition } from '../preflight/pricing-catalog.ts';
import { type Quote, type QuoteKey, signQuote, verifyQuote } from '../preflight/quote.ts';
import { claimKey, type KeyRef, orderFingerprintOf, releaseKey } from './idempotency.ts';

/**
 * Placing an order exactly once (ORDERING.md, decision 20). In order:
 *
 * 1. The request alone (no database): contacts, the address of a delivery, the restaurant, the quote's
 *    signature. Each is a 400 (404 for the restaurant) and writes nothing.
 * 2. The key is claimed in its own statement (idempotency.ts): a replay, a reuse or a request in flight is
 *    answered from the claim, before any lock is taken.
 * 3. One transaction: the person's row is locked (one person's placements run one after the other), the
 *    promo code's row is locked and its counts read, the cart is priced by priceCart from the in-memory
 *    catalog exactly as the preflight does, and then either refused (thrown: nothing it wrote survives) or
 *    written whole: the number, the order, its lines, its history, the promo usage under its guard, the
 *    person's first delivery entry, the outbox event and the key's order_id.
 * 4. Any refusal or failure of 3 deletes the claim, so the key does not answer a refusal again.
 *
 * Failure modes: a crash between 2 and 3 leaves a claim that blocks its key for CLAIM_LOCK_MS, then the
 * next request takes it over; a crash inside 3 rolls everything back (the claim stays, as above); a crash
 * after the commit leaves the order bound to its key, and the client's retry gets it back (replayed).
 */

export interface PlacementDeps {
  db: Database;
  quoteKey: QuoteKey;
  whiteLabel: string;
  preOrderEnabled: boolean;
  promoCodesEnabled: boolean;
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

export type ErrorItem = { code: string; message: string; field?: string };

/** A refusal whose body carries more than ApiError can: every problem, and the new preflight. */
export class OrderRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorItem[],
    readonly preflight?: PreflightResponse,
  ) {
    super(errors[0]?.code ?? 'order.refused');
  }
}

export type Placement = { orderId: number; replayed: boolean };

const CONTACT_FIELDS = {
  name: 'person.name',
  phone: 'person.phone',
  email: 'person.email',
  comment: 'comment',
};

const message = (code: keyof typeof ERROR_MESSAGES, locale: Locale) => pickText(ERROR_MESSAGES[code], locale);

/** Step 1: what can be judged from the request alone. */
function checkRequest(deps: PlacementDeps, input: PlacementInput) {
  const { body, locale } = input;
  if (!input.key) throw new ApiError(400, 'idempotency.key-required', 'Idempotency-Key');
  const issues = orderContactIssues(
    { name: body.person.name, phone: body.person.phone, email: body.person.email, comment: body.comment },
    { emailRequired: body.payType === 'CARD_ONLINE' },
  );
  const contactErrors = (Object.keys(CONTACT_FIELDS) as (keyof typeof CONTACT_FIELDS)[]).flatMap((field) => {
    const code = issues[field];
    return code ? [{ code, message: message(code, locale), field: CONTACT_FIELDS[field] }] : [];
  });
  if (contactErrors.length > 0) throw new OrderRefusal(400, contactErrors);
  if (body.deliveryType === 'DELIVERY' && (!body.location || !body.address?.trim()))
    throw new ApiError(400, 'order.address-required', 'address');
  const pricing = pricingCatalogFor(input.snapshot, {
    whiteLabel: deps.whiteLabel,
    restoId: body.restoId,
    deliveryType: body.deliveryType,
    preOrderEnabled: deps.preOrderEnabled,
  });
  if (!pricing) throw new ApiError(404, 'resto.not-found', 'restoId');
  const check = verifyQuote(deps.quoteKey, body.quote, input.nowMs);
  // An expired quote is a price to confirm again (409 after re-pricing); a forged or foreign one is not a quote.
  if (!check.ok && check.reason !== 'expired') throw new ApiError(400, 'order.quote-invalid', 'quote');
  const quote = check.ok ? check.quote : null;
  if (quote && quote.personId !== null && quote.personId !== input.personId)
    throw new ApiError(400, 'order.quote-invalid', 'quote');
  return { pricing, quote };
}

/** The promo code's definition from the catalog, its counts from PostgreSQL with its row locked. */
async function lockedPromo(
  tx: Executor,
  deps: PlacementDeps,
  snapshot: CatalogSnapshot,
  raw: string | null | undefined,
  personId: number,
): Promise<PromoLookup> {
  const code = normalisePromoCode(raw);
  if (code === null) return { kind: 'none' };
  const definition = deps.promoCodesEnabled
    ? promoCodeDefinition(snapshot, deps.whiteLabel, code)
    : undefined;
  // Unknown at placement: refused as the preflight does, without spending a guess (the preflight did).
  if (!definition) return { kind: 'not-found', code };
  const [row] = await tx
    .select({ usedCount: promoCodes.usedCount })
    .from(promoCodes)
    .where(eq(promoCodes.id, definition.id))
    .for('update');
  if (!row) return { kind: 'not-found', code };
  const [mine] = await tx
    .select({ n: count() })
    .from(promoCodeRedemptions)
    .where(
      and(eq(promoCodeRedemptions.promoCodeId, definition.id), eq(promoCodeRedemptions.personId, personId)),
    );
  return { kind: 'found', definition, usedCount: row.usedCount, usedByPerson: Number(mine?.n ?? 0) };
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The restaurant-local date of an instant, 'YYYY-MM-DD'. */
function localDate(utcMs: number, timezone: string): string {
  const local = new Date(utcMs + parseTimezoneOffset(timezone) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** 'Б-042': the restaurant's letters and the day's counter, at least three digits. */
export const orderNumber = (code: string, counter: number) => `${code}-${pad(counter, 3)}`;

interface PriceContext {
  deps: PlacementDeps;
  input: PlacementInput;
  pricing: PricingCatalog;
}

function answerOf(cart: PricedCart, { deps, input, pricing }: PriceContext): PreflightResponse {
  return preflightAnswer(cart, {
    locale: input.locale,
    currency: pricing.resto.currency,
    timezone: pricing.resto.timezone,
    nowMs: input.nowMs,
    whiteLabel: deps.whiteLabel,
    personId: input.personId,
    request: input.body,
    sign: signQuote.bind(null, deps.quoteKey),
  });
}

/** Places the order (or finds the one its key placed) and answers its id. Throws ApiError or OrderRefusal. */
export async function placeOrder(deps: PlacementDeps, input: PlacementInput): Promise<Placement> {
  const { pricing, quote } = checkRequest(deps, input);
  const ref: KeyRef = { personId: input.personId, key: input.key as string };
  // A well-signed token can outlive its person (a database reset, a removed account): refused as a token, as
  // /me refuses it, before the key's foreign key fails with a 500 (issue 18's fuzz).
  const [person] = await deps.db.select({ id: persons.id }).from(persons).where(eq(persons.id, ref.personId));
  if (!person) throw new ApiError(401, 'auth.token-invalid');
  const claim = await claimKey(deps.db, ref, orderFingerprintOf(input.body), input.nowMs);
  if (claim.kind === 'replay') return { orderId: claim.orderId, replayed: true };
  if (claim.kind === 'reused') throw new ApiError(422, 'idempotency.key-reused', 'Idempotency-Key');
  if (claim.kind === 'in-progress')
    throw new ApiError(409, 'idempotency.in-progress', 'Idempotency-Key', {
      headers: { 'retry-after': String(claim.retryAfterS) },
    });
  try {
    const orderId = await deps.db.transaction((tx) => writeOrder(tx, { deps, input, pricing }, quote, ref));
    return { orderId, replayed: false };
  } catch (error) {
    // Refusals are not stored: the key is free for the next attempt. If even this fails, the claim's lock
    // runs out and the next request takes the key over.
    await releaseKey(deps.db, ref).catch(() => {});
    throw error;
  }
}

async function writeOrder(tx: Executor, context: PriceContext, quote: Quote | null, ref: KeyRef) {
  const { deps, input, pricing } = context;
  const { body, nowMs, personId, snapshot, locale } = input;
  const now = new Date(nowMs);
  const { resto } = pricing;

  // The person's row first: two placements of one person (two tabs, two keys) run one after the other,
  // so the per-person promo count each reads is final.
  await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, personId)).for('update');
  const promo = await lockedPromo(tx, deps, snapshot, body.promoCode, personId);
  // The stop-list and 'busy' from the database, not the instance's copy: the authoritative check (issue 16).
  const availability = await readAvailability(tx, resto.id, resto.timezone, nowMs);
  const cart = priceCart({ ...pricing, ...availability }, { request: body, promo, nowMs });
  const answer = () => answerOf(cart, context);

  if (cart.problems.length > 0) {
    const preflight = answer();
    throw new OrderRefusal(
      422,
      preflight.problems.map(({ code, message }) => ({ code, message })),
      preflight,
    );
  }

  const positions = positionsOf(snapshot, deps.whiteLabel);
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
      preOrder: pricing.preOrder,
      extraLeadMinutes: extraMinutes,
      slotMinutes: deps.slotMinutes,
    })
  )
    throw new OrderRefusal(
      422,
      [
        {
          code: 'order.pre-order-slot-invalid',
          message: message('order.pre-order-slot-invalid', locale),
          field: 'preOrderAt',
        },
      ],
      answer(),
    );

  const priced = quoteOf(cart, {
    locale,
    currency: resto.currency,
    timezone: resto.timezone,
    nowMs,
    whiteLabel: deps.whiteLabel,
    personId,
    request: body,
    sign: () => '',
  });
  if (!quote || comparable(quote) !== comparable(priced))
    throw new OrderRefusal(
      409,
      [{ code: 'order.price-changed', message: message('order.price-changed', locale) }],
      answer(),
    );

  // The guard: with every instance doing the same update, used_count never passes total_limit.
  if (cart.promo) {
    const used = await tx
      .update(promoCodes)
      .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
      .where(
        and(
          eq(promoCodes.id, cart.promo.definition.id),
          or(isNull(promoCodes.totalLimit), sql`${promoCodes.usedCount} < ${promoCodes.totalLimit}`),
        ),
      )
      .returning({ id: promoCodes.id });
    if (used.length === 0)
      throw new OrderRefusal(
        422,
        [
          {
            code: 'promo-code.limit-exceed',
            message: message('promo-code.limit-exceed', locale),
            field: 'promoCode',
          },
        ],
        answer(),
      );
  }

  const [restoRow] = await tx
    .select({ orderCode: restos.orderCode, takeAwayMinutes: restos.takeAwayMinutes, name: restos.name })
    .from(restos)
    .where(eq(restos.id, resto.id));
  if (!restoRow) throw new ApiError(404, 'resto.not-found', 'restoId');

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

  const [order] = await tx
    .insert(orders)
    .values({
      whiteLabelId: deps.whiteLabel,
      personId,
      restoId: resto.id,
      // Provisional and unique: the day's number is taken last (numberTheOrder), so the restaurant's counter
      // row stays locked for one statement and the commit, not for the whole transaction.
      number: `~${randomUUID()}`,
      localDate: day,
      status: 'new',
      paymentStatus: body.payType === 'CARD_ONLINE' ? 'pending' : 'not_required',
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
      address: delivery ? (body.address?.trim() ?? null) : null,
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
      positionsCount: cart.positionsCount,
      // Online: attempt 1 is written below, and the order waits for its money until pay_until.
      paymentAttempt: online ? 1 : 0,
      payUntil: online ? new Date(nowMs + deps.payments.settings.unpaidCancelMinutes * 60_000) : null,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order row was not returned');
  const orderId = order.id;

  const groupsOf = (positionId: number) => snapshot.modifiersByPosition.get(positionId)?.modifiers ?? [];
  const lines = cart.lines.filter((line) => line.available);
  await tx.insert(orderLines).values(
    lines.map((line, lineNo) => ({
      orderId,
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
      payableAmount: line.payableAmount,
    })),
  );
  if (online) {
    // The attempt's row in the order's transaction: never an online order without it. The provider is asked
    // after the commit (startAttempt), with this row's key and body.
    const shop = paymentOptionsFor(resto.payConfig, body.deliveryType).cardOnline;
    const engine = snapshot.restos.get(resto.id)?.payEngine;
    if (!shop || !engine) throw new Error(`restaurant ${resto.id} took CARD_ONLINE without a shop`);
    await insertAttempt(tx, {
      orderId,
      attempt: 1,
      engine,
      shop,
      nowMs,
      settings: deps.payments.settings,
      brandLocale: deps.payments.brandLocale,
    });
  }
  await tx.insert(orderHistory).values({ orderId, status: 'new', at: now, by: 'customer' });
  if (cart.promo)
    await tx
      .insert(promoCodeRedemptions)
      .values({ promoCodeId: cart.promo.definition.id, personId, orderId, createdAt: now });
  await rememberContacts(tx, personId, { personName, phone: personPhone, email });
  await tx
    .insert(orderEvents)
    .values({ whiteLabelId: deps.whiteLabel, restoId: resto.id, orderId, kind: 'placed', at: now });
  const bound = await tx
    .update(orderIdempotencyKeys)
    .set({ orderId })
    .where(
      and(
        eq(orderIdempotencyKeys.personId, ref.personId),
        eq(orderIdempotencyKeys.key, ref.key),
        isNull(orderIdempotencyKeys.orderId),
      ),
    )
    .returning({ key: orderIdempotencyKeys.key });
  // The claim vanished (swept or taken over after our lock ran out): the order must not exist twice.
  if (bound.length === 0)
    throw new ApiError(409, 'idempotency.in-progress', 'Idempotency-Key', {
      headers: { 'retry-after': '1' },
    });
  await numberTheOrder(tx, {
    orderId,
    whiteLabel: deps.whiteLabel,
    restoId: resto.id,
    day,
    code: restoRow.orderCode ?? String(resto.id),
  });
  return orderId;
}

/**
 * The restaurant's next number of the day ('Б-042'). Every placement of the restaurant that day queues on its
 * counter row, so this is the transaction's last statement: the row is held only until the commit (the bench
 * measured placement bound by that queue, issue 18).
 */
async function numberTheOrder(
  tx: Executor,
  at: { orderId: number; whiteLabel: string; restoId: number; day: string; code: string },
) {
  const [counter] = await tx
    .insert(orderNumberCounters)
    .values({ whiteLabelId: at.whiteLabel, localDate: at.day, restoId: at.restoId, last: 1 })
    .onConflictDoUpdate({
      target: [orderNumberCounters.whiteLabelId, orderNumberCounters.localDate, orderNumberCounters.restoId],
      set: { last: sql`${orderNumberCounters.last} + 1` },
    })
    .returning({ last: orderNumberCounters.last });
  await tx
    .update(orders)
    .set({ number: orderNumber(at.code, counter?.last ?? 1) })
    .where(eq(orders.id, at.orderId));
}

/** SPEC §3: the profile reads the first deliveries entry; the order's contacts become it (no duplicates). */
async function rememberContacts(
  tx: Executor,
  personId: number,
  contacts: { personName: string; phone: string; email: string | null },
) {
  await tx
    .delete(personDeliveries)
    .where(
      and(
        eq(personDeliveries.personId, personId),
        eq(personDeliveries.personName, contacts.personName),
        eq(personDeliveries.phone, contacts.phone),
        contacts.email === null ? isNull(personDeliveries.email) : eq(personDeliveries.email, contacts.email),
      ),
    );
  await tx
    .update(personDeliveries)
    .set({ position: sql`${personDeliveries.position} + 1` })
    .where(eq(personDeliveries.personId, personId));
  await tx.insert(personDeliveries).values({ personId, ...contacts, position: 0 });
}
