import {
  type CustomerDeliveryMethod,
  formatPhoneInput,
  type OrderContact,
  orderContactIssues,
  type PaymentMethod,
} from '@storefront/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { selectionsStore, useSelections } from '../../../entities/location/selections-store.ts';
import { orderDraftStore, useOrderDraft } from '../../../entities/order-draft/order-draft-store.ts';
import { issuesResolver } from '../../../shared/forms/issues-resolver.ts';
import type { CheckoutValues } from './checkout-values.ts';

/**
 * The checkout's react-hook-form (decision 16): started from the draft and the saved place, checked by the
 * domain's rules (an e-mail for an online payment, an address for a delivery), and writing whatever is
 * typed back to the draft (contacts, comment) or the saved place (details) at once.
 */
export function useCheckoutForm(payType: PaymentMethod | null, method: CustomerDeliveryMethod | null) {
  const place = useSelections((state) => state.deliveryPlace);

  // The form's context for the resolver, read at validation time.
  const context = useRef({ emailRequired: false, needsAddress: false });
  context.current = {
    emailRequired: payType === 'CARD_ONLINE',
    // The point is the place; a map point without a street has no address line and is still one.
    needsAddress: method === 'DELIVERY' && !place?.location,
  };
  const resolver = useMemo(
    () =>
      issuesResolver<CheckoutValues>((values) => ({
        ...orderContactIssues(values, { emailRequired: context.current.emailRequired }),
        ...(context.current.needsAddress ? { address: 'order.address-required' } : {}),
      })),
    [],
  );

  const draft = orderDraftStore.getState();
  const form = useForm<CheckoutValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      name: draft.contact.name ?? '',
      phone: formatPhoneInput(draft.contact.phone ?? ''),
      email: draft.contact.email ?? '',
      comment: draft.comment,
      apartment: place?.apartment ?? '',
      entrance: place?.entrance ?? '',
      floor: place?.floor ?? '',
      intercom: place?.intercom ?? '',
      placeComment: place?.comment ?? '',
      address: '',
      onlineMethod: 'card',
    },
  });

  // Whatever is typed goes to the draft (contacts, comment) or the saved place (details) at once.
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      const store = orderDraftStore.getState();
      if (name === 'name' || name === 'phone' || name === 'email') {
        store.setContact({ [name]: values[name] || null } as Partial<OrderContact>);
      } else if (name === 'comment') {
        store.setComment(values.comment ?? '');
      } else if (
        name === 'apartment' ||
        name === 'entrance' ||
        name === 'floor' ||
        name === 'intercom' ||
        name === 'placeComment'
      ) {
        const current = selectionsStore.getState().deliveryPlace;
        if (!current) return;
        const key = name === 'placeComment' ? 'comment' : name;
        selectionsStore.setState({ deliveryPlace: { ...current, [key]: values[name] || null } });
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Signing in on the way fills the empty contact fields (the draft did it; the form follows).
  const contact = useOrderDraft((state) => state.contact);
  useEffect(() => {
    for (const key of ['name', 'email', 'phone'] as const) {
      const value = contact[key];
      if (value && !form.getValues(key)) {
        form.setValue(key, key === 'phone' ? formatPhoneInput(value) : value);
      }
    }
  }, [contact, form]);

  return form;
}
