import { formatMoney, type Locale, minor, pickText } from '@storefront/domain';
import type { Order } from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { invalidateBonus, pointsOf } from '../../../entities/bonus/bonus-query.ts';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { DeliveryPlaceText } from '../../../entities/location/delivery-place-text.tsx';
import { cancelOrder, failureText, orderQuery } from '../../../entities/orders/order-client.ts';
import { useOwnOrderEvents } from '../../../entities/orders/own-order-events.ts';
import { restoClockDate, restoClockTime, restoDaysAhead } from '../../../entities/orders/pre-order.ts';
import { useIsAuthorised, usePerson } from '../../../entities/session/person-store.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Navigate, useLocation, useNavigate, useParams } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { paymentActionable } from '../model/payment-view.ts';
import { useOrdersTexts } from '../orders-namespace.ts';
import styles from './orders.module.css';
import { PaymentBlock } from './payment-block.tsx';

/** The page's headline for each status of an order the restaurant has (or had). */
const HEADLINES: Record<Order['status'], string> = {
  new: 'accepted',
  accepted: 'title_accepted',
  cooking: 'title_cooking',
  ready: 'title_ready',
  on_the_way: 'title_on_the_way',
  done: 'title_done',
  declined: 'declinedTitle',
  canceled: 'canceledTitle',
};

/** Anonymous visitors sign in first and come back here (docs/product.md §1). */
export function useSignInFirst(): string | null {
  const authorised = useIsAuthorised();
  const location = useLocation();
  return authorised ? null : location.pathname;
}

/** 'today by 19:30', 'tomorrow by …', '25 November by …' on the restaurant's clock. */
export function useWhenText() {
  const { t } = useOrdersTexts();
  const locale = useLocale();
  return (iso: string, timezone: string) => {
    const at = Date.parse(iso);
    const time = restoClockTime(at, timezone);
    const ahead = restoDaysAhead(at, serverNow(), timezone);
    if (ahead === 0) return t('atToday', { time });
    if (ahead === 1) return t('atTomorrow', { time });
    return t('atDate', { date: restoClockDate(at, timezone, locale), time });
  };
}

/** What app/ puts on a done order's page (the rating feature's block); features never import each other. */
export type DoneOrderSlot = (order: Order, personId: number) => ReactNode;

/** /orders/{id}: the order success screen (docs/product.md §2 item 17), and the order's page on any later visit. */
export default function OrderPage({ done }: { done?: DoneOrderSlot }) {
  const signInFrom = useSignInFirst();
  const orderId = Number(useParams().orderId);
  if (signInFrom) return <Navigate to="/auth" replace state={{ from: signInFrom }} />;
  if (!Number.isInteger(orderId) || orderId <= 0) return <Navigate to="/orders" replace />;
  return <OrderView orderId={orderId} done={done} />;
}

