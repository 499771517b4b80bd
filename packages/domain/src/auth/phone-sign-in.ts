/**
 * Phone sign-in rules shared by the storefront form and the API (docs/product.md §5, §8, §9): the phone is
 * normalised to E.164 for Russia (+7 and ten digits of a mobile number), the SMS code is six digits.
 */

/** Seconds between two code requests for one phone (docs/product.md §9). */
export const SMS_RESEND_INTERVAL_S = 90;
/** How long too many requests or wrong codes block a phone (docs/product.md §8, §9). */
export const SMS_BLOCK_S = 3600;
/** Digits of an SMS code. */
export const SMS_CODE_LENGTH = 6;
/** Longest phone input worth reading: '+7 (912) 345-67-89' with generous spacing. */
export const PHONE_INPUT_MAX_LENGTH = 40;

export type PhoneIssue = 'phone.required' | 'phone.invalid';
export type SmsCodeIssue = 'sms-code.required' | 'sms-code.too-short' | 'sms-code.invalid';

export type PhoneResult = { ok: true; phone: string } | { ok: false; issue: PhoneIssue };

/** What people type between digits: spaces (also no-break), brackets, hyphens and dashes, dots. */
const SEPARATORS = /[\s\u00a0()\-\u2010-\u2015.]/g;

/**
 * '8 (912) 345-67-89', '+7 912 345 67 89', '79123456789' and '9123456789' all become '+79123456789'.
 * Only mobile numbers (the ten national digits start with 9) can receive an SMS, so others are invalid.
 */
export function normalizePhone(input: unknown): PhoneResult {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, issue: 'phone.required' };
  if (input.length > PHONE_INPUT_MAX_LENGTH) return { ok: false, issue: 'phone.invalid' };
  const compact = input.replace(SEPARATORS, '');
  const match = /^(?:\+7|7|8)?(9\d{9})$/.exec(compact);
  if (!match) return { ok: false, issue: 'phone.invalid' };
  return { ok: true, phone: `+7${match[1]}` };
}

/** Why an SMS code cannot be right before it is even checked; undefined when it is well-formed. */
export function smsCodeIssue(input: unknown): SmsCodeIssue | undefined {
  if (typeof input !== 'string' || input.trim() === '') return 'sms-code.required';
  const code = input.trim();
  if (!/^\d+$/.test(code)) return 'sms-code.invalid';
  if (code.length < SMS_CODE_LENGTH) return 'sms-code.too-short';
  if (code.length > SMS_CODE_LENGTH) return 'sms-code.invalid';
  return undefined;
}
