import { type Minor, minor } from '../money/money.ts';

/** Providers write money as a decimal string with a dot and two places ('1290.00'); we keep minor units. */
export function minorToAmountString(amount: Minor): string {
  const whole = Math.trunc(amount / 100);
  const cents = Math.abs(amount % 100);
  return `${amount < 0 && whole === 0 ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`;
}

/** '1290.00', '1290.5', '1290' → minor units; null for anything else (never a float on the way). */
export function amountStringToMinor(value: string): Minor | null {
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const units = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor(sign === '-' ? -units : units);
}
