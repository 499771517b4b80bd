import {
  formatMoney,
  minor,
  normalizePhone,
  type OnlinePayMethod,
  ORDER_COMMENT_MAX,
} from '@storefront/domain';
import type { PlaceOrderRequest } from '@storefront/domain/contracts';
import { useEffect, useId, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { readPreflight } from '../../../entities/cart/preflight-handling.ts';
import { useCartPreflight } from '../../../entities/cart/preflight-query.ts';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { restoClockDate, restoClockTime, restoDaysAhead } from '../../../entities/orders/pre-order.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import { ProgressOverlay } from '../../../shared/ui/progress-overlay.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import { type FieldName, issueText } from '../model/checkout-values.ts';
import { useCheckoutForm } from '../model/use-checkout-form.ts';
import { useCheckoutStarted } from '../model/use-checkout-started.ts';
import { useDishNames } from '../model/use-dish-names.ts';
import { usePaymentChoice } from '../model/use-payment-choice.ts';
import { usePlacement } from '../model/use-placement.ts';
import { usePreOrder } from '../model/use-pre-order.ts';
import styles from './checkout.module.css';
import { ContactFields } from './contact-fields.tsx';
import { DeliveryDetailsFields } from './delivery-details-fields.tsx';
import { OnlineMethodFields } from './online-method-fields.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { PreOrderFields } from './pre-order-fields.tsx';
import { PriceChangedDialog } from './price-changed-dialog.tsx';

const ONLY_CARD: readonly OnlinePayMethod[] = ['card'];

/**
 * The checkout form: it composes the sections (contacts, delivery details, comment, payment, time) and
 * places the order priced by the cart's preflight once that price is fresh and nothing blocks it.
 */
export function CheckoutForm({ summary = null }: { summary?: HTMLElement | null } = {}) {
  const { t } = useCheckoutTexts();
  const formId = useId();
  const locale = useLocale();
  const { method, resto } = useCurrentLocation();
  const { request, query, currency } = useCartPreflight();
  const answer = query.data;
  const fresh = query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  const reading = useMemo(() => readPreflight(answer?.problems ?? []), [answer]);
  const money = (amount: number) => formatMoney(minor(amount), currency, locale);
  useCheckoutStarted(answer, currency);

  const payment = usePaymentChoice();
  const { payType } = payment;
  const form = useCheckoutForm(payType, method);
  const errors = form.formState.errors;
  const errorOf = (name: FieldName) => issueText(errors[name]?.type as string, errors[name]?.message, locale);
  // Paying online: the methods the restaurant's shop has enabled (absent: card only). A choice it no longer
  // offers (another restaurant, a change in the back office) comes back to its first, card.
  const offered: readonly OnlinePayMethod[] = resto?.onlineMethods?.length ? resto.onlineMethods : ONLY_CARD;
  const onlineMethod = form.watch('onlineMethod');
  useEffect(() => {
    if (!offered.includes(onlineMethod)) form.setValue('onlineMethod', offered[0] ?? 'card');
  }, [offered, onlineMethod, form]);
  const preOrder = usePreOrder();
  const nameOf = useDishNames(locale, (id) => t('dish', { id }));
  const placement = usePlacement({ request, answer, locale, form });
  const { personId, placing, failure, priceChange, slotTaken } = placement;
  // A slot taken meanwhile: the picker's full slots are stale too.
  const { refreshFull, markFull } = preOrder;
  useEffect(() => {
    if (!slotTaken) return;
    if (slotTaken.refusedAt) markFull(Date.parse(slotTaken.refusedAt));
    refreshFull();
  }, [slotTaken, refreshFull, markFull]);
  const slotTime = (iso: string) => {
    const at = Date.parse(iso);
    const time = restoClockTime(at, preOrder.timezone);
    return restoDaysAhead(at, serverNow(), preOrder.timezone) === 0
      ? time
      : `${restoClockDate(at, preOrder.timezone, locale)}, ${time}`;
  };

  const submit = form.handleSubmit(async (values) => {
    if (!request || !answer || !fresh || reading.blocking || personId === null) return;
    const phone = normalizePhone(values.phone);
    const body: PlaceOrderRequest = {
      ...request,
      preOrderAt: preOrder.preOrderAt ?? null,
      quote: answer.quote,
      person: {
        name: values.name.trim(),
        phone: phone.ok ? phone.phone : values.phone,
        email: values.email.trim() || null,
      },
      comment: values.comment.trim() || null,
      ...(payType === 'CARD_ONLINE' ? { onlineMethod: values.onlineMethod } : {}),
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
    await placement.send(body);
  });

  const ready = !!request && !!answer && fresh && !reading.blocking && payType !== null;

  // The button submits the form by its id, so it works where it stands: the form's end, or the cart's summary.
  const submitBlock = (
    <div className={styles.submit} data-testid="place-order-block">
      <div aria-live="polite" className={styles.live}>
        {placing && <p role="status">{t('placing')}</p>}
        {slotTaken && (
          <div className={styles.failure} role="alert" data-testid="slot-taken">
            <p className={styles.failureTitle}>{t('slotFullTitle')}</p>
            <p>{slotTaken.message}</p>
            {slotTaken.nextFreeSlotAt ? (
              <Button variant="secondary" onClick={placement.takeNextSlot} data-testid="take-next-slot">
                {t('slotFullTake', { time: slotTime(slotTaken.nextFreeSlotAt) })}
              </Button>
            ) : (
              <p>{t('slotFullNone')}</p>
            )}
          </div>
        )}
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
        form={formId}
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
    </div>
  );

  return (
    <section className={styles.card} aria-labelledby="checkout-title">
      <h2 id="checkout-title" className={styles.title}>
        {t('title')}
      </h2>
      <form id={formId} className={styles.form} onSubmit={submit} noValidate data-testid="checkout-form">
        <ContactFields form={form} errorOf={errorOf} emailRequired={payType === 'CARD_ONLINE'} />

        {method === 'DELIVERY' && <DeliveryDetailsFields form={form} errorOf={errorOf} />}

        <Field label={t('comment')} hint={t('commentHint')} personal error={errorOf('comment')}>
          {(control) => (
            <textarea
              {...control}
              {...form.register('comment')}
              rows={2}
              maxLength={ORDER_COMMENT_MAX * 2}
              data-testid="order-comment"
            />
          )}
        </Field>

        <PaymentFields {...payment} />
        {/* Shown when there is a choice or it is not a card, and always when the server refused the method. */}
        {payType === 'CARD_ONLINE' &&
          (offered.length > 1 || offered[0] !== 'card' || !!errors.onlineMethod) && (
            <OnlineMethodFields offered={offered} form={form} error={errorOf('onlineMethod')} />
          )}

        {preOrder.enabled && <PreOrderFields preOrder={preOrder} />}

        {!summary && submitBlock}
      </form>

      {summary && createPortal(submitBlock, summary)}
      <ProgressOverlay open={placing} label={t('placing')} />
      <PriceChangedDialog
        change={priceChange}
        nameOf={nameOf}
        money={money}
        onConfirm={placement.confirmNewPrice}
        onCancel={placement.declineNewPrice}
      />
    </section>
  );
}
