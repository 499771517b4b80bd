import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutValues, FieldName } from '../model/checkout-values.ts';

/** What a section of the checkout form is given: the form, and each field's issue in words. */
export interface CheckoutFormSection {
  form: UseFormReturn<CheckoutValues>;
  errorOf: (name: FieldName) => string | undefined;
}
