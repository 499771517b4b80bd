import {
  allowedPaymentMethods,
  defaultPaymentMethod,
  ERROR_MESSAGES,
  formatMoney,
  formatPhoneInput,
  type Locale,
  minor,
  normalizePhone,
  ORDER_COMMENT_MAX,
  type OrderContact,
  orderContactIssues,
  type PaymentMethod,
  PHONE_MASK_PLACEHOLDER,
  paymentOptionsFor,
  pickText,
  preOrderDays,
} from '@storefront/domain';
import type { Order, PlaceOrderRequest, PreflightResponse } from '@storefront/domain/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { readPreflight } from '../../../entities/cart/preflight-handling.ts';
import { useCartPreflight } from '../../../entities/cart/preflight-query.ts';
import { preflightKey } from '../../../entities/cart/preflight-request.ts';
import { menuPositionsQuery, restoWorkingHoursQuery } from '../../../entities/catalog/catalog-queries.ts';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { selectionsStore, useSelections } from '../../../entities/location/selections-store.ts';
import { orderDraftStore, useOrderDraft } from '../../../entities/order-draft/order-draft-store.ts';
import { failureText, orderQuery, refusedPreflight } from '../../../entities/orders/order-client.ts';
import { preOrderRulesFor, restoClockDate, restoClockTime } from '../../../entities/orders/pre-order.ts';
import { useIsAuthorised, usePerson } from '../../../entities/session/person-store.ts';
import { track } from '../../../shared/analytics/track.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { useBrand } from '../../../shared/config.tsx';
import { issuesResolver } from '../../../shared/forms/issues-resolver.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { externalNavigation } from '../../../shared/navigation/external-navigation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field, PERSONAL_CLASSES } from '../../../shared/ui/field.tsx';
import { ProgressOverlay } from '../../../shared/ui/progress-overlay.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import { afterPlacement, bodyFingerprint, placeOrder, type Sleep } from '../model/place-order.ts';
import styles from './checkout.module.css';
import { PriceChangedDialog } from './price-changed-dialog.tsx';

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

type FieldName = keyof CheckoutValues;

function issueText(
  code: string | undefined,
  message: string | undefined,
  locale: Locale,
): string | undefined {
  if (!code) return undefined;
  const known = (ERROR_MESSAGES as Record<string, { ru: string; en?: string }>)[code];
  return known ? pickText(known, locale) : message || code;
}

