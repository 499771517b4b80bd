/**
 * Random strings for OAuth: PKCE verifiers, states and ID-token nonces. The alphabet is RFC 7636's
 * "unreserved" set minus '.' and '~', which is exactly what VK ID documents for code_verifier
 * (a-z, A-Z, 0-9, '_', '-'); it needs no escaping in a URL, a cookie or a header.
 */
export const URL_SAFE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** Fills a byte array with CSPRNG output; injectable so the sampling can be tested with chosen bytes. */
export type FillRandom = (bytes: Uint8Array) => Uint8Array;

const cryptoFill: FillRandom = (bytes) => crypto.getRandomValues(bytes);

/**
 * `length` characters of `alphabet`, each uniformly distributed. A byte is used only when it is below
 * the largest multiple of the alphabet size (rejection sampling): `byte % size` alone would favour the
 * first `256 % size` characters. With the 64-character default nothing is ever rejected, but the rule
 * keeps any other alphabet honest.
 */
export function randomString(
  length: number,
  alphabet: string = URL_SAFE_ALPHABET,
  fill: FillRandom = cryptoFill,
): string {
  const size = alphabet.length;
  if (size < 2 || size > 256) throw new RangeError(`alphabet must have 2..256 characters, got ${size}`);
  const limit = 256 - (256 % size);
  let out = '';
  while (out.length < length) {
    // Ask for a few spare bytes so a rejected one rarely costs another call.
    const bytes = fill(new Uint8Array(Math.max(16, (length - out.length) * 2)));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      out += alphabet[byte % size];
      if (out.length === length) break;
    }
  }
  return out;
}

/** docs/product.md §3 / INTEGRATIONS: the nonce sent to Google or Apple and checked by the server in the ID token. */
export const NONCE_LENGTH = 43;

/** 43 characters of 6 bits each: 258 bits, well over the 128 a nonce needs. */
export function createNonce(length: number = NONCE_LENGTH): string {
  if (length < 32) throw new RangeError(`a nonce needs at least 32 characters, got ${length}`);
  return randomString(length);
}
