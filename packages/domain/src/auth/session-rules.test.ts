import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneInput, nationalDigits } from './phone-mask.ts';
import { normalizePhone } from './phone-sign-in.ts';
import {
  contactFromProfile,
  decodeBase64Url,
  fillEmptyContact,
  isAccessTokenExpired,
  isAuthorised,
  jwtExpiresAtMs,
  type Profile,
} from './session-rules.ts';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 1,
  email: 'anna@example.com',
  firstName: 'Анна',
  lastName: null,
  phone: '+79123456789',
  deliveries: [],
  ...overrides,
});
const tokens = { accessToken: 'a', refreshToken: 'r', source: 'PHONE' as const };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** ASCII → base64url, written out so the test needs no browser or Node globals either. */
const base64Url = (value: string) => {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const char of value) {
    buffer = (buffer << 8) | char.charCodeAt(0);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(buffer >> bits) & 63];
    }
  }
  return bits > 0 ? out + ALPHABET[(buffer << (6 - bits)) & 63] : out;
};
const jwt = (payload: object) => `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(payload))}.sig`;

describe('authorisation (docs/product.md §4)', () => {
  it('needs a profile and both tokens', () => {
    expect(isAuthorised(profile(), tokens)).toBe(true);
    expect(isAuthorised(null, tokens)).toBe(false);
    expect(isAuthorised(profile(), null)).toBe(false);
    expect(isAuthorised(profile(), { ...tokens, refreshToken: '' })).toBe(false);
    expect(isAuthorised(profile(), { ...tokens, accessToken: '' })).toBe(false);
  });
});

describe('the contact from a profile (docs/product.md §3)', () => {
  it('takes the profile email, first name and phone', () => {
    expect(contactFromProfile(profile())).toEqual({
      name: 'Анна',
      email: 'anna@example.com',
      phone: '+79123456789',
    });
  });

  it("lets the first delivery entry's fields override them, field by field", () => {
    const withDelivery = profile({
      deliveries: [
        { email: null, personName: 'Аня', phone: '+79990000000' },
        { email: 'second@example.com', personName: 'Другая', phone: null },
      ],
    });
    expect(contactFromProfile(withDelivery)).toEqual({
      name: 'Аня',
      email: 'anna@example.com',
      phone: '+79990000000',
    });
  });

  it('fills only the empty fields on sign-in', () => {
    expect(fillEmptyContact({ name: 'Пётр', email: ' ', phone: null }, profile())).toEqual({
      name: 'Пётр',
      email: 'anna@example.com',
      phone: '+79123456789',
    });
  });
});

describe('access token expiry (docs/product.md §4 Token refresh)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('decodes base64url as the RFC 4648 test vectors say, and refuses other characters', () => {
    expect(['Zg', 'Zm8', 'Zm9v', 'Zm9vYg', 'Zm9vYmE', 'Zm9vYmFy'].map(decodeBase64Url)).toEqual([
      'f',
      'fo',
      'foo',
      'foob',
      'fooba',
      'foobar',
    ]);
    expect(decodeBase64Url('0L_RgNC40LLQtdGC')).toBe('привет');
    expect(decodeBase64Url('Zm9v+')).toBeNull();
  });

  it('reads exp from the payload', () => {
    expect(jwtExpiresAtMs(jwt({ exp: now / 1000 + 600 }))).toBe(now + 600_000);
  });

  it('is expired at exp, and a little before it', () => {
    expect(isAccessTokenExpired(jwt({ exp: now / 1000 + 600 }), now)).toBe(false);
    expect(isAccessTokenExpired(jwt({ exp: now / 1000 + 10 }), now)).toBe(true);
    expect(isAccessTokenExpired(jwt({ exp: now / 1000 - 1 }), now)).toBe(true);
  });

  it('counts a token it cannot read as expired, so it is refreshed rather than sent', () => {
    for (const bad of ['', 'abc', 'a.b.c', jwt({ exp: 'soon' }), jwt({}), 'a.!!!.c'])
      expect(isAccessTokenExpired(bad, now)).toBe(true);
  });
});

describe('phone mask', () => {
  it('formats as the customer types, whatever prefix they start with', () => {
    expect(formatPhoneInput('9')).toBe('+7 (9');
    expect(formatPhoneInput('912')).toBe('+7 (912)');
    expect(formatPhoneInput('8912345')).toBe('+7 (912) 345');
    expect(formatPhoneInput('+7 912 345 67 89')).toBe('+7 (912) 345-67-89');
    expect(formatPhoneInput('89123456789000')).toBe('+7 (912) 345-67-89');
    expect(formatPhoneInput('')).toBe('');
  });

  it('never changes the number normalizePhone reads', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), fc.constantFrom('', '8', '7', '+7'), (national, prefix) => {
        const masked = formatPhoneInput(prefix + national);
        expect(nationalDigits(masked)).toBe(national);
        expect(normalizePhone(masked)).toEqual({ ok: true, phone: `+7${national}` });
      }),
    );
  });
});
