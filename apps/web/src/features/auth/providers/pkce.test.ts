import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_VERIFIER_MAX_LENGTH,
  CODE_VERIFIER_MIN_LENGTH,
  codeChallengeS256,
  createCodeVerifier,
  createState,
  isValidCodeVerifier,
} from './pkce.ts';
import { createNonce, randomString, URL_SAFE_ALPHABET } from './random-string.ts';

const ALPHABET = /^[A-Za-z0-9_-]*$/;

describe('createCodeVerifier', () => {
  it('has the asked length and only letters, digits, _ and - for every allowed length', () => {
    fc.assert(
      fc.property(fc.integer({ min: CODE_VERIFIER_MIN_LENGTH, max: CODE_VERIFIER_MAX_LENGTH }), (length) => {
        const verifier = createCodeVerifier(length);
        expect(verifier).toHaveLength(length);
        expect(verifier).toMatch(ALPHABET);
        expect(isValidCodeVerifier(verifier)).toBe(true);
      }),
    );
  });

  it('defaults to 64 characters', () => {
    expect(createCodeVerifier()).toHaveLength(64);
  });

  it('throws a RangeError outside 43..128', () => {
    for (const length of [0, 42, 129, 256, -1, 43.5, Number.NaN]) {
      expect(() => createCodeVerifier(length)).toThrow(RangeError);
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: CODE_VERIFIER_MIN_LENGTH - 1 }),
          fc.integer({ min: CODE_VERIFIER_MAX_LENGTH + 1 }),
        ),
        (length) => {
          expect(() => createCodeVerifier(length)).toThrow(RangeError);
        },
      ),
    );
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => createCodeVerifier()));
    expect(seen.size).toBe(200);
  });
});

describe('createState', () => {
  it('is 64 characters of the same alphabet', () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const state = createState();
        expect(state).toHaveLength(64);
        expect(state).toMatch(ALPHABET);
      }),
      { numRuns: 50 },
    );
  });
});

describe('isValidCodeVerifier', () => {
  it('refuses wrong lengths, other characters and non-strings', () => {
    expect(isValidCodeVerifier('a'.repeat(42))).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)}.`)).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)}~`)).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isValidCodeVerifier(null)).toBe(false);
    expect(isValidCodeVerifier(43)).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(43))).toBe(true);
    expect(isValidCodeVerifier('a'.repeat(128))).toBe(true);
  });
});

describe('codeChallengeS256', () => {
  it('matches RFC 7636 Appendix B', async () => {
    // The RFC's own pair (Appendix B): verifier -> challenge.
    await expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('is 43 base64url characters without padding for any verifier', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 43, max: 128 }), async (length) => {
        const challenge = await codeChallengeS256(createCodeVerifier(length));
        expect(challenge).toHaveLength(43);
        expect(challenge).toMatch(ALPHABET);
      }),
      { numRuns: 30 },
    );
  });
});

describe('randomString', () => {
  it('rejects bytes at or above the largest multiple of the alphabet size', () => {
    // 62 characters: 256 % 62 = 8, so bytes 248..255 would favour the first 8 characters.
    const alphabet = URL_SAFE_ALPHABET.slice(0, 62);
    const fill = (bytes: Uint8Array) => {
      bytes.fill(0);
      bytes.set([255, 248, 247, 62, 1]);
      return bytes;
    };
    expect(randomString(3, alphabet, fill)).toBe(`${alphabet[247 % 62]}${alphabet[0]}${alphabet[1]}`);
  });

  it('uses every character of the 64-character alphabet with equal weight', () => {
    const fill = (bytes: Uint8Array) => {
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = i % 256;
      return bytes;
    };
    const counts = new Map<string, number>();
    for (const ch of randomString(512, URL_SAFE_ALPHABET, fill)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(64);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });
});

describe('createNonce', () => {
  it('is at least 32 URL-safe characters and refuses shorter ones', () => {
    expect(createNonce()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createNonce(32)).toHaveLength(32);
    expect(() => createNonce(31)).toThrow(RangeError);
  });
});
