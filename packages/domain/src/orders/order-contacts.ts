import { normalizePhone } from '../auth/phone-sign-in.ts';

/**
 * The checkout's contact fields (docs/product.md §3 'Order form fields', §5): the storefront's form and the API read the
 * same rules, so what the form lets through is what the server takes. A plain function, not a zod schema:
 * the browser carries no zod (decision 7); the form wires it in as a resolver (decision 16).
 */

/** docs/product.md §9: name max 50, comment max 100 characters. */
export const PERSON_NAME_MAX = 50;
export const ORDER_COMMENT_MAX = 100;
export const EMAIL_MAX = 254;

/** Letters of any script, spaces, hyphens, apostrophes and dots; at least one letter. */
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;
/** One @, something before it, a dotted domain after it, no spaces: what a receipt can be sent to. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type OrderContactField = 'name' | 'phone' | 'email' | 'comment';

/** The UI and the API translate each (ERROR_MESSAGES holds the docs/product.md §5 words). */
export type OrderContactIssue =
  | 'person-name.required'
  | 'person-name.too-long'
  | 'person-name.invalid'
  | 'phone.required'
  | 'person-phone.invalid'
  | 'email.receipt-required'
  | 'email.invalid'
  | 'order-comment.too-long';

function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

export function personNameIssue(value: string | null | undefined): OrderContactIssue | undefined {
  const name = (value ?? '').trim();
  if (name === '') return 'person-name.required';
  if (characterCount(name) > PERSON_NAME_MAX) return 'person-name.too-long';
  if (!NAME_PATTERN.test(name)) return 'person-name.invalid';
  return undefined;
}

function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** The receipt e-mail: required when paying online (54-FZ receipts go there), checked whenever given. */
export function receiptEmailIssue(
  value: string | null | undefined,
  required: boolean,
): OrderContactIssue | undefined {
  const email = (value ?? '').trim();
  if (email === '') return required ? 'email.receipt-required' : undefined;
  return isEmail(email) ? undefined : 'email.invalid';
}

function orderCommentIssue(value: string | null | undefined): OrderContactIssue | undefined {
  return characterCount(value ?? '') > ORDER_COMMENT_MAX ? 'order-comment.too-long' : undefined;
}

/** Every issue of the contact fields, by field; `{}` when the order may go. */
export function orderContactIssues(
  contacts: { name?: string | null; phone?: string | null; email?: string | null; comment?: string | null },
  options: { emailRequired: boolean },
): Partial<Record<OrderContactField, OrderContactIssue>> {
  const issues: Partial<Record<OrderContactField, OrderContactIssue>> = {};
  const name = personNameIssue(contacts.name);
  if (name) issues.name = name;
  const phone = normalizePhone(contacts.phone ?? '');
  // docs/product.md §5 has its own words for a wrong number on the order form: 'Номер указан некорректно'.
  if (!phone.ok) issues.phone = phone.issue === 'phone.required' ? 'phone.required' : 'person-phone.invalid';
  const email = receiptEmailIssue(contacts.email, options.emailRequired);
  if (email) issues.email = email;
  const comment = orderCommentIssue(contacts.comment);
  if (comment) issues.comment = comment;
  return issues;
}
