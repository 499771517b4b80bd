/**
 * The delivery-details form (docs/product.md §2 item 2, §3 'Delivery place', §5): what the customer types about
 * a delivery address besides the address itself. The storefront's form and the API's contract
 * (`contracts/location.ts`, `deliveryPlace`) read the same limits and the same check, so a value the
 * form lets through is one the server takes, and the other way round.
 *
 * A plain function, not a zod schema: the browser bundle carries no zod (decision 7), and the form
 * wires this into react-hook-form as a resolver (decision 16).
 */

/** The fields of the form, in the order it shows them. */
export const DELIVERY_DETAIL_FIELDS = ['apartment', 'entrance', 'floor', 'intercom', 'comment'] as const;
export type DeliveryDetailField = (typeof DELIVERY_DETAIL_FIELDS)[number];

/** docs/product.md §5 / §9: comment max 100 characters. */
export const DELIVERY_COMMENT_MAX = 100;

/** The longest value of each field, in characters (docs/product.md §5 for the comment; 50 for the short ones). */
export const DELIVERY_DETAIL_MAX: Readonly<Record<DeliveryDetailField, number>> = Object.freeze({
  apartment: 50,
  entrance: 50,
  floor: 50,
  intercom: 50,
  comment: DELIVERY_COMMENT_MAX,
});

/** What the form holds: a string per field, '' when empty. */
export type DeliveryDetailsInput = Record<DeliveryDetailField, string>;

/** What a delivery place stores: null for an empty field (docs/product.md §3: all nullable). */
export type DeliveryDetails = Record<DeliveryDetailField, string | null>;

/** Why a field's value cannot be saved. The UI translates the code (the limit is `DELIVERY_DETAIL_MAX`). */
export type DeliveryDetailIssue = 'delivery-detail.too-long';

/**
 * Characters as PostgreSQL and zod count them: code points, so an emoji is one, not two UTF-16 units.
 * (A textarea's `maxLength` counts units: stricter, so what it lets through is never refused here.)
 */
function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** The issue of one field's value, or undefined when it can be saved. Every field is optional. */
export function deliveryDetailIssue(
  field: DeliveryDetailField,
  value: string | null | undefined,
): DeliveryDetailIssue | undefined {
  return characterCount(value ?? '') > DELIVERY_DETAIL_MAX[field] ? 'delivery-detail.too-long' : undefined;
}

/** The issues of a whole form (only the fields that have one); `{}` when it can be saved. */
export function deliveryDetailsIssues(
  details: Partial<Record<DeliveryDetailField, string | null>>,
): Partial<Record<DeliveryDetailField, DeliveryDetailIssue>> {
  const issues: Partial<Record<DeliveryDetailField, DeliveryDetailIssue>> = {};
  for (const field of DELIVERY_DETAIL_FIELDS) {
    const issue = deliveryDetailIssue(field, details[field]);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** The form's values from a stored place (null becomes ''). */
export function deliveryDetailsInput(
  place: Partial<Record<DeliveryDetailField, string | null>> | null,
): DeliveryDetailsInput {
  return {
    apartment: place?.apartment ?? '',
    entrance: place?.entrance ?? '',
    floor: place?.floor ?? '',
    intercom: place?.intercom ?? '',
    comment: place?.comment ?? '',
  };
}

/** The stored place's fields from the form ('' becomes null, as an untouched field is). */
export function deliveryDetailsFromInput(input: DeliveryDetailsInput): DeliveryDetails {
  return {
    apartment: input.apartment || null,
    entrance: input.entrance || null,
    floor: input.floor || null,
    intercom: input.intercom || null,
    comment: input.comment || null,
  };
}
