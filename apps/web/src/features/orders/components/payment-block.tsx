import { formatMoney, type Locale, minor, type OnlinePayMethod } from '@storefront/domain';
import type { Order } from '@storefront/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import {
  changePayType,
  failureText,
  type OnReceiptPayType,
  orderQuery,
  startPayment,
} from '../../../entities/orders/order-client.ts';
import { restoClockDate, restoClockTime, restoDaysAhead } from '../../../entities/orders/pre-order.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { externalNavigation } from '../../../shared/navigation/external-navigation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { paymentActionable, paymentScreen } from '../model/payment-view.ts';
import { useOrdersTexts } from '../orders-namespace.ts';
import styles from './orders.module.css';

const ON_RECEIPT: readonly OnReceiptPayType[] = ['CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT'];

export interface PaymentBlockProps {
  order: Order;
  personId: number;
  locale: Locale;
  /**
   * 'order': the order page's card, with the status in words and 'Оплатить'; 'return': the return page,
   * whose headline already says the status.
   */
  variant: 'order' | 'return';
  /** A new attempt was started but the provider gave no page yet: the caller waits for it. */
  onAwaitPage: (order: Order) => void;
  /** The order is paid on receipt now. */
  onSwitched: (order: Order) => void;
  /** A 409 says the order moved on (paid, cancelled, another tab's attempt): read it again. */
  onStale: () => void;
}

/**
 * The order's payment (decision 22), shared by the order page and the return page: why it failed in the
 * provider's words, until when the order waits, where to pay, a new attempt, a switch to paying on receipt,
 * and the money that went back.
 */
