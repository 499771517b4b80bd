import { type DeliveryDetailsInput, deliveryDetailsIssues } from '@storefront/domain';
import { type Ref, useImperativeHandle } from 'react';
import { useForm } from 'react-hook-form';
import { issuesResolver } from '../../../shared/forms/issues-resolver.ts';
import { MethodStep, type MethodStepProps } from './method-step.tsx';

/** The delivery details' rules, from packages/domain: the API's contract checks the same limits. */
const detailsResolver = issuesResolver<DeliveryDetailsInput>(deliveryDetailsIssues);

/** What the popup does with the delivery-details form it does not own (see location-popup-content.tsx). */
export interface DeliveryDetailsForm {
  /** Checks the details (focusing the first wrong one) and calls `onValid` when they pass. */
  submit: (onValid: () => void) => void;
  values: () => DeliveryDetailsInput;
  reset: (values: DeliveryDetailsInput) => void;
}

export interface MethodStepFormProps extends Omit<MethodStepProps, 'details'> {
  /** The details the form starts from (the saved ones, or none once the city changed). */
  initialDetails: DeliveryDetailsInput;
  ref?: Ref<DeliveryDetailsForm>;
}

/**
 * The method step with its delivery-details form (apartment … comment): a chunk of its own, so the popup's
 * first render (the city step on a first visit) carries no form code (react-hook-form, the issues resolver,
 * the fields). It stays mounted while the step shows, so the details outlive a method switch. A long
 * comment is flagged as it is typed (docs/product.md §5), and Save is refused until it is cut.
 */
export default function MethodStepForm({ initialDetails, ref, ...props }: MethodStepFormProps) {
  const details = useForm<DeliveryDetailsInput>({
    defaultValues: initialDetails,
    resolver: detailsResolver,
    mode: 'onChange',
  });
  const { handleSubmit, getValues, reset } = details;
  useImperativeHandle(
    ref,
    () => ({
      submit: (onValid) => void handleSubmit(() => onValid())(),
      values: () => getValues(),
      reset: (values) => reset(values),
    }),
    [handleSubmit, getValues, reset],
  );
  return <MethodStep {...props} details={details} />;
}