/** 400 field names of the API → the form's fields. */
const API_FIELDS: Record<string, FieldName> = {
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

export interface CheckoutSectionProps {
  /** Tests pass a quick clock for the retries' waits. */
  sleep?: Sleep;
}

/**
 * The checkout below the cart (docs/product.md §2 item 16, decision 21): contacts, delivery details, comment, payment
 * method, time; then the order is placed exactly once (ORDERING.md) and its page opens.
 */
export function CheckoutSection({ sleep }: CheckoutSectionProps) {
  const { t } = useCheckoutTexts();
  const navigate = useNavigate();
  const authorised = useIsAuthorised();
  if (!authorised) {
    return (
      <section className={styles.card} aria-labelledby="checkout-title" data-testid="checkout-sign-in">
        <h2 id="checkout-title" className={styles.title}>
          {t('title')}
        </h2>
        <p>{t('signInRequired')}</p>
        <Button
          variant="primary"
          size="l"
          fullWidth
          onClick={() => navigate('/auth', { state: { from: '/cart', reason: 'checkout' } })}
          data-testid="checkout-sign-in-button"
        >
          {t('signIn')}
        </Button>
      </section>
    );
  }
  return <CheckoutForm sleep={sleep} />;
}

function CheckoutForm({ sleep }: CheckoutSectionProps) {
  const { t } = useCheckoutTexts();
  const locale = useLocale();
  const brand = useBrand();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { resto, method } = useCurrentLocation();
  const personId = usePerson((state) => state.profile?.id ?? null);
  const place = useSelections((state) => state.deliveryPlace);
  const savedPayment = useSelections((state) => state.paymentMethod);
  const preOrderAt = useOrderDraft((state) => state.preOrderAt);
  const { request, query, currency } = useCartPreflight();
  const answer = query.data;
  const fresh = query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  const reading = useMemo(() => readPreflight(answer?.problems ?? []), [answer]);
  const money = (amount: number) => formatMoney(minor(amount), currency, locale);
  // Checkout started: once per visit of the form, with the total of its first quote.
  const checkoutTracked = useRef(false);
  useEffect(() => {
    if (!answer || checkoutTracked.current) return;
    checkoutTracked.current = true;
    track({ type: 'checkout-started', total: answer.payable, currency });
  }, [answer, currency]);

  // Payment: only what the restaurant takes for this method (docs/product.md §4), CARD_ONLINE first when it does.
  const allowed = useMemo(
    () => (resto && method ? allowedPaymentMethods(paymentOptionsFor(resto.payConfig, method)) : []),
    [resto, method],
  );
  const fallback = resto && method ? defaultPaymentMethod(paymentOptionsFor(resto.payConfig, method)) : null;
  const payType: PaymentMethod | null =
    savedPayment && allowed.includes(savedPayment) ? savedPayment : fallback;
  const [paymentReset, setPaymentReset] = useState<{ was: PaymentMethod; now: PaymentMethod } | null>(null);
  useEffect(() => {
    if (savedPayment && fallback && !allowed.includes(savedPayment)) {
      setPaymentReset({ was: savedPayment, now: fallback });
      selectionsStore.setState({ paymentMethod: fallback });
    }
  }, [savedPayment, fallback, allowed]);

  // The form's context for the resolver, read at validation time.
  const context = useRef({ emailRequired: false, needsAddress: false });
  context.current = {
    emailRequired: payType === 'CARD_ONLINE',
    needsAddress: method === 'DELIVERY' && !(place?.address?.trim() && place.location),
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
    },
  });
  const errors = form.formState.errors;
  const errorOf = (name: FieldName) => issueText(errors[name]?.type as string, errors[name]?.message, locale);

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

  // Pre-order: days and slots on the restaurant's clock, from its working-hours answer (docs/product.md §3).
  const preOrderOn = brand.features.preOrder;
  const hours = useQuery({ ...restoWorkingHoursQuery(resto?.id ?? 0), enabled: !!resto && preOrderOn });
  const days = useMemo(
    () =>
      resto && method && preOrderOn && hours.data
        ? preOrderDays(preOrderRulesFor(resto, method, hours.data, serverNow()))
        : [],
    [resto, method, preOrderOn, hours.data],
  );
  // A time already past (or pre-orders switched off for the brand) is dropped: as soon as possible again.
  useEffect(() => {
    if (preOrderAt && (!preOrderOn || Date.parse(preOrderAt) <= serverNow())) {
      orderDraftStore.getState().setPreOrderAt(null);
    }
  }, [preOrderAt, preOrderOn]);
  const chosenMs = preOrderAt ? Date.parse(preOrderAt) : null;
  const chosenDay = chosenMs === null ? null : (days.find((day) => day.slots.includes(chosenMs)) ?? null);
  const dayLabel = (day: (typeof days)[number]) =>
    day.daysAhead === 0
      ? t('today')
      : day.daysAhead === 1
        ? t('tomorrow')
        : restoClockDate(day.dayStartMs + 12 * 3_600_000, resto?.timezone ?? '+03:00', locale);
  const setSlot = (ms: number | null) =>
    orderDraftStore.getState().setPreOrderAt(ms === null ? null : new Date(ms).toISOString());

  // Names of the dishes for the price-change list.
  const lines = cartStore.getState().positions;
  const menuIds = [...new Set(lines.map((line) => line.menu.id))];
  const menus = useQueries({ queries: menuIds.map((menuId) => menuPositionsQuery(menuId)) });
  const nameOf = (id: number, menuId: number) => {
    const position = menus
      .flatMap((menu) => menu.data ?? [])
      .find((p) => p.id === id && p.menu.id === menuId);
    return position ? pickText(position.name, locale) : t('dish', { id });
  };

  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [priceChange, setPriceChange] = useState<{
    before: PreflightResponse;
    after: PreflightResponse;
    body: PlaceOrderRequest;
  } | null>(null);

  const send = async (body: PlaceOrderRequest) => {
    if (personId === null) return;
    const key = orderDraftStore.getState().attemptKey(bodyFingerprint({ ...body, quote: undefined }));
    setPlacing(true);
    setFailure(null);
    try {
      const order: Order = await placeOrder(personId, body, key, sleep);
      // The order exists: only now does the cart empty and the attempt end (ORDERING.md).
      queryClient.setQueryData(orderQuery(personId, order.id).queryKey, order);
      const next = afterPlacement(order);
      // Leaving for the provider's page goes through our return page: the empty cart never flashes while
      // the browser leaves, and Back from the provider's page lands where the payment is checked.
      navigate(next.leave ? `/orders/${order.id}/payment` : next.path);
      orderDraftStore.getState().placed();
      cartStore.getState().clear();
      if (next.leave) externalNavigation.assign(next.url);
    } catch (error) {
      handleFailure(error, body);
    } finally {
      setPlacing(false);
    }
  };

  const handleFailure = (error: unknown, body: PlaceOrderRequest) => {
    if (!(error instanceof ApiError)) {
      setFailure([failureText(error, locale)]);
      return;
    }
    const preflight = refusedPreflight(error);
    if (error.status === 409 && error.code === 'order.price-changed' && preflight && answer) {
      setPriceChange({ before: answer, after: preflight, body });
      return;
    }
    if (preflight && request && personId !== null) {
      // A refused cart: the cart shows the problems where its handling table puts them.
      queryClient.setQueryData(preflightKey(request, personId), preflight);
      const problems = preflight.problems.map((problem) => problem.message);
      setFailure(problems.length > 0 ? problems : [failureText(error, locale)]);
      return;
    }
    if (error.status === 400 && error.fieldErrors.length > 0) {
      let placed = false;
      for (const { field, code, message } of error.fieldErrors) {
        const name = API_FIELDS[field];
        if (!name) continue;
        form.setError(name, { type: code, message });
        placed = true;
      }
      if (placed) return;
    }
    setFailure([failureText(error, locale)]);
  };

  const submit = form.handleSubmit(async (values) => {
    if (!request || !answer || !fresh || reading.blocking || personId === null) return;
    const phone = normalizePhone(values.phone);
    const body: PlaceOrderRequest = {
      ...request,
      preOrderAt: preOrderAt ?? null,
      quote: answer.quote,
      person: {
        name: values.name.trim(),
        phone: phone.ok ? phone.phone : values.phone,
        email: values.email.trim() || null,
      },
      comment: values.comment.trim() || null,
      personCount: request.personCount ?? orderDraftStore.getState().personCount,
      deliveryPlace:
        method === 'DELIVERY'
          ? {
              apartment: values.apartment.trim() || null,
              entrance: values.entrance.trim() || null,
              floor: values.floor.trim() || null,
              intercom: values.intercom.trim() || null,
              comment: values.placeComment.trim() || null,
            }
          : null,
    };
    await send(body);
  });

  const confirmNewPrice = () => {
    if (!priceChange || !request || personId === null) return;
    const { after, body } = priceChange;
    setPriceChange(null);
    // The customer saw the new price: the cart shows it too, and the new body is a new attempt.
    queryClient.setQueryData(preflightKey(request, personId), after);
    orderDraftStore.setState({ attempt: null });
    void send({ ...body, quote: after.quote });
  };

  const ready = !!request && !!answer && fresh && !reading.blocking && payType !== null;
  const register = (name: FieldName) => form.register(name);
  const phoneField = form.register('phone', {
    // The mask of the sign-in form; once submitted, the masked value is what gets re-checked.
    onChange: (event) =>
      form.setValue('phone', formatPhoneInput(event.target.value), {
        shouldValidate: form.formState.isSubmitted,
      }),
  });

  return (
    <section className={styles.card} aria-labelledby="checkout-title">
      <h2 id="checkout-title" className={styles.title}>
        {t('title')}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="checkout-form">
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('contacts')}</legend>
          <Field label={t('name')} required personal error={errorOf('name')}>
            {(control) => (
              <input {...control} {...register('name')} autoComplete="name" data-testid="contact-name" />
            )}
          </Field>
          <Field label={t('phone')} required personal error={errorOf('phone')}>
            {(control) => (
              <input
                {...control}
                {...phoneField}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={PHONE_MASK_PLACEHOLDER}
                data-testid="contact-phone"
              />
            )}
          </Field>
          <Field
            label={t('email')}
            personal
            required={payType === 'CARD_ONLINE'}
            hint={payType === 'CARD_ONLINE' ? t('emailHint') : undefined}
            error={errorOf('email')}
          >
            {(control) => (
              <input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="email"
                data-testid="contact-email"
              />
            )}
          </Field>
        </fieldset>

        {method === 'DELIVERY' && (
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('deliveryDetails')}</legend>
            <div className={styles.address}>
              <p className={PERSONAL_CLASSES} data-testid="checkout-address">
                {place?.address?.trim() || t('noAddress')}
              </p>
              <Button variant="text" onClick={() => appFlagsStore.getState().openLocation()}>
                {t('changeAddress')}
              </Button>
              <input type="hidden" {...register('address')} />
              {errorOf('address') && (
                <p className={styles.error} role="alert" data-testid="address-error">
                  {errorOf('address')}
                </p>
              )}
            </div>
            <div className={styles.details}>
              {(['apartment', 'entrance', 'floor', 'intercom'] as const).map((name) => (
                <Field key={name} label={t(name)} personal error={errorOf(name)}>
                  {(control) => <input {...control} {...register(name)} data-testid={`delivery-${name}`} />}
                </Field>
              ))}
            </div>
            <Field label={t('placeComment')} personal error={errorOf('placeComment')}>
              {(control) => (
                <input {...control} {...register('placeComment')} data-testid="delivery-comment" />
              )}
            </Field>
          </fieldset>
        )}

        <Field label={t('comment')} hint={t('commentHint')} personal error={errorOf('comment')}>
          {(control) => (
            <textarea
              {...control}
              {...register('comment')}
              rows={2}
              maxLength={ORDER_COMMENT_MAX * 2}
              data-testid="order-comment"
            />
          )}
        </Field>

        <fieldset className={styles.group} aria-describedby={paymentReset ? 'payment-reset' : undefined}>
          <legend className={styles.legend}>{t('payment')}</legend>
          {allowed.length === 0 && <p role="alert">{t('noPayment')}</p>}
          {allowed.map((code) => (
            <label key={code} className={styles.radio}>
              <input
                type="radio"
                name="payType"
                value={code}
                checked={payType === code}
                onChange={() => {
                  setPaymentReset(null);
                  selectionsStore.setState({ paymentMethod: code });
                }}
                data-testid={`payment-method-${code}`}
              />
              {t(`pay_${code}`)}
            </label>
          ))}
          {paymentReset && (
            <p id="payment-reset" className={styles.note} role="status" data-testid="payment-method-reset">
              {t('paymentReset', { was: t(`pay_${paymentReset.was}`), now: t(`pay_${paymentReset.now}`) })}
            </p>
          )}
        </fieldset>

        {preOrderOn && (
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('when')}</legend>
            <label className={styles.radio}>
              <input
                type="radio"
                name="when"
                checked={preOrderAt === null}
                onChange={() => setSlot(null)}
                data-testid="when-asap"
              />
              {t('asap')}
            </label>
            <label className={styles.radio}>
              <input
                type="radio"
                name="when"
                checked={preOrderAt !== null}
                disabled={days.length === 0}
                onChange={() => setSlot(days[0]?.slots[0] ?? null)}
                data-testid="when-pre-order"
              />
              {t('preOrder')}
            </label>
            {hours.isSuccess && days.length === 0 && <p className={styles.note}>{t('noSlots')}</p>}
            {preOrderAt !== null && days.length > 0 && (
              <div className={styles.details}>
                <Field label={t('day')}>
                  {(control) => (
                    <select
                      {...control}
                      value={chosenDay?.dayStartMs ?? ''}
                      onChange={(event) => {
                        const day = days.find((d) => d.dayStartMs === Number(event.target.value));
                        setSlot(day?.slots[0] ?? null);
                      }}
                      data-testid="pre-order-day"
                    >
                      {!chosenDay && <option value="">—</option>}
                      {days.map((day) => (
                        <option key={day.dayStartMs} value={day.dayStartMs}>
                          {dayLabel(day)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label={t('slot')}>
                  {(control) => (
                    <select
                      {...control}
                      value={chosenMs ?? ''}
                      onChange={(event) => setSlot(Number(event.target.value))}
                      data-testid="pre-order-slot"
                    >
                      {!chosenDay && <option value="">—</option>}
                      {(chosenDay ?? days[0])?.slots.map((slot) => (
                        <option key={slot} value={slot}>
                          {restoClockTime(slot, resto?.timezone ?? '+03:00')}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
            )}
          </fieldset>
        )}

        <div aria-live="polite" className={styles.live}>
          {placing && <p role="status">{t('placing')}</p>}
          {failure && (
            <div className={styles.failure} role="alert" data-testid="place-order-failure">
              <p className={styles.failureTitle}>{t('placeFailed')}</p>
              {failure.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
        </div>

        <Button
          type="submit"
          variant="primary"
          size="l"
          fullWidth
          disabled={!ready || placing}
          aria-describedby={!ready ? 'place-order-wait' : undefined}
          data-testid="place-order"
        >
          {answer && fresh ? t('placeOrder', { sum: money(answer.payable) }) : t('placeOrderPlain')}
        </Button>
        {!ready && !reading.blocking && (
          <p id="place-order-wait" className={styles.note}>
            {t('waitPricing')}
          </p>
        )}
      </form>

      <ProgressOverlay open={placing} label={t('placing')} />
      <PriceChangedDialog
        change={priceChange}
        nameOf={nameOf}
        money={money}
        onConfirm={confirmNewPrice}
        onCancel={() => {
          if (priceChange && request && personId !== null) {
            queryClient.setQueryData(preflightKey(request, personId), priceChange.after);
          }
          setPriceChange(null);
        }}
      />
    </section>
  );
}