export function PaymentBlock({
  order,
  personId,
  locale,
  variant,
  onAwaitPage,
  onSwitched,
  onStale,
}: PaymentBlockProps) {
  const { t } = useOrdersTexts();
  const queryClient = useQueryClient();
  const { payment } = order;
  const screen = paymentScreen(order);
  const money = (amount: number) => formatMoney(minor(amount), order.currency, locale);

  const store = (next: Order) => {
    queryClient.setQueryData(orderQuery(personId, next.id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ['orders', personId] });
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) onStale();
  };
  // A new attempt may pay another way (decision 55): the last attempt's method while still offered.
  const offered = payment.methods ?? [];
  const [method, setMethod] = useState<OnlinePayMethod | null>(null);
  const chosenMethod =
    method && offered.includes(method)
      ? method
      : payment.method && offered.includes(payment.method)
        ? payment.method
        : (offered[0] ?? null);
  const retry = useMutation({
    // Only the attempt the customer saw is replaced: a double click or another tab gets the same new one.
    // Named only when it is not the replaced attempt's (absent: the server keeps that one).
    mutationFn: () =>
      startPayment(
        personId,
        order.id,
        payment.attempt,
        chosenMethod && chosenMethod !== payment.method ? chosenMethod : undefined,
      ),
    onSuccess: (next) => {
      store(next);
      if (next.payment.status === 'pending' && next.payment.confirmationUrl) {
        externalNavigation.assign(next.payment.confirmationUrl);
      } else {
        onAwaitPage(next);
      }
    },
    onError,
  });
  const switchTo = useMutation({
    mutationFn: (payType: OnReceiptPayType) => changePayType(personId, order.id, payType),
    onSuccess: (next) => {
      store(next);
      onSwitched(next);
    },
    onError,
  });
  const busy = retry.isPending || switchTo.isPending;
  // Leaving for the provider's page takes a moment: the button keeps spinning until the page goes.
  const leaving = retry.isSuccess && !!retry.data.payment.confirmationUrl;
  const actionable = paymentActionable(order);
  const switches = actionable ? ON_RECEIPT.filter((code) => payment.canSwitchTo.includes(code)) : [];
  const actionError = retry.error ?? switchTo.error;

  // The return page's headline already says 'paid': an empty card under it would only puzzle.
  const nothingMoreToSay = variant === 'return' && payment.status === 'paid' && payment.refunds.length === 0;
  const showBlock =
    !nothingMoreToSay &&
    (order.payType === 'CARD_ONLINE' || payment.status !== 'not_required' || payment.refunds.length > 0);
  if (!showBlock) return null;

  const payUntil = payment.payUntil && actionable ? payUntilText(payment.payUntil) : null;
  function payUntilText(iso: string) {
    const at = Date.parse(iso);
    const time = restoClockTime(at, order.timezone);
    return restoDaysAhead(at, serverNow(), order.timezone) === 0
      ? t('payUntil', { time })
      : t('payUntilDate', { date: restoClockDate(at, order.timezone, locale), time });
  }
  const paidAt = payment.paidAt
    ? `${restoClockDate(Date.parse(payment.paidAt), order.timezone, locale)}, ${restoClockTime(Date.parse(payment.paidAt), order.timezone)}`
    : null;

  return (
    <section className={styles.card} aria-labelledby={`payment-${variant}`} data-testid="payment-block">
      <h2 id={`payment-${variant}`} className={variant === 'order' ? styles.cardTitle : 'visually-hidden'}>
        {t('paymentTitle')}
      </h2>
      {variant === 'order' && (
        <p aria-live="polite">
          <strong data-testid="payment-status" data-status={payment.status}>
            {t(`paymentStatus_${payment.status}`)}
          </strong>
          {/* 'Оплачен' once: the status, then only when. */}
          {payment.status === 'paid' && paidAt && <span className={styles.muted}> · {paidAt}</span>}
          {/* A card is what paying online always was; SBP and SberPay are named. */}
          {payment.method && payment.method !== 'card' && (
            <span className={styles.muted} data-testid="payment-method">
              {' '}
              · {t(`online_${payment.method}`)}
            </span>
          )}
        </p>
      )}
      {screen === 'failed' && (
        <p className={styles.failure} data-testid="payment-failure">
          {payment.failure?.message || t('failedUnknown')}
        </p>
      )}
      {payUntil && (
        <p className={styles.muted} data-testid="payment-pay-until">
          {payUntil}
        </p>
      )}
      {screen === 'waiting' && !payment.confirmationUrl && variant === 'return' && (
        <p className={styles.muted}>{t('noPaymentPage')}</p>
      )}

      {actionable && (payment.confirmationUrl || payment.canRetry) && (
        <div className={styles.payActions}>
          {screen === 'waiting' && payment.confirmationUrl ? (
            // A link, not a button: it leaves for the provider's page, where the customer walked away from.
            <a href={payment.confirmationUrl} className={styles.payLink} data-testid="payment-go">
              {variant === 'order' ? t('pay') : t('goPay')}
            </a>
          ) : (
            payment.canRetry && (
              <>
                {(offered.length > 1 || (offered[0] && offered[0] !== 'card')) && (
                  <fieldset className={styles.switchGroup} data-testid="payment-methods">
                    <legend className={styles.subTitle}>{t('onlineMethod')}</legend>
                    {offered.map((code) => (
                      <label
                        key={code}
                        className={styles.methodOption}
                        data-testid={`payment-method-${code}`}
                      >
                        <input
                          type="radio"
                          name={`online-method-${order.id}`}
                          value={code}
                          checked={chosenMethod === code}
                          disabled={busy}
                          onChange={() => setMethod(code)}
                        />
                        <span>
                          {t(`online_${code}`)}
                          <span className={styles.methodHint}>{t(`online_${code}_hint`)}</span>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                )}
                <Button
                  variant="primary"
                  size="l"
                  loading={retry.isPending || leaving}
                  disabled={busy}
                  onClick={() => retry.mutate()}
                  data-testid="payment-retry"
                >
                  {screen === 'failed' ? t('retryPay') : t('pay')}
                </Button>
              </>
            )
          )}
        </div>
      )}
      {variant === 'order' && screen === 'waiting' && (
        // The return page asks the provider now; this page only shows what the server last knew.
        <AppLink to={`/orders/${order.id}/payment`} className={styles.link} data-testid="payment-check">
          {t('checkPayment')}
        </AppLink>
      )}
      {switches.length > 0 && (
        <fieldset className={styles.switchGroup}>
          <legend className={styles.subTitle}>{t('orSwitch')}</legend>
          <div className={styles.payActions}>
            {switches.map((code) => (
              <Button
                key={code}
                variant="secondary"
                size="l"
                loading={switchTo.isPending && switchTo.variables === code}
                disabled={busy || leaving}
                onClick={() => switchTo.mutate(code)}
                data-testid={`payment-switch-${code}`}
              >
                {t(`switch_${code}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      <div aria-live="assertive">
        {actionError !== null && !busy && (
          <p role="alert" className={styles.error} data-testid="payment-action-error">
            {failureText(actionError, locale)}
          </p>
        )}
      </div>

      {payment.refunds.length > 0 && (
        <div className={styles.refunds}>
          <h3 className={styles.subTitle}>{t('refunds')}</h3>
          <ul className={styles.lines} data-testid="payment-refunds">
            {payment.refunds.map((refund) => (
              <li
                key={`${refund.createdAt}-${refund.amount}`}
                className={styles.line}
                data-testid="payment-refund"
              >
                <span>{refund.message}</span>
                <span className={styles.amount}>
                  <strong>{money(refund.amount)}</strong>{' '}
                  <span className={styles.muted}>{t(`refund_${refund.status}`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
