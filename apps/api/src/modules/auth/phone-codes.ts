import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH } from '@storefront/domain';

/**
 * SMS codes: drawn from the CSPRNG and kept only as HMAC-SHA256 under a server key.
 *
 * Why an HMAC and not scrypt: a six-digit code has a million values, so any unkeyed hash, however slow,
 * falls to an offline search of a leaked table (a million scrypt calls is hours on one core, minutes on a
 * few). The key lives outside the database, so the stored value alone reveals nothing, and checking stays
 * cheap (no CPU an attacker can make us burn). Online guessing is what the per-phone limits stop.
 * The MAC covers the code's id, brand and phone, so a hash copied to another row or number never matches.
 */
export function newPhoneCode(): { id: string; code: string } {
  return {
    id: randomUUID(),
    code: String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0'),
  };
}

export interface CodeBinding {
  id: string;
  whiteLabel: string;
  phone: string;
}

export function hashPhoneCode(key: Buffer, binding: CodeBinding, code: string): string {
  return createHmac('sha256', key)
    .update(`${binding.id}\n${binding.whiteLabel}\n${binding.phone}\n${code}`)
    .digest('base64url');
}

export function phoneCodeMatches(key: Buffer, binding: CodeBinding, code: string, stored: string): boolean {
  const expected = Buffer.from(hashPhoneCode(key, binding, code));
  const actual = Buffer.from(stored);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
