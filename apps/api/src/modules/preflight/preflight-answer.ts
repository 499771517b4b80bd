import {
  ERROR_MESSAGES,
  type ErrorCode,
  formatMoney,
  type GiftPromotion,
  type Locale,
  type LocalizedText,
  type Minor,
  type PricedCart,
  type PricingProblem,
  parseTimezoneOffset,
  pickText,
} from '@storefront/domain';
import type { PreflightProblem, PreflightRequest, PreflightResponse } from '@storefront/domain/contracts';
import { type Quote, quoteExpiry } from './quote.ts';

/** PricedCart (the domain's answer) to the preflight contract's answer, with words in the request's language. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The restaurant's wall-clock date and time of an instant. */
function wallClock(utcMs: number, timezone: string) {
  const local = new Date(utcMs + parseTimezoneOffset(timezone) * 60_000);
  return {
    day: Math.floor(local.getTime() / 86_400_000),
    date: `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** 'сегодня в 11:00', 'tomorrow at 11:00', '28.11 в 11:00': when the restaurant next takes orders, on its clock. */
function openingPhrase(nextOpenAt: number, nowMs: number, timezone: string, locale: Locale): string {
  const at = wallClock(nextOpenAt, timezone);
  const today = wallClock(nowMs, timezone).day;
  const ru = locale === 'ru';
  if (at.day === today) return ru ? `сегодня в ${at.time}` : `today at ${at.time}`;
  if (at.day === today + 1) return ru ? `завтра в ${at.time}` : `tomorrow at ${at.time}`;
  return ru ? `${at.date} в ${at.time}` : `on ${at.date} at ${at.time}`;
}

export interface MessageContext {
  locale: Locale;
  currency: string;
  timezone: string;
  nowMs: number;
}

/** The problem's words: the text of messageKey (or the code), with the figures the customer needs added. */
function problemMessage(problem: PricingProblem, context: MessageContext): string {
  const { locale, currency } = context;
  const key = (
    problem.messageKey && problem.messageKey in ERROR_MESSAGES ? problem.messageKey : problem.code
  ) as ErrorCode;
  const base = pickText(ERROR_MESSAGES[key], locale);
  const money = (amount: number) => formatMoney(amount as Minor, currency, locale);
  const ru = locale === 'ru';
  switch (problem.code) {
    case 'delivery.order-sum-not-enough.range':
      if (problem.limit === undefined || problem.amountLeft === undefined) return base;
      return ru
        ? `${base}: минимум ${money(problem.limit)}, добавьте ещё ${money(problem.amountLeft)}`
        : `${base}: the minimum is ${money(problem.limit)}, add ${money(problem.amountLeft)} more`;
    case 'delivery.order-sum-too-large':
      if (problem.limit === undefined) return base;
      return ru
        ? `${base} (максимум ${money(problem.limit)})`
        : `${base} (the maximum is ${money(problem.limit)})`;
    case 'bonus.over-limit':
      if (problem.limit === undefined) return base;
      return ru ? `${base}: не больше ${money(problem.limit)}` : `${base}: at most ${money(problem.limit)}`;
    case 'resto.not-accepting-orders':
      if (problem.nextOpenAt === undefined) return base;
      return ru
        ? `${base}. Ресторан откроется ${openingPhrase(problem.nextOpenAt, context.nowMs, context.timezone, locale)}`
        : `${base}. The restaurant opens ${openingPhrase(problem.nextOpenAt, context.nowMs, context.timezone, locale)}`;
    case 'slot.full':
      if (problem.nextOpenAt === undefined) return base;
      return ru
        ? `${base}. Ближайшее свободное время: ${openingPhrase(problem.nextOpenAt, context.nowMs, context.timezone, locale)}`
        : `${base}. The next free time is ${openingPhrase(problem.nextOpenAt, context.nowMs, context.timezone, locale)}`;
    default:
      return base;
  }
}

function toProblem(problem: PricingProblem, context: MessageContext): PreflightProblem {
  return {
    code: problem.code,
    message: problemMessage(problem, context),
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    ...(problem.amountLeft !== undefined ? { amountLeft: problem.amountLeft as Minor } : {}),
    ...(problem.limit !== undefined ? { limit: problem.limit as Minor } : {}),
    ...(problem.nextOpenAt !== undefined ? { nextOpenAt: new Date(problem.nextOpenAt).toISOString() } : {}),
  };
}

export interface AnswerContext extends MessageContext {
  whiteLabel: string;
  personId: number | null;
  request: PreflightRequest;
  /** Signs the quote of this pricing. */
  sign: (quote: Quote) => string;
  /** The promised time and the delay within capacity (modules/capacity); absent: none known. */
  capacity?: { readyAtMs: number | null; delayMinutes: number };
}

/** The quote: what order placement must find again when it re-prices (only lines that can be ordered). */
export function quoteOf(cart: PricedCart, context: AnswerContext): Quote {
  const { request } = context;
  const delivery = request.deliveryType === 'DELIVERY';
  return {
    brand: context.whiteLabel,
    personId: context.personId,
    restoId: request.restoId,
    deliveryType: request.deliveryType,
    payType: request.payType,
    location: delivery && request.location ? { lat: request.location.lat, lng: request.location.lng } : null,
    preOrderAt: cart.preOrderAtMs,
    promoCode: cart.promo ? cart.promo.definition.code : null,
    lines: cart.lines
      .filter((line) => line.available)
      .map((line) => [
        line.id,
        line.menu.id,
        line.count,
        line.price,
        line.modifiers.map((m) => [m.id, m.modifierId, m.count, m.price] as [number, number, number, number]),
      ]),
    sum: cart.sum,
    discount: cart.discount,
    deliveryPrice: cart.deliveryPrice,
    payable: cart.payable,
    bonusSpent: cart.bonus?.spent ?? 0,
    // What the server adds at 0 ₽ is part of what the customer agreed to: a change at placement is a 409.
    freeLines: cart.freeLines.map((line) => [line.positionId, line.menuId, line.count]),
    gift:
      cart.gift?.reached && cart.gift.given
        ? [cart.gift.reached.id, cart.gift.given.positionId, cart.gift.given.menuId]
        : null,
    expiresAt: quoteExpiry(context.nowMs),
  };
}

/** The API's catalog gifts carry their promotion's title (pricing-catalog.ts); the domain's type does not name it. */
const titleOf = (promotion: GiftPromotion): LocalizedText => promotion.title ?? { ru: '' };

/** The cart's gift as the contract answers it; null when no gift promotion runs here now. */
function giftAnswer(cart: PricedCart, locale: Locale): PreflightResponse['gift'] {
  const gift = cart.gift;
  if (!gift) return null;
  const { reached, next } = gift;
  return {
    promotionId: reached?.id ?? null,
    title: reached ? titleOf(reached) : null,
    minSum: reached?.minSum ?? null,
    positionId: gift.given?.positionId ?? null,
    menuId: gift.given?.menuId ?? null,
    options: gift.options.map((option) => ({ id: option.positionId, menu: { id: option.menuId } })),
    withheld: gift.withheld,
    // Not a problem: placement goes on without the gift; the cart says why it is not given.
    withheldMessage: gift.withheld ? pickText(ERROR_MESSAGES[gift.withheld], locale) : null,
    next: next
      ? {
          promotionId: next.promotion.id,
          title: titleOf(next.promotion),
          minSum: next.promotion.minSum,
          amountLeft: next.amountLeft,
        }
      : null,
  };
}

/** A line's discount by points, as the customer reads it. */
const POINTS_NAME = { ru: 'Баллы', en: 'Points' };

export function preflightAnswer(cart: PricedCart, context: AnswerContext): PreflightResponse {
  const { request } = context;
  const promo = cart.promo;
  const problems = cart.problems.map((problem) => toProblem(problem, context));
  const quote = quoteOf(cart, context);
  return {
    restoId: request.restoId,
    deliveryType: request.deliveryType,
    payType: request.payType,
    currency: context.currency,
    orderAt: new Date(cart.orderAtMs).toISOString(),
    preOrderAt: cart.preOrderAtMs === null ? null : new Date(cart.preOrderAtMs).toISOString(),
    positions: cart.lines.map((line) => ({
      id: line.id,
      menu: { id: line.menu.id },
      count: line.count,
      price: line.price,
      modifiers: line.modifiers.map((m) => ({
        id: m.id,
        modifierId: m.modifierId,
        count: m.count,
        price: m.price,
      })),
      sum: line.sum,
      discounts:
        line.bonusDiscount > 0
          ? [{ code: 'bonus', name: pickText(POINTS_NAME, context.locale), amount: line.bonusDiscount }]
          : [],
      promoCodes:
        promo && line.promoDiscount > 0
          ? [{ code: promo.definition.code, name: promo.definition.code, amount: line.promoDiscount }]
          : [],
      specials: [],
      payableAmount: line.payableAmount,
      available: line.available,
    })),
    promoCode: promo
      ? {
          code: promo.definition.code,
          active: promo.active,
          maxDiscountAmount: promo.definition.maxDiscountAmount,
          minOrderAmount: promo.definition.minOrderAmount,
          discount: promo.discount,
          amountLeft: promo.amountLeft,
        }
      : null,
    promoCodeMaxDiscountAmount: promo ? promo.definition.maxDiscountAmount : null,
    promoCodeMinOrderAmount: promo ? promo.definition.minOrderAmount : null,
    positionsCount: cart.positionsCount,
    sum: cart.sum,
    discount: cart.discount,
    deliveryPrice: cart.deliveryPrice,
    payable: cart.payable,
    bonus: cart.bonus,
    deliveryZoneId: cart.zoneId,
    deliveryRules: cart.rules,
    deliveryBand: cart.band,
    nextDeliveryBand: cart.nextBand,
    freeLines: cart.freeLines.map((line) => ({
      id: line.positionId,
      menu: { id: line.menuId },
      count: line.count,
      perPerson: line.perPerson,
      personCount: line.personCount,
    })),
    gift: giftAnswer(cart, context.locale),
    addOns: cart.addOns.map((addOn) => ({
      id: addOn.positionId,
      menu: { id: addOn.menuId },
      reason: addOn.reason,
    })),
    readyAt: context.capacity?.readyAtMs != null ? new Date(context.capacity.readyAtMs).toISOString() : null,
    delayMinutes: context.capacity?.delayMinutes ?? 0,
    problems,
    errors: problems.slice(0, 1).map(({ code, message }) => ({ code, message })),
    quote: context.sign(quote),
    quoteExpiresAt: new Date(quote.expiresAt).toISOString(),
  };
}
