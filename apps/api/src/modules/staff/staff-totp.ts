import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The staff's second factor: TOTP (RFC 6238 over RFC 4226's HOTP) with what every authenticator app
 * reads: HMAC-SHA-1, 6 digits, 30-second steps, and one step either side for a clock that is a little off.
 * Written on node:crypto's HMAC rather than taken from a package: it is two dozen lines checked against the
 * RFC's own test vectors, and a dependency would add more code to trust than it saves (decision 40).
 */

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the server's: ±30 s of clock drift. */
export const TOTP_WINDOW = 1;
/** 160 bits, RFC 4226's recommended secret length for SHA-1. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, the last `digits` digits. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (ms since the epoch). */
export const totpStepAt = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_S);

/** A new secret, base32. */
export const newTotpSecret = () => base32Encode(randomBytes(SECRET_BYTES));

/**
 * The step whose code this is, within ±TOTP_WINDOW of now and after `lastStep` (a code already used, or
 * an older one, is refused: RFC 6238 §5.2), or null. Spaces in the typed code are ignored.
 */
export function matchTotp(
  secretBase32: string,
  typed: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const code = typed.replace(/\s+/g, '');
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const secret = base32Decode(secretBase32);
  const current = totpStepAt(nowMs);
  let matched: number | null = null;
  // Every candidate is computed and compared, so the time taken does not tell which step matched.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (same && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI an authenticator app reads from a QR code or a link (Key Uri Format). */
export function totpUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_S),
  });
  return `otpauth://totp/${label}?${query}`;
}
