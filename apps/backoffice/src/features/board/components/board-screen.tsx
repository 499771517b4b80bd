import {
  BOARD_COLUMNS,
  type BoardColumn,
  DEFAULT_LATE_ACCEPT_MINUTES,
  type Locale,
  mayAdmin,
  pickText,
} from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { serverNow } from '@storefront/web/src/entities/clock/clock-store.ts';
import { useLazyNamespace } from '@storefront/web/src/shared/i18n/lazy-namespace.ts';
import { useMediaQuery } from '@storefront/web/src/shared/ui/breakpoints.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { cx } from '@storefront/web/src/shared/ui/class-names.ts';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { StaffSession } from '../../../entities/staff-session/staff-session.ts';
import { beep, enableSound } from '../model/alert-sound.ts';
import { restoDayTime } from '../model/resto-day-time.ts';
import { type Board, boardQuery } from '../model/staff-api.ts';
import { useBoardStream } from '../model/use-board-stream.ts';
import { staffTextsEn } from '../staff-texts.en.ts';
import { staffTexts } from '../staff-texts.ts';
import { LowRatingFlags, useLowRatings } from './low-ratings.tsx';
import { OrderCard } from './order-card.tsx';
import { BusyControl, currentDelay, DelayBadge, DelayControl, StopListPanel } from './resto-controls.tsx';
import styles from './staff.module.css';

/** While any order waits unaccepted the beep repeats this often. */
const REPEAT_BEEP_MS = 10_000;

/** The board's time, ticking every 20 s so 'waiting N min' and the pre-orders' due times move on. */
function useNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 20_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A pre-order whose time to join the active columns has not come: it waits in the strip apart. */
export function waitsApart(order: BoardOrder, nowMs: number): boolean {
  return order.column === 'new' && order.joinsBoardAt !== null && Date.parse(order.joinsBoardAt) > nowMs;
}

/** Orders the kitchen must acknowledge now: new and not a pre-order still waiting apart. */
export function unacceptedOrders(board: Board | undefined, nowMs: number): BoardOrder[] {
  return (board?.orders ?? []).filter((order) => order.column === 'new' && !waitsApart(order, nowMs));
}

const byTime = (pick: (order: BoardOrder) => string) => (a: BoardOrder, b: BoardOrder) =>
  Date.parse(pick(a)) - Date.parse(pick(b));

