import { BUSY_PAUSE_MINUTES, type Locale, normalizeForSearch, pickText } from '@storefront/domain';
import { menuPositionsQuery } from '@storefront/web/src/entities/catalog/catalog-queries.ts';
import { restoClockTime } from '@storefront/web/src/entities/orders/pre-order.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BoardResto,
  restoMenusQuery,
  setBusy,
  setStopped,
  uniqueDishes,
  updateResto,
} from '../model/staff-api.ts';
import styles from './staff.module.css';

/**
 * 'Busy': pauses as-soon-as-possible orders of one restaurant for 15–120 minutes (pre-orders stay open),
 * or resumes them; shows until when on the restaurant's clock.
 */
export function BusyControl({
  resto,
  staffId,
  nowMs,
  timezone,
}: {
  resto: BoardResto;
  staffId: number;
  nowMs: number;
  /** The restaurant's offset, from the board's answer. */
  timezone: string | null;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const busy = useMutation({
    mutationFn: (minutes: number) => setBusy(resto.id, minutes),
    onSuccess: (answer) => updateResto(queryClient, staffId, answer.restoId, { busyUntil: answer.busyUntil }),
  });
  const until = resto.busyUntil && Date.parse(resto.busyUntil) > nowMs ? Date.parse(resto.busyUntil) : null;
  const untilText = until
    ? timezone
      ? restoClockTime(until, timezone)
      : new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : null;
  return (
    <section className={styles.panel} aria-labelledby={`busy-${resto.id}`}>
      <h2 id={`busy-${resto.id}`} className={styles.panelTitle}>
        {t('busy')}
      </h2>
      <p role="status" className={untilText ? styles.busyOn : undefined}>
        {untilText ? t('busyUntil', { time: untilText }) : t('notBusy')}
      </p>
      <div className={styles.actions}>
        {BUSY_PAUSE_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            variant="secondary"
            disabled={busy.isPending}
            onClick={() => busy.mutate(minutes)}
          >
            {t('busyFor', { minutes })}
          </Button>
        ))}
        {untilText && (
          <Button disabled={busy.isPending} onClick={() => busy.mutate(0)}>
            {t('resume')}
          </Button>
        )}
      </div>
      {busy.isError && (
        <p role="alert" className={styles.error}>
          {t('actionFailed', { message: busy.error.message })}
        </p>
      )}
    </section>
  );
}

/** The stop-list: the restaurant's dishes (from its menus), searchable, each with an 'on the stop-list' switch. */
export function StopListPanel({
  resto,
  staffId,
  locale,
}: {
  resto: BoardResto;
  staffId: number;
  locale: Locale;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const menus = useQuery(restoMenusQuery(resto.id));
  const positions = useQueries({
    queries: (menus.data?.menus ?? []).map((menu) => menuPositionsQuery(menu.id)),
  });
  const toggle = useMutation({
    mutationFn: ({ positionId, stopped }: { positionId: number; stopped: boolean }) =>
      setStopped(resto.id, positionId, stopped),
    onSuccess: (answer) => updateResto(queryClient, staffId, answer.restoId, { stopList: answer.stopList }),
  });

  const stopped = new Set(resto.stopList);
  const wanted = normalizeForSearch(search);
  const dishes = uniqueDishes(positions.map((query) => query.data))
    .map((position) => ({ id: position.id, name: pickText(position.name, locale) }))
    .filter((dish) => !wanted || normalizeForSearch(dish.name).includes(wanted))
    // What is stopped comes first: that is what staff come back to lift.
    .sort((a, b) => Number(stopped.has(b.id)) - Number(stopped.has(a.id)) || a.name.localeCompare(b.name));
  const loading = menus.isPending || positions.some((query) => query.isPending);

  return (
    <section className={styles.panel} aria-labelledby={`stop-${resto.id}`}>
      <h2 id={`stop-${resto.id}`} className={styles.panelTitle}>
        {t('stopList')} ({resto.stopList.length})
      </h2>
      <label htmlFor={searchId} className={styles.visuallyHidden}>
        {t('stopSearch')}
      </label>
      <input
        id={searchId}
        type="search"
        className={styles.search}
        placeholder={t('stopSearch')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {loading && <p>{t('stopListLoading')}</p>}
      {!loading && dishes.length === 0 && <p>{t('stopListEmpty')}</p>}
      <ul className={styles.dishes}>
        {dishes.map((dish) => (
          <li key={dish.id}>
            <label className={styles.dish}>
              <input
                type="checkbox"
                checked={stopped.has(dish.id)}
                disabled={toggle.isPending && toggle.variables?.positionId === dish.id}
                onChange={(event) => toggle.mutate({ positionId: dish.id, stopped: event.target.checked })}
                aria-describedby={`stop-${resto.id}-hint`}
              />
              <span>{dish.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <p id={`stop-${resto.id}-hint`} className={styles.visuallyHidden}>
        {t('stopped')}
      </p>
      {toggle.isError && (
        <p role="alert" className={styles.error}>
          {t('actionFailed', { message: toggle.error.message })}
        </p>
      )}
    </section>
  );
}
