import { ERROR_MESSAGES, type Locale, pickText } from '@storefront/domain';

/** The checkout form's values: contacts, the delivery place's details and the order's comment. */
export interface CheckoutValues {
  name: string;
  phone: string;
  email: string;
  comment: string;
  apartment: string;
  entrance: string;
  floor: string;
  intercom: string;
  placeComment: string;
  /** Not typed: carries the 'no address' issue of a delivery to its place in the form. */
  address: string;
}

export type FieldName = keyof CheckoutValues;

/** The words of a field's issue: the API's catalogue when it knows the code, else the message or the code. */
export function issueText(
  code: string | undefined,
  message: string | undefined,
  locale: Locale,
): string | undefined {
  if (!code) return undefined;
  const known = (ERROR_MESSAGES as Record<string, { ru: string; en?: string }>)[code];
  return known ? pickText(known, locale) : message || code;
}

/** 400 field names of the API → the form's fields. */
export const API_FIELDS: Record<string, FieldName> = {
  'person.name': 'name',
  'person.phone': 'phone',
  'person.email': 'email',
  comment: 'comment',
  'deliveryPlace.apartment': 'apartment',
  'deliveryPlace.entrance': 'entrance',
  'deliveryPlace.floor': 'floor',
  'deliveryPlace.intercom': 'intercom',
  'deliveryPlace.comment': 'placeComment',
  address: 'address',
  location: 'address',
};
