import { formatMoney, minor, pickText } from '@storefront/domain';
import type { OrderSummary, Position } from '@storefront/domain/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { menuPositionsQuery, restoModifiersQuery } from '../../../entities/catalog/catalog-queries.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import {
  failureText,
  fetchOrders,
  orderQuery,
  ordersListKey,
} from '../../../entities/orders/order-client.ts';
import { useOwnOrderEvents } from '../../../entities/orders/own-order-events.ts';
import { restoClockDate, restoClockTime } from '../../../entities/orders/pre-order.ts';
import { usePerson } from '../../../entities/session/person-store.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Navigate } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { planOrderAgain } from '../model/order-again.ts';
import { useOrdersTexts } from '../orders-namespace.ts';
import { useSignInFirst } from './order-page.tsx';
import styles from './orders.module.css';

export const ORDERS_PAGE_SIZE = 10;

/** The list names the payment only where it matters: online orders waiting, paid, failed or refunded. */
const SHORT_PAYMENT_STATUSES: readonly OrderSummary['paymentStatus'][] = [
  'pending',
  'paid',
  'failed',
  'refund_pending',
  'refunded',
];

interface AgainResult {
  orderId: number;
  added: number;
  gone: string[];
  noResto?: boolean;
}

/** /orders: the person's orders, newest first, a page at a time, each with 'order again'. */
export default function OrdersPage() {
  const signInFrom = useSignInFirst();
  if (signInFrom) return <Navigate to="/auth" replace state={{ from: signInFrom }} />;
  return <OrdersList />;
}

function OrdersList() {
  const { t } = useOrdersTexts();
  const locale = useLocale();
  const personId = usePerson((state) => state.profile?.id ?? 0);
  const queryClient = useQueryClient();
  const { resto, menus } = useCurrentLocation();
  const [again, setAgain] = useState<AgainResult | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [againError, setAgainError] = useState<string | null>(null);

  const query = useInfiniteQuery({
    queryKey: ordersListKey(personId),
    queryFn: ({ pageParam }) => fetchOrders(personId, pageParam, ORDERS_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.content.length, 0);
      return loaded < last.totalElements && last.content.length > 0 ? last.page + 1 : undefined;
    },
    retry: false,
  });
  // Each order's status follows the restaurant's moves: an event re-reads the list's pages.
  useOwnOrderEvents();

  const orderAgain = async (summary: OrderSummary) => {
    setAgain(null);
    setAgainError(null);
    if (!resto) {
      setAgain({ orderId: summary.id, added: 0, gone: [], noResto: true });
      return;
    }
    setBusy(summary.id);
    try {
      const order = await queryClient.fetchQuery(orderQuery(personId, summary.id));
      const offered = new Set(menus.map((menu) => menu.id));
      const menuIds = [...new Set(order.lines.map((line) => line.menu.id))].filter((id) => offered.has(id));
      const positions = new Map<number, Position[]>();
      for (const menuId of menuIds)
        positions.set(menuId, await queryClient.fetchQuery(menuPositionsQuery(menuId)));
      const needsModifiers = order.lines.some((line) => line.modifiers.length > 0);
      const modifiers = needsModifiers ? await queryClient.fetchQuery(restoModifiersQuery(resto.id)) : [];
      const plan = planOrderAgain(order, offered, positions, modifiers);
      // docs/product.md §2 item 9: an 18+ dish asks the adulthood question first; a 'no' leaves those dishes out.
      const adultRefused =
        plan.add.some((line) => line.isAdult) && !(await consentStore.getState().requestAdulthood());
      const added = adultRefused ? plan.add.filter((line) => !line.isAdult) : plan.add;
      for (const { isAdult: _adult, ...line } of added) cartStore.getState().add(line);
      setAgain({
        orderId: summary.id,
        added: added.reduce((count, line) => count + line.count, 0),
        gone: plan.gone.map((line) => pickText(line.name, locale)),
      });
    } catch (error) {
      setAgainError(failureText(error, locale));
    } finally {
      setBusy(null);
    }
  };

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
        <h1 className={styles.title}>{t('listTitle')}</h1>
        <p>{failureText(query.error, locale)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const orders = query.data.pages.flatMap((page) => page.content);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('listTitle')}</h1>
      <div aria-live="polite">
        {again && (
          <div className={styles.notice} data-testid="order-again-result">
            {again.noResto && <p>{t('againNoResto')}</p>}
            {!again.noResto && again.added === 0 && <p>{t('againNothing')}</p>}
            {again.added > 0 && <p>{t('againAdded', { count: again.added })}</p>}
            {again.gone.length > 0 && (
              <p data-testid="order-again-gone">{t('againGone', { names: again.gone.join(', ') })}</p>
            )}
            {again.added > 0 && (
              <AppLink to="/cart" className={styles.link}>
                {t('toCart')}
              </AppLink>
            )}
          </div>
        )}
        {againError && (
          <p role="alert" className={styles.error}>
            {againError}
          </p>
        )}
      </div>
      {orders.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.list} data-testid="orders-list">
          {orders.map((order) => {
            const created = Date.parse(order.createdAt);
            return (
              <li key={order.id} className={styles.card}>
                <div className={styles.row}>
                  <AppLink to={`/orders/${order.id}`} className={styles.orderLink}>
                    {order.number}
                  </AppLink>
                  <strong>{formatMoney(minor(order.payable), order.currency, locale)}</strong>
                </div>
                <div className={styles.row}>
                  <span className={styles.muted}>
                    {t('createdAt', {
                      date: restoClockDate(created, localOffset(created), locale),
                      time: restoClockTime(created, localOffset(created)),
                    })}
                  </span>
                  <span>
                    <span data-testid="orders-list-status">{t(`status_${order.status}`)}</span>
                    {SHORT_PAYMENT_STATUSES.includes(order.paymentStatus) && (
                      <span
                        className={styles.paymentShort}
                        data-status={order.paymentStatus}
                        data-testid="orders-list-payment"
                      >
                        {' · '}
                        {t(`paymentStatus_${order.paymentStatus}`)}
                      </span>
                    )}
                  </span>
                </div>
                <div className={styles.row}>
                  <span className={styles.muted}>{pickText(order.restoName, locale)}</span>
                  <Button
                    variant="secondary"
                    onClick={() => void orderAgain(order)}
                    loading={busy === order.id}
                    disabled={busy !== null}
                    data-testid="order-again"
                  >
                    {t('orderAgain')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          data-testid="orders-more"
        >
          {t('more')}
        </Button>
      )}
    </div>
  );
}

/** The browser's own offset at an instant, as '+03:00' (the list shows times as the customer lives them). */
function localOffset(at: number): string {
  const minutes = -new Date(at).getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
