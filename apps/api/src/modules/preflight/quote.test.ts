import { QUOTE_TTL_MINUTES } from '@storefront/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { testConfig } from '../../test/test-app.ts';
import { type Quote, quoteExpiry, readQuoteKey, signQuote, verifyQuote } from './quote.ts';

const NOW = Date.parse('2026-11-25T09:00:00Z');
const key = readQuoteKey(testConfig());

const quote: Quote = {
  brand: 'demo',
  personId: 7,
  restoId: 1,
  deliveryType: 'DELIVERY',
  payType: 'CASH_UPON_RECEIPT',
  location: { lat: 55.79, lng: 49.118 },
  preOrderAt: null,
  promoCode: 'WELCOME10',
  lines: [
    [1, 1, 2, 69000, []],
    [29, 1, 1, 49000, [[12, 4, 1, 0]]],
  ],
  sum: 187000,
  discount: 18700,
  deliveryPrice: 15000,
  payable: 183300,
  bonusSpent: 0,
  freeLines: [],
  gift: null,
  expiresAt: quoteExpiry(NOW),
};

/** The token with its payload part re-encoded after `edit`, keeping the old signature. */
function tamper(token: string, edit: (wire: Record<string, unknown>) => void): string {
  const [payload, signature] = token.split('.') as [string, string];
  const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  edit(wire);
  return `${Buffer.from(JSON.stringify(wire)).toString('base64url')}.${signature}`;
}

describe('quote', () => {
  it('round-trips every priced field and expires after QUOTE_TTL_MINUTES', () => {
    const token = signQuote(key, quote);
    expect(token.length).toBeLessThan(400);
    expect(verifyQuote(key, token, NOW)).toEqual({ ok: true, quote });
    expect(quote.expiresAt - NOW).toBe(QUOTE_TTL_MINUTES * 60_000);
    expect(verifyQuote(key, token, quote.expiresAt - 1).ok).toBe(true);
    expect(verifyQuote(key, token, quote.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('carries the points spent under a short key only when there are some; a quote without them reads 0', () => {
    const spending: Quote = { ...quote, payable: 173300, bonusSpent: 10000 };
    const token = signQuote(key, spending);
    expect(verifyQuote(key, token, NOW)).toEqual({ ok: true, quote: spending });
    const wireOf = (signed: string) =>
      JSON.parse(Buffer.from(signed.split('.')[0] ?? '', 'base64url').toString('utf8'));
    expect(wireOf(token).bs).toBe(10000);
    expect('bs' in wireOf(signQuote(key, quote))).toBe(false);
    const zeroed = tamper(token, (w) => {
      w.bs = 0;
    });
    expect(verifyQuote(key, zeroed, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('carries free lines and the gift only when there are some; a quote without them reads none', () => {
    const giving: Quote = {
      ...quote,
      freeLines: [
        [105, 1, 4],
        [106, 1, 2],
      ],
      gift: [3, 107, 1],
    };
    const token = signQuote(key, giving);
    expect(verifyQuote(key, token, NOW)).toEqual({ ok: true, quote: giving });
    const wireOf = (signed: string) =>
      JSON.parse(Buffer.from(signed.split('.')[0] ?? '', 'base64url').toString('utf8'));
    expect(wireOf(token)).toMatchObject({ f: giving.freeLines, g: giving.gift });
    expect(Object.keys(wireOf(signQuote(key, quote)))).not.toContain('f');
    expect(Object.keys(wireOf(signQuote(key, quote)))).not.toContain('g');
    const noGift = tamper(token, (w) => {
      delete w.g;
    });
    expect(verifyQuote(key, noGift, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a changed payable, line, expiry or person under the old signature', () => {
    const token = signQuote(key, quote);
    for (const edit of [
      (w: Record<string, unknown>) => {
        w.pa = 1;
      },
      (w: Record<string, unknown>) => {
        const first = (w.i as number[][])[0] as number[];
        first[3] = 1;
      },
      (w: Record<string, unknown>) => {
        w.e = NOW + 86_400_000;
      },
      (w: Record<string, unknown>) => {
        w.p = 8;
      },
    ])
      expect(verifyQuote(key, tamper(token, edit), NOW)).toEqual({ ok: false, reason: 'signature' });
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyQuote(key, flipped, NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyQuote(key, `${payload}.${signature.slice(0, 20)}`, NOW)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it("refuses another brand's quote and another secret's", () => {
    const otherBrand = { ...key, whiteLabel: 'other' };
    expect(verifyQuote(otherBrand, signQuote(key, quote), NOW)).toEqual({ ok: false, reason: 'other-brand' });
    const otherSecret = readQuoteKey(testConfig({ QUOTE_SECRET: 'x'.repeat(32) }));
    expect(otherSecret.secret.equals(key.secret)).toBe(false);
    expect(verifyQuote(otherSecret, signQuote(key, quote), NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses junk without throwing', () => {
    for (const junk of ['', '.', 'a.b.c', 'abc', '@@.@@', `${'a'.repeat(20_000)}.b`, 'e30.AAAA'])
      expect(verifyQuote(key, junk, NOW).ok).toBe(false);
    // A well-signed payload of the wrong shape is still refused.
    const payload = Buffer.from(JSON.stringify({ b: 'demo' })).toString('base64url');
    const signed = signQuote(key, quote).split('.')[1];
    expect(verifyQuote(key, `${payload}.${signed}`, NOW).ok).toBe(false);
  });

  it('needs QUOTE_SECRET in production, and derives one from the token secret elsewhere', () => {
    const production = testConfig({
      AUTH_TOKEN_SECRET: 'y'.repeat(32),
    });
    // The refusal is the environment's (config.ts), listed with every other wrong key of the start.
    expect(() =>
      testConfig({
        AUTH_TOKEN_SECRET: 'y'.repeat(32),
        NODE_ENV: 'production',
        SMS_SENDER: 'smsru',
        SMSRU_API_ID: 'id',
      }),
    ).toThrow(ConfigError);
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(/QUOTE_SECRET: required in production/);
    const derived = readQuoteKey(production);
    expect(derived.secret.equals(key.secret)).toBe(false);
    expect(
      readQuoteKey({
        ...production,
        env: { ...production.env, NODE_ENV: 'production', QUOTE_SECRET: 'z'.repeat(32) },
      }).secret.length,
    ).toBe(32);
  });
});