/** The restaurant's order board (decision 24): columns, the stop-list, busy mode, live by the event stream. */
export function BoardScreen({
  session,
  brand,
  locale,
}: {
  session: StaffSession;
  brand: string;
  locale: Locale;
}) {
  const { t } = useLazyNamespace('staff', { ru: staffTexts, en: staffTextsEn });
  const staffId = session.staff.id;
  const board = useQuery(boardQuery(staffId));
  const status = useBoardStream(staffId, board.data?.cursor);
  const nowMs = useNow();
  const narrow = useMediaQuery('(max-width: 599px)');
  const switcherId = useId();
  const [restoId, setRestoId] = useState<number | 'all' | null>(null);
  const [tab, setTab] = useState<BoardColumn>('new');
  const [soundOn, setSoundOn] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<number> | null>(null);
  const [notices, setNotices] = useState<Record<number, string>>({});
  const onNotice = useCallback((orderId: number, text: string | null) => {
    setNotices(({ [orderId]: _, ...rest }) => (text ? { ...rest, [orderId]: text } : rest));
  }, []);

  const restos = board.data?.restos ?? [];
  const chosen = restoId ?? restos[0]?.id ?? 'all';
  const unaccepted = unacceptedOrders(board.data, nowMs);
  const count = unaccepted.length;
  // Low ratings are flagged to the restaurant's managers (and owners), never to the kitchen's operators.
  const readsRatings = mayAdmin(session.staff.role, 'reports.read');
  const flagged = useLowRatings(
    staffId,
    chosen === 'all' ? restos.map((r) => r.id) : [chosen],
    readsRatings && board.isSuccess,
  );

  // Signing out (or another person signing in) leaves no board behind in the cache.
  const queryClient = useQueryClient();
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: boardQuery(staffId).queryKey }),
    [queryClient, staffId],
  );

  // The tab's title counts what waits: a busy cook sees it on another tab or on the taskbar.
  useEffect(() => {
    document.title = count > 0 ? t('documentTitleCount', { count, brand }) : t('documentTitle', { brand });
  }, [count, brand, t]);

  // A new unaccepted order is announced (screen readers) and beeps once at once.
  const unacceptedIds = unaccepted.map((order) => order.id).join(',');
  useEffect(() => {
    if (!board.data) return;
    const ids = unacceptedIds ? unacceptedIds.split(',').map(Number) : [];
    if (seen.current === null) {
      seen.current = new Set(ids);
      return;
    }
    const fresh = ids.filter((id) => !seen.current?.has(id));
    for (const id of fresh) seen.current.add(id);
    if (fresh.length === 0) return;
    const numbers = fresh
      .map((id) => board.data?.orders.find((order) => order.id === id)?.number)
      .filter(Boolean)
      .join(', ');
    setAnnouncement(t('newOrder', { number: numbers }));
    if (soundOn) beep();
  }, [unacceptedIds, board.data, soundOn, t]);

  // ... and the beep repeats while anything waits unaccepted.
  useEffect(() => {
    if (!soundOn || count === 0) return;
    const timer = setInterval(beep, REPEAT_BEEP_MS);
    return () => clearInterval(timer);
  }, [soundOn, count]);

  if (board.isPending) return <Spinner size={40} label={t('loading')} />;
  if (board.isError) {
    return (
      <div role="alert" className={styles.failed}>
        <p>{t('failed')}</p>
        <Button variant="secondary" onClick={() => void board.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const visible = board.data.orders.filter(
    (order) => order.column !== null && (chosen === 'all' || order.restoId === chosen),
  );
  const apart = visible
    .filter((order) => waitsApart(order, nowMs))
    .sort(byTime((o) => o.preOrderAt ?? o.promisedAt));
  const inColumn = (column: BoardColumn) => {
    const orders = visible.filter((order) => order.column === column && !waitsApart(order, nowMs));
    if (column === 'new') return orders.sort(byTime((o) => o.waitingSince));
    if (column === 'done') return orders.sort(byTime((o) => o.promisedAt)).reverse();
    return orders.sort(byTime((o) => o.preOrderAt ?? o.promisedAt));
  };
  const lateMinutesOf = (id: number) =>
    restos.find((r) => r.id === id)?.lateMinutes ?? DEFAULT_LATE_ACCEPT_MINUTES;
  const resto = chosen === 'all' ? null : (restos.find((r) => r.id === chosen) ?? null);
  const restoTimezone = resto?.timezone ?? null;
  const shownColumns = narrow ? [tab] : BOARD_COLUMNS;

  return (
    <div className={styles.board}>
      <div className={styles.toolbar}>
        <h1 className={styles.boardTitle}>{t('title')}</h1>
        {restos.length > 1 && (
          <span className={styles.switcher}>
            <label htmlFor={switcherId}>{t('resto')}</label>
            <select
              id={switcherId}
              value={String(chosen)}
              onChange={(event) =>
                setRestoId(event.target.value === 'all' ? 'all' : Number(event.target.value))
              }
            >
              {restos.map((r) => (
                <option key={r.id} value={r.id}>
                  {pickText(r.name, locale)}
                </option>
              ))}
              <option value="all">{t('allRestos')}</option>
            </select>
          </span>
        )}
        {resto ? (
          <DelayBadge resto={resto} nowMs={nowMs} />
        ) : (
          restos.map((r) =>
            currentDelay(r, nowMs) ? (
              <span key={r.id} className={styles.delayFor}>
                {pickText(r.name, locale)}: <DelayBadge resto={r} nowMs={nowMs} />
              </span>
            ) : null,
          )
        )}
        {flagged.ratings.length > 0 && (
          <a href="#staff-low-ratings" className={styles.lowRatingsBadge} data-testid="low-ratings-badge">
            {t('lowRatingsBadge', { n: flagged.ratings.length })}
          </a>
        )}
        {soundOn ? (
          <span className={styles.soundOn}>{t('soundEnabled')}</span>
        ) : (
          <Button
            variant="secondary"
            onClick={() => {
              if (enableSound()) beep();
              setSoundOn(true);
            }}
          >
            {t('soundOn')}
          </Button>
        )}
        {status === 'reconnecting' && (
          <p role="status" className={styles.reconnecting}>
            {t('reconnecting')}
          </p>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true" className={styles.visuallyHidden} data-testid="announcer">
        {announcement}
      </div>

      {readsRatings && (
        <LowRatingFlags
          staffId={staffId}
          ratings={flagged.ratings}
          failed={flagged.failed}
          restos={chosen === 'all' ? restos : restos.filter((r) => r.id === chosen)}
          locale={locale}
        />
      )}

      {apart.length > 0 && (
        <section className={styles.preOrders} aria-labelledby="staff-pre-orders">
          <h2 id="staff-pre-orders" className={styles.columnTitle}>
            {t('preOrders')} ({apart.length})
          </h2>
          <div className={styles.strip}>
            {apart.map((order) => (
              <div key={order.id} className={styles.stripItem}>
                {order.joinsBoardAt && (
                  <p className={styles.joinsAt}>
                    {t('joinsAt', {
                      time: restoDayTime(order.joinsBoardAt, nowMs, order.timezone, locale, t),
                    })}
                  </p>
                )}
                <OrderCard
                  order={order}
                  staffId={staffId}
                  nowMs={nowMs}
                  locale={locale}
                  notice={notices[order.id]}
                  onNotice={onNotice}
                  lateMinutes={lateMinutesOf(order.restoId)}
                  flashing={order.column === 'new' && !waitsApart(order, nowMs)}
                />
              </div>
            ))}
          </div>
        </section>
      )}

      {narrow && (
        <div role="tablist" aria-label={t('title')} className={styles.tabs}>
          {BOARD_COLUMNS.map((column) => (
            <button
              key={column}
              type="button"
              role="tab"
              id={`staff-tab-${column}`}
              aria-selected={tab === column}
              aria-controls={`staff-column-${column}`}
              className={cx(styles.tab, tab === column && styles.tabActive)}
              onClick={() => setTab(column)}
            >
              {t(`column_${column}`)} ({inColumn(column).length})
            </button>
          ))}
        </div>
      )}

      <div className={styles.columns}>
        {shownColumns.map((column) => {
          const orders = inColumn(column);
          return (
            <section
              key={column}
              id={`staff-column-${column}`}
              className={styles.column}
              aria-labelledby={`staff-column-title-${column}`}
              {...(narrow ? { role: 'tabpanel' } : {})}
              data-testid={`column-${column}`}
            >
              <h2 id={`staff-column-title-${column}`} className={styles.columnTitle}>
                {t(`column_${column}`)} ({orders.length})
              </h2>
              {orders.length === 0 && <p className={styles.empty}>{t('emptyColumn')}</p>}
              {orders.map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  staffId={staffId}
                  nowMs={nowMs}
                  locale={locale}
                  notice={notices[order.id]}
                  onNotice={onNotice}
                  lateMinutes={lateMinutesOf(order.restoId)}
                  flashing={order.column === 'new' && !waitsApart(order, nowMs)}
                />
              ))}
            </section>
          );
        })}
      </div>

      {resto && (
        <div className={styles.panels}>
          <BusyControl resto={resto} staffId={staffId} nowMs={nowMs} timezone={restoTimezone} />
          <DelayControl resto={resto} staffId={staffId} nowMs={nowMs} />
          <StopListPanel resto={resto} staffId={staffId} locale={locale} />
        </div>
      )}
    </div>
  );
}
