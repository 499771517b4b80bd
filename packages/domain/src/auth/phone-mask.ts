/**
 * The phone field's mask '+7 (912) 345-67-89', applied as the customer types or pastes. Whatever they
 * type first ('8', '+7', '7' or straight '9') is read as the country prefix, as normalizePhone does.
 */
export const PHONE_MASK_PLACEHOLDER = '+7 (___) ___-__-__';

/** The ten national digits found in what was typed (a leading 8 or 7 is the country prefix). */
export function nationalDigits(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+7') || /^[78]/.test(digits)) digits = digits.slice(1);
  return digits.slice(0, 10);
}

export function formatPhoneInput(input: string): string {
  const d = nationalDigits(input);
  if (d.length === 0) return input.trim() === '' ? '' : '+7 ';
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length >= 3) out += ')';
  if (d.length > 3) out += ` ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}
