import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import { tokenSecret } from '../../core/auth-settings.ts';

/**
 * The rating link's token (decision 57): 'r1.<orderId>.<expiresAtSeconds>.<hmac>', the HMAC-SHA256 (base64url) of
 * everything before it and the brand. Nothing is stored: the signature makes the link trustworthy for one order,
 * the expiry bounds it. The key is derived from the token secret with HKDF for this one purpose, so a link's
 * signature never serves as a token's or a quote's.
 */

export interface RatingLinkKey {
  secret: Buffer;
  whiteLabel: string;
}

export function readRatingLinkKey(config: AppConfig): RatingLinkKey {
  const derived = hkdfSync('sha256', tokenSecret(config), Buffer.alloc(0), 'rating-link', 32);
  return { secret: Buffer.from(derived), whiteLabel: config.brand.whiteLabel };
}

const mac = (key: RatingLinkKey, signed: string) =>
  createHmac('sha256', key.secret).update(`${key.whiteLabel}\n${signed}`).digest();

/** A link's token for `orderId`, working until `expiresAtMs` (rounded down to the second). */
export function signRatingToken(key: RatingLinkKey, orderId: number, expiresAtMs: number): string {
  const signed = `r1.${orderId}.${Math.floor(expiresAtMs / 1000)}`;
  return `${signed}.${mac(key, signed).toString('base64url')}`;
}

export type RatingTokenCheck =
  | { ok: true; orderId: number; expiresAtMs: number }
  | { ok: false; reason: 'invalid' | 'expired' };

const TOKEN = /^r1\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Reads a token: malformed or signed otherwise (another order's id put in, another expiry, another brand) is
 * 'invalid'; a genuine one at or past its expiry is 'expired'. The signature is compared in constant time, and
 * before the expiry, so an old forged token never learns more than a fresh one.
 */
export function verifyRatingToken(key: RatingLinkKey, token: string, nowMs: number): RatingTokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, orderPart, expiresPart, macPart] = match as unknown as [string, string, string, string];
  const given = Buffer.from(macPart, 'base64url');
  const expected = mac(key, `r1.${orderPart}.${expiresPart}`);
  // Base64url of 43 characters may carry stray low bits: compare the bytes, and the canonical text too.
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expected.toString('base64url') !== macPart) return { ok: false, reason: 'invalid' };
  const orderId = Number(orderPart);
  if (orderId > 2_147_483_647) return { ok: false, reason: 'invalid' };
  const expiresAtMs = Number(expiresPart) * 1000;
  if (nowMs >= expiresAtMs) return { ok: false, reason: 'expired' };
  return { ok: true, orderId, expiresAtMs };
}
