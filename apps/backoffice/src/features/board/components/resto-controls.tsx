import {
  BUSY_PAUSE_MINUTES,
  DELAY_MINUTES,
  type Locale,
  normalizeForSearch,
  pickText,
} from '@storefront/domain';
import type { RestoDelay } from '@storefront/domain/contracts';
import { menuPositionsQuery } from '@storefront/web/src/entities/catalog/catalog-queries.ts';
import { restoClockTime } from '@storefront/web/src/entities/orders/pre-order.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BoardResto,
  restoMenusQuery,
  setBusy,
  setDelay,
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

/** The restaurant's delay while it lasts: null once its time is over (the board may not have been read since). */
export function currentDelay(resto: BoardResto, nowMs: number): RestoDelay | null {
  return resto.delay && Date.parse(resto.delay.until) > nowMs ? resto.delay : null;
}

const clockText = (ms: number, timezone: string | null) =>
  timezone
    ? restoClockTime(ms, timezone)
    : new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The delay on the restaurant's header: 'Задержка +30 мин до 21:40', 'авто' when the automatic one; nothing without. */
export function DelayBadge({ resto, nowMs }: { resto: BoardResto; nowMs: number }) {
  const { t } = useTranslation('staff');
  const delay = currentDelay(resto, nowMs);
  if (!delay) return null;
  return (
    <span className={styles.delayBadge} data-source={delay.source} data-testid="resto-delay">
      {t('delayUntil', {
        minutes: delay.extraMinutes,
        time: clockText(Date.parse(delay.until), resto.timezone),
      })}
      {delay.source === 'auto' && <span className={styles.delayAuto}> · {t('delayAuto')}</span>}
    </span>
  );
}

/**
 * The delay: +15/+30/+60 minutes on every promised time of the restaurant (the storefront shows the longer time before
 * the customer orders), or cleared after a confirmation. An automatic delay shows as such; staff replace it with theirs.
 */
export function DelayControl({
  resto,
  staffId,
  nowMs,
}: {
  resto: BoardResto;
  staffId: number;
  nowMs: number;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (extraMinutes: 0 | 15 | 30 | 60) => setDelay(resto.id, extraMinutes),
    onSuccess: (answer) => {
      setConfirming(false);
      updateResto(queryClient, staffId, answer.restoId, { delay: answer.delay });
    },
  });
  const delay = currentDelay(resto, nowMs);
  return (
    <section className={styles.panel} aria-labelledby={`delay-${resto.id}`}>
      <h2 id={`delay-${resto.id}`} className={styles.panelTitle}>
        {t('delayTitle')}
      </h2>
      <p role="status" className={delay ? styles.busyOn : undefined}>
        {delay
          ? `${t('delayUntil', { minutes: delay.extraMinutes, time: clockText(Date.parse(delay.until), resto.timezone) })}${
              delay.source === 'auto' ? ` · ${t('delayAuto')}` : ''
            }`
          : t('noDelay')}
      </p>
      {resto.autoDelayThreshold !== null && (
        <p className={styles.hint}>{t('delayAutoHint', { count: resto.autoDelayThreshold })}</p>
      )}
      <div className={styles.bigActions}>
        {DELAY_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            size="l"
            variant={delay?.extraMinutes === minutes ? 'primary' : 'secondary'}
            aria-pressed={delay?.extraMinutes === minutes}
            disabled={change.isPending}
            onClick={() => change.mutate(minutes)}
          >
            {t('delayPlus', { minutes })}
          </Button>
        ))}
        {delay && (
          <Button
            size="l"
            variant="secondary"
            disabled={change.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('delayClear')}
          </Button>
        )}
      </div>
      {change.isError && (
        <p role="alert" className={styles.error}>
          {t('actionFailed', { message: change.error.message })}
        </p>
      )}
      <ConfirmationPopup
        open={confirming}
        headline={t('delayClearTitle')}
        supportingText={t('delayClearText')}
        confirmText={t('delayClear')}
        cancelText={t('cancel')}
        confirmLoading={change.isPending}
        onConfirm={() => change.mutate(0)}
        onCancel={() => setConfirming(false)}
      />
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
