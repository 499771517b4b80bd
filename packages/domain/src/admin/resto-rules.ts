/**
 * The rules of a restaurant's contacts, shared by the API's contract and the back office's form (which imports no
 * zod at run time).
 */

/**
 * A phone number as customers dial it: an optional +, then 7 to 15 digits that spaces, hyphens and brackets may
 * separate ('+7 843 200-00-01').
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9][0-9 ()-]*[0-9]$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** An e-mail address: one @, a dot in the domain, no spaces. */
export const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * A link a customer opens: http or https only (no javascript:, no mailto:), a host, no spaces. A pattern rather than
 * URL: the domain's code runs where no URL global is declared.
 */
export const isWebLink = (value: string) =>
  /^https?:\/\/[a-z0-9\u00a0-\uffff-]+(\.[a-z0-9\u00a0-\uffff-]+)*(:\d{1,5})?([/?#]\S*)?$/i.test(value);
