import { formatMoney, type Locale, minor } from '@storefront/domain';
import type { Order } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { failureText, orderQuery } from '../../../entities/orders/order-client.ts';
import { useOwnOrderEvents } from '../../../entities/orders/own-order-events.ts';
import { usePerson } from '../../../entities/session/person-store.ts';
import { track } from '../../../shared/analytics/track.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Navigate, useNavigate, useParams } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { type PaymentScreen, paymentScreen } from '../model/payment-view.ts';
import { type PaymentWatch, usePaymentWatch } from '../model/use-payment-watch.ts';
import { useOrdersTexts } from '../orders-namespace.ts';
import { useSignInFirst, useWhenText } from './order-page.tsx';
import styles from './orders.module.css';
import { PaymentBlock } from './payment-block.tsx';

/**
 * /orders/{id}/payment: where the payment provider sends the customer back (decision 22), and where the
 * checkout goes when the provider had no page yet. It asks our server to read the payment now, then keeps
 * asking while it is pending, and says paid, failed (with the provider's reason), or still waiting.
 */
export default function PaymentPage() {
  const signInFrom = useSignInFirst();
  const orderId = Number(useParams().orderId);
  if (signInFrom) return <Navigate to="/auth" replace state={{ from: signInFrom }} />;
  if (!Number.isInteger(orderId) || orderId <= 0) return <Navigate to="/orders" replace />;
  return <PaymentView orderId={orderId} />;
}

const HEADLINES: Record<PaymentScreen, string> = {
  'canceled-unpaid': 'canceledUnpaidTitle',
  over: 'canceledTitle',
  paid: 'paidTitle',
  failed: 'failedTitle',
  waiting: 'waitingTitle',
  'refund-pending': 'refundPendingTitle',
  refunded: 'refundedTitle',
  'on-receipt': 'accepted',
};

/** The headline's colour: good news in the brand's colour, bad news in the danger colour. */
const TONES: Partial<Record<PaymentScreen, 'good' | 'bad'>> = {
  paid: 'good',
  failed: 'bad',
  'canceled-unpaid': 'bad',
};

function PaymentView({ orderId }: { orderId: number }) {
  const { t } = useOrdersTexts();
  const locale = useLocale();
  const personId = usePerson((state) => state.profile?.id ?? 0);
  const watch = usePaymentWatch(personId, orderId);
  // The watch writes each answer here; so do the block's retry and switch.
  const query = useQuery({ ...orderQuery(personId, orderId), enabled: false });
  const order = query.data;
  // A payment notification, a refund or the restaurant's answer reaches the order while the customer waits
  // here: the query is the watch's, not refetched on its own, so an event about this order reads it now.
  useOwnOrderEvents((event) => {
    if (event.orderId === orderId && query.data) void query.refetch();
  });

  // Paid on receipt: nothing to check here, the order's page says it all.
  if (watch.error instanceof ApiError && watch.error.code === 'payment.not-online') {
    return <Navigate to={`/orders/${orderId}`} replace />;
  }
  if (!order) {
    if (watch.error) {
      return (
        <div className={styles.page} role="alert">
          <h1 className={styles.title}>{t('failed')}</h1>
          <p data-testid="payment-error">{failureText(watch.error, locale)}</p>
          {!isNotFound(watch.error) && (
            <Button variant="secondary" onClick={watch.checkAgain} disabled={watch.checking}>
              {t('retry')}
            </Button>
          )}
        </div>
      );
    }
    return (
      <div className={styles.page}>
        <Spinner size={40} label={t('checking')} />
      </div>
    );
  }
  return <PaymentResult order={order} personId={personId} locale={locale} watch={watch} />;
}

/** Orders whose payment this visit already reported: coming back to the page does not count it twice. */
const PAID_TRACKED = new Set<number>();

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function PaymentResult({
  order,
  personId,
  locale,
  watch,
}: {
  order: Order;
  personId: number;
  locale: Locale;
  watch: PaymentWatch;
}) {
  const { t } = useOrdersTexts();
  const navigate = useNavigate();
  const whenText = useWhenText();
  const screen = paymentScreen(order);
  const headline = useRef<HTMLHeadingElement>(null);
  // Each new state is announced by the live region; focus goes to its headline so the next Tab starts there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new screen, not on each render.
  useEffect(() => {
    headline.current?.focus();
  }, [screen]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the payment shows as paid.
  useEffect(() => {
    if (screen === 'paid' && !PAID_TRACKED.has(order.id)) {
      PAID_TRACKED.add(order.id);
      track({ type: 'paid', orderId: order.id, total: order.payable, currency: order.currency });
    }
  }, [screen]);

  if (screen === 'on-receipt') return <Navigate to={`/orders/${order.id}`} replace />;
  const when = whenText(order.preOrderAt ?? order.promisedAt, order.timezone);
  const money = (amount: number) => formatMoney(minor(amount), order.currency, locale);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="payment-headline">
        <div aria-live="polite" className={styles.heroLive}>
          <h1
            id="payment-headline"
            ref={headline}
            tabIndex={-1}
            className={cx(styles.title, TONES[screen] && styles[TONES[screen]])}
            data-testid="payment-headline"
            data-screen={screen}
          >
            {screen === 'over' && order.status === 'declined' ? t('declinedTitle') : t(HEADLINES[screen])}
          </h1>
          {screen === 'waiting' && watch.checking && !watch.gaveUp && (
            <p className={styles.muted}>{t('checking')}</p>
          )}
        </div>
        <p className={styles.muted}>{t('number')}</p>
        <p className={styles.number} data-testid="order-number">
          {order.number}
        </p>
        <p>
          {t('payable')}: <strong data-testid="order-payable">{money(order.payable)}</strong>
        </p>
        {screen === 'paid' && (
          <p className={styles.promised} data-testid="order-promised">
            {order.deliveryType === 'DELIVERY' ? t('deliveryAt', { when }) : t('pickupAt', { when })}
          </p>
        )}
      </section>

      <PaymentBlock
        order={order}
        personId={personId}
        locale={locale}
        variant="return"
        onAwaitPage={watch.checkAgain}
        onSwitched={(next) => navigate(`/orders/${next.id}`)}
        onStale={watch.checkAgain}
      />

      {((watch.error !== null && !watch.checking) || (screen === 'waiting' && !watch.polling)) && (
        <div className={styles.notice} data-testid="payment-still-waiting">
          {watch.error !== null && (
            <p role="alert" className={styles.error} data-testid="payment-error">
              {failureText(watch.error, locale)}
            </p>
          )}
          {screen === 'waiting' && watch.gaveUp && <p>{t('stillWaiting')}</p>}
          {!watch.polling && (
            <Button variant="secondary" onClick={watch.checkAgain} data-testid="payment-check-again">
              {t('checkAgain')}
            </Button>
          )}
        </div>
      )}

      <div className={styles.actions}>
        <AppLink to={`/orders/${order.id}`} className={styles.link} data-testid="payment-to-order">
          {t('toOrder')}
        </AppLink>
        <AppLink to="/" className={styles.link}>
          {t('toMenu')}
        </AppLink>
      </div>
    </div>
  );
}
