import { createHmac, timingSafeEqual } from 'node:crypto';
import { QUOTE_TTL_MINUTES } from '@storefront/domain';
import type { AppConfig } from '../../config.ts';
import { tokenSecret } from '../../core/auth-settings.ts';

/**
 * The quote of a preflight: a compact, HMAC-SHA256-signed token of exactly what was priced, valid for
 * QUOTE_TTL_MINUTES. Order placement re-prices the cart and compares the result with the verified quote;
 * any difference is a price change the customer must see (ORDERING.md 'Preflight and the quote').
 * Nothing is stored: the signature is what makes the token trustworthy, the expiry what bounds it.
 *
 * Format: base64url(JSON payload) '.' base64url(HMAC-SHA256(key, 'q1.' + payload part)).
 */

/** One priced line as quoted: position id, menu id, count, unit price, modifiers [item id, group id, count, price]. */
export type QuotedLine = [
  id: number,
  menuId: number,
  count: number,
  price: number,
  modifiers: [id: number, modifierId: number, count: number, price: number][],
];

export type QuotedFreeLine = [id: number, menuId: number, count: number];
export type QuotedGift = [promotionId: number, id: number, menuId: number];

export interface Quote {
  /** The brand (white label) the pricing belongs to. */
  brand: string;
  /** The signed-in person, or null for an anonymous preflight. */
  personId: number | null;
  restoId: number;
  deliveryType: string;
  payType: string;
  /** DELIVERY: the point priced; null for take-away or none given. */
  location: { lat: number; lng: number } | null;
  /** Epoch ms of the pre-order time; null for as soon as possible. */
  preOrderAt: number | null;
  /** The normalised promo code applied or kept; null when none. */
  promoCode: string | null;
  /** Available lines only, in request order. */
  lines: QuotedLine[];
  sum: number;
  discount: number;
  deliveryPrice: number;
  payable: number;
  /** Points spent (decision 55); a quote signed before points existed carries none and reads as 0. */
  bonusSpent: number;
  /** Condiments given free by persons (decision 56): [position id, menu id, count]; none before they existed. */
  freeLines: QuotedFreeLine[];
  /** The gift given: [promotion id, position id, menu id]; null when none. */
  gift: QuotedGift | null;
  /** Epoch ms after which the quote is refused. */
  expiresAt: number;
}

export interface QuoteKey {
  secret: Buffer;
  /** The brand this deployment serves: a quote of another brand is refused. */
  whiteLabel: string;
}

export type QuoteCheck =
  | { ok: true; quote: Quote }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'other-brand' };

const VERSION = 'q1';

/**
 * The secret from QUOTE_SECRET; outside production, derived from the token secret when it is not set
 * (production without QUOTE_SECRET is refused by the environment's rules in config.ts).
 */
export function readQuoteKey(config: AppConfig): QuoteKey {
  const { env } = config;
  const secret = env.QUOTE_SECRET
    ? createHmac('sha256', env.QUOTE_SECRET).update('preflight-quote').digest()
    : createHmac('sha256', tokenSecret(config)).update('preflight-quote').digest();
  return { secret, whiteLabel: config.brand.whiteLabel };
}

export const quoteExpiry = (nowMs: number) => nowMs + QUOTE_TTL_MINUTES * 60_000;

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();

/** Wire form: short keys keep the token small (it travels in every preflight answer and order body). */
type Wire = {
  b: string;
  p: number | null;
  r: number;
  d: string;
  y: string;
  l: [number, number] | null;
  o: number | null;
  c: string | null;
  i: QuotedLine[];
  s: number;
  ds: number;
  dp: number;
  pa: number;
  /** Points spent; absent when 0. */
  bs?: number;
  /** Free lines; absent when none. */
  f?: QuotedFreeLine[];
  /** The gift; absent when none. */
  g?: QuotedGift;
  e: number;
};

export function signQuote(key: QuoteKey, quote: Quote): string {
  const wire: Wire = {
    b: quote.brand,
    p: quote.personId,
    r: quote.restoId,
    d: quote.deliveryType,
    y: quote.payType,
    l: quote.location ? [quote.location.lat, quote.location.lng] : null,
    o: quote.preOrderAt,
    c: quote.promoCode,
    i: quote.lines,
    s: quote.sum,
    ds: quote.discount,
    dp: quote.deliveryPrice,
    pa: quote.payable,
    ...(quote.bonusSpent > 0 && { bs: quote.bonusSpent }),
    ...(quote.freeLines.length > 0 && { f: quote.freeLines }),
    ...(quote.gift && { g: quote.gift }),
    e: quote.expiresAt,
  };
  const payload = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${payload}.${mac(key.secret, payload).toString('base64url')}`;
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isLine = (line: unknown): line is QuotedLine =>
  Array.isArray(line) &&
  line.length === 5 &&
  line.slice(0, 4).every(isInt) &&
  Array.isArray(line[4]) &&
  line[4].every((m: unknown) => Array.isArray(m) && m.length === 4 && m.every(isInt));

const isTriple = (value: unknown): value is [number, number, number] =>
  Array.isArray(value) && value.length === 3 && value.every(isInt);

/** The signed fields are trusted only after the signature matched; their shape is still checked. */
function fromWire(w: Partial<Wire>): Quote | null {
  if (
    typeof w.b !== 'string' ||
    !(w.p === null || isInt(w.p)) ||
    !isInt(w.r) ||
    typeof w.d !== 'string' ||
    typeof w.y !== 'string' ||
    !(w.l === null || (Array.isArray(w.l) && w.l.length === 2 && w.l.every(Number.isFinite))) ||
    !(w.o === null || isInt(w.o)) ||
    !(w.c === null || typeof w.c === 'string') ||
    !Array.isArray(w.i) ||
    !w.i.every(isLine) ||
    ![w.s, w.ds, w.dp, w.pa, w.e].every(isInt) ||
    !(w.bs === undefined || (isInt(w.bs) && w.bs >= 0)) ||
    !(w.f === undefined || (Array.isArray(w.f) && w.f.every(isTriple))) ||
    !(w.g === undefined || isTriple(w.g))
  )
    return null;
  return {
    brand: w.b,
    personId: w.p ?? null,
    restoId: w.r,
    deliveryType: w.d,
    payType: w.y,
    location: w.l ? { lat: w.l[0], lng: w.l[1] } : null,
    preOrderAt: w.o ?? null,
    promoCode: w.c ?? null,
    lines: w.i,
    sum: w.s as number,
    discount: w.ds as number,
    deliveryPrice: w.dp as number,
    payable: w.pa as number,
    bonusSpent: w.bs ?? 0,
    freeLines: w.f ?? [],
    gift: w.g ?? null,
    expiresAt: w.e as number,
  };
}

/**
 * Checks a quote token: its signature (compared in constant time), its brand and its expiry. Answers the
 * quote only when all hold; the reason otherwise is for logs, never for the customer.
 */
export function verifyQuote(key: QuoteKey, token: string, nowMs: number): QuoteCheck {
  if (typeof token !== 'string' || token.length > 16_384) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature))
    return { ok: false, reason: 'malformed' };
  const expected = mac(key.secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature' };
  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const quote = wire && typeof wire === 'object' ? fromWire(wire as Partial<Wire>) : null;
  if (!quote) return { ok: false, reason: 'malformed' };
  if (quote.brand !== key.whiteLabel) return { ok: false, reason: 'other-brand' };
  if (nowMs >= quote.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, quote };
}
