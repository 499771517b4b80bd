import { ERROR_MESSAGES, type Locale, type OnlinePayMethod } from '@storefront/domain';
import { formIssueText } from '../../../shared/forms/form-rule-messages.ts';

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
  /** Paying online: card, SBP or SberPay, among the restaurant's (decision 55). */
  onlineMethod: OnlinePayMethod;
}

export type FieldName = keyof CheckoutValues;

/**
 * The words of a field's issue: the API's catalogue when it knows the code, else the server's own message
 * (already in the interface language), else docs/product.md §5's generic rule (formIssueText), never the code.
 */
export function issueText(
  code: string | undefined,
  message: string | undefined,
  locale: Locale,
): string | undefined {
  if (!code) return undefined;
  return Object.hasOwn(ERROR_MESSAGES, code)
    ? formIssueText(code, locale)
    : message || formIssueText(code, locale);
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
  onlineMethod: 'onlineMethod',
};