function OrderView({ orderId, done }: { orderId: number; done: DoneOrderSlot | undefined }) {
  const { t } = useOrdersTexts();
  const locale = useLocale();
  const personId = usePerson((state) => state.profile?.id ?? 0);
  const query = useQuery({ ...orderQuery(personId, orderId), retry: false });
  // Staff accept, cook, send and decline the order while the customer looks: each change re-reads it here.
  useOwnOrderEvents();
  if (query.isPending) {
    return (
      <div className={styles.page}>
        <Spinner size={40} label={t('loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.page} role="alert">
        <h1 className={styles.title}>{t('failed')}</h1>
        <p>{failureText(query.error, locale)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <OrderDetails order={query.data} personId={personId} locale={locale} done={done} />;
}

function OrderDetails({
  order,
  personId,
  locale,
  done,
}: {
  order: Order;
  personId: number;
  locale: Locale;
  done: DoneOrderSlot | undefined;
}) {
  const { t } = useOrdersTexts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const whenText = useWhenText();
  const [confirming, setConfirming] = useState(false);
  const money = (amount: number) => formatMoney(minor(amount), order.currency, locale);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(personId, order.id),
    onSuccess: (next) => {
      queryClient.setQueryData(orderQuery(personId, order.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['orders', personId] });
      setConfirming(false);
    },
    onError: () => setConfirming(false),
  });

  // Points move with the order (decision 55): held when it was placed (this page is where a placement lands),
  // earned when done, released when cancelled or declined. The header's and the profile's balance follow.
  const pointsMoment = `${order.id}|${order.status}|${order.bonus.earnedAt}`;
  useEffect(() => {
    if (pointsMoment) void invalidateBonus(queryClient);
  }, [pointsMoment, queryClient]);

  const over = order.status === 'canceled' || order.status === 'declined';
  // A card-online order reaches the restaurant only once paid (decision 22): until then it is not 'accepted'.
  const unpaid = !over && paymentActionable(order);
  const headline = unpaid ? t('awaitingPaymentTitle') : t(HEADLINES[order.status]);
  const when = whenText(order.preOrderAt ?? order.promisedAt, order.timezone);
  const promised = order.deliveryType === 'DELIVERY' ? t('deliveryAt', { when }) : t('pickupAt', { when });
  const showPromised = !over && order.status !== 'done';

  // A polite word when the order changes under the customer's eyes (the restaurant accepted it with a time,
  // it is on its way…), said once per change; the first render says nothing, the page itself does.
  const change = `${order.status}|${order.preOrderAt ?? order.promisedAt}`;
  const [seen, setSeen] = useState(change);
  const [announcement, setAnnouncement] = useState('');
  if (seen !== change) {
    const statusChanged = seen.split('|')[0] !== order.status;
    setSeen(change);
    const words = [statusChanged ? t(`announce_${order.status}`) : ''];
    if (order.status === 'declined' && order.declineReason) {
      words.push(order.declineReason.message);
      if (order.declineReason.cause) words.push(t('declineCause', { cause: order.declineReason.cause }));
    }
    if (showPromised) words.push(promised);
    setAnnouncement(words.filter(Boolean).join('. '));
  }

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="order-headline">
        <h1 id="order-headline" className={styles.title}>
          {headline}
        </h1>
        <p className={styles.muted}>{t('number')}</p>
        <p className={styles.number} data-testid="order-number">
          {order.number}
        </p>
        {order.status === 'new' && !unpaid && <p>{t('weWillCall')}</p>}
        {order.bonus.earnedAt !== null && order.bonus.earn > 0 ? (
          <p className={styles.points} data-testid="order-bonus-earn">
            {t('bonusEarned', { count: pointsOf(order.bonus.earn) })}
          </p>
        ) : (
          !over &&
          order.bonus.earn > 0 && (
            <p className={styles.points} data-testid="order-bonus-earn">
              {t('bonusWillEarn', { count: pointsOf(order.bonus.earn) })}
            </p>
          )
        )}
        {order.status === 'declined' && order.declineReason && (
          <p className={styles.failure} data-testid="order-decline-reason">
            {order.declineReason.message}
            {/* The restaurant's own words from its till (iiko's cancel cause), quoted as they wrote them. */}
            {order.declineReason.cause && ` ${t('declineCause', { cause: order.declineReason.cause })}`}
          </p>
        )}
        {showPromised && (
          <p className={styles.promised} data-testid="order-promised">
            {order.preOrderAt && <span className={styles.badge}>{t('preOrder')}</span>}
            {promised}
          </p>
        )}
        <p>
          {t('status')}:{' '}
          <strong data-testid="order-status" data-status={order.status}>
            {t(`status_${order.status}`)}
          </strong>
        </p>
        <p className="visually-hidden" aria-live="polite" data-testid="order-announcement">
          {announcement}
        </p>
        {order.deliveryType === 'DELIVERY' && (order.address || order.location) && (
          <p className={styles.muted} data-testid="order-place">
            <DeliveryPlaceText address={order.address} location={order.location} />
          </p>
        )}
        {order.deliveryType === 'TAKE_AWAY' && (
          <p className={styles.muted}>{pickText(order.restoName, locale)}</p>
        )}
      </section>

      {order.status === 'done' && done?.(order, personId)}

      <section className={styles.card} aria-labelledby="order-lines">
        <h2 id="order-lines" className={styles.cardTitle}>
          {t('lines')}
        </h2>
        <ul className={styles.lines}>
          {order.lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <span>
                {pickText(line.name, locale)} × {line.count}
                {line.modifiers.length > 0 && (
                  <span className={styles.muted}>
                    {' '}
                    ({line.modifiers.map((modifier) => pickText(modifier.name, locale)).join(', ')})
                  </span>
                )}
              </span>
              <span className={styles.amount} data-testid="order-line-amount">
                {money(line.payableAmount)}
                {line.bonusDiscount > 0 && (
                  <span className={styles.lineBonus} data-testid="order-line-bonus">
                    {t('bonusLine', { amount: money(line.bonusDiscount) })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <dt>{t('sum')}</dt>
          <dd>{money(order.sum)}</dd>
          {order.discount > 0 && (
            <>
              <dt>{t('discount')}</dt>
              <dd>−{money(order.discount)}</dd>
            </>
          )}
          {order.bonus.spent > 0 && (
            <>
              <dt>{t('bonusSpent')}</dt>
              <dd data-testid="order-bonus-spent">{pointsOf(order.bonus.spent)}</dd>
            </>
          )}
          {order.deliveryType === 'DELIVERY' && (
            <>
              <dt>{t('delivery')}</dt>
              <dd>{order.deliveryPrice === 0 ? t('free') : money(order.deliveryPrice)}</dd>
            </>
          )}
          <dt className={styles.strong}>{t('payable')}</dt>
          <dd className={styles.strong} data-testid="order-payable">
            {money(order.payable)}
          </dd>
          <dt>{t('payment')}</dt>
          <dd data-testid="order-pay-type">
            {order.payType === 'CARD_ONLINE' && order.payment.method && order.payment.method !== 'card'
              ? t('pay_online_by', { method: t(`online_${order.payment.method}`) })
              : t(`pay_${order.payType}`)}
          </dd>
        </dl>
      </section>

      <PaymentBlock
        order={order}
        personId={personId}
        locale={locale}
        variant="order"
        onAwaitPage={(next) => navigate(`/orders/${next.id}/payment`)}
        onSwitched={() => undefined}
        onStale={() =>
          void queryClient.invalidateQueries({ queryKey: orderQuery(personId, order.id).queryKey })
        }
      />

      {cancel.isError && (
        <p role="alert" className={styles.error}>
          {failureText(cancel.error, locale)}
        </p>
      )}
      <div className={styles.actions}>
        {order.canCancel && (
          <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="cancel-order">
            {t('cancel')}
          </Button>
        )}
        <AppLink to="/orders" className={styles.link}>
          {t('myOrders')}
        </AppLink>
        <AppLink to="/" className={styles.link}>
          {t('toMenu')}
        </AppLink>
      </div>

      <ConfirmationPopup
        open={confirming}
        headline={t('cancelTitle')}
        supportingText={t('cancelText')}
        confirmText={t('cancelConfirm')}
        cancelText={t('keep')}
        confirmLoading={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
