import {
  ACCEPT_DELAY_MINUTES,
  type CustomerDeliveryMethod,
  DECLINE_REASON_TEXTS,
  type DeclineReason,
  declineReasonsFor,
  formatMoney,
  isLateUnaccepted,
  type Locale,
  type Minor,
  mayAdmin,
  nextStaffStatus,
  type OrderStatus,
  pickText,
} from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { DeliveryPlaceText, PointLink } from '@storefront/web/src/entities/location/delivery-place-text.tsx';
import { restoClockTime } from '@storefront/web/src/entities/orders/pre-order.ts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { cx } from '@storefront/web/src/shared/ui/class-names.ts';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { mayRefund } from '../model/bonus-api.ts';
import { restoDayTime } from '../model/resto-day-time.ts';
import {
  acceptOrder,
  declineOrder,
  moveOrder,
  readOrder,
  takeOverOrder,
  upsertOrder,
} from '../model/staff-api.ts';
import { OrderRating } from './low-ratings.tsx';
import { CustomerPoints, OrderPointsLine } from './order-bonus.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import styles from './staff.module.css';

export interface OrderCardProps {
  order: BoardOrder;
  staffId: number;
  nowMs: number;
  locale: Locale;
  /** What went wrong with this order's last action; kept by the board, as the card remounts when it moves. */
  notice?: string | undefined;
  /** The restaurant's minutes after which an unaccepted order is late. */
  lateMinutes: number;
  /** Unaccepted and due: the card flashes until someone accepts it (not a pre-order still waiting apart). */
  flashing: boolean;
  onNotice: (orderId: number, text: string | null) => void;
}

type Action =
  | { kind: 'accept'; delayMinutes: number }
  | { kind: 'decline'; reason: DeclineReason }
  | { kind: 'move'; from: OrderStatus; to: OrderStatus }
  | { kind: 'take-over' };

function run(orderId: number, action: Action): Promise<BoardOrder> {
  switch (action.kind) {
    case 'accept':
      return acceptOrder(orderId, action.delayMinutes);
    case 'decline':
      return declineOrder(orderId, action.reason);
    case 'move':
      return moveOrder(orderId, action.from, action.to);
    case 'take-over':
      return takeOverOrder(orderId);
  }
}

/** One order on the board: what the kitchen and the courier need, and the one or two moves it allows. */
export function OrderCard({
  order,
  staffId,
  nowMs,
  locale,
  notice,
  onNotice,
  lateMinutes,
  flashing,
}: OrderCardProps) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const titleId = useId();
  const [delay, setDelay] = useState<number>(0);
  const [declining, setDeclining] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [refunded, setRefunded] = useState<string | null>(null);
  const role = useStaffSession()?.staff.role;
  const time = (iso: string) => restoClockTime(Date.parse(iso), order.timezone);
  const when = (iso: string) => restoDayTime(iso, nowMs, order.timezone, locale, t);

  const action = useMutation({
    mutationFn: (next: Action) => run(order.id, next),
    onMutate: () => onNotice(order.id, null),
    onSuccess: (next) => {
      setDeclining(false);
      upsertOrder(queryClient, staffId, next);
    },
    onError: async (error, tried) => {
      setDeclining(false);
      // Someone else moved it first (another tablet, the customer cancelling): say so and show where it is.
      // A take-over refused says why in the server's words (already taken over, already in iiko).
      if (error instanceof ApiError && error.status === 409) {
        onNotice(order.id, tried.kind === 'take-over' ? error.message : t('transitionInvalid'));
        try {
          upsertOrder(queryClient, staffId, await readOrder(order.id));
        } catch {
          // The board re-reads it on the next event.
        }
        return;
      }
      onNotice(order.id, t('actionFailed', { message: error.message }));
    },
  });

  const pending = action.isPending;
  const next = nextStaffStatus(order.status, order.deliveryType);
  const waitingMinutes = Math.max(0, Math.floor((nowMs - Date.parse(order.waitingSince)) / 60_000));
  const place = order.deliveryPlace;
  const placeParts = place
    ? [
        place.apartment && t('apartment', { value: place.apartment }),
        place.entrance && t('entrance', { value: place.entrance }),
        place.floor && t('floor', { value: place.floor }),
        place.intercom && t('intercom', { value: place.intercom }),
      ].filter(Boolean)
    : [];
  const isNew = order.status === 'new';
  // The server's flag is as of the last read; the board's clock keeps it true as minutes pass.
  const late =
    order.late ||
    (flashing && isLateUnaccepted(order.status, Date.parse(order.waitingSince), nowMs, lateMinutes));
  // The POS (iiko) did not get the order: flagged with the reason until it does or staff take it over.
  const posFailure = order.pos?.failure ?? null;

  return (
    <article
      className={cx(styles.card, flashing && styles.cardNew, (late || posFailure) && styles.cardLate)}
      aria-labelledby={titleId}
      data-testid={`order-${order.id}`}
      data-column={order.column ?? ''}
    >
      <header className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardNumber}>
          {order.number}
        </h3>
        {late && isNew && <span className={styles.lateBadge}>{t('late', { minutes: waitingMinutes })}</span>}
        {order.pos?.state === 'taken-over' && <span className={styles.posBadge}>{t('posTakenOver')}</span>}
      </header>
      {posFailure && (
        <div className={styles.posFlag} role="status" data-testid="pos-flag" data-code={posFailure.code}>
          <p>
            {order.pos?.state !== 'created' && <strong>{`${t('posNotSent')} `}</strong>}
            {posFailure.message}
            {/* iiko's own cause of a late cancel, as the till's staff wrote it. */}
            {order.pos?.state === 'created' && order.pos.detail && ` «${order.pos.detail}»`}
            {order.pos?.state === 'in-progress' && ` ${t('posRetrying')}`}
          </p>
          {order.pos?.canTakeOver && (
            <>
              <p className={styles.note}>{t('posTakeOverHint')}</p>
              <Button
                variant="secondary"
                disabled={pending}
                loading={pending && action.variables?.kind === 'take-over'}
                onClick={() => action.mutate({ kind: 'take-over' })}
              >
                {t('posTakeOver')}
              </Button>
            </>
          )}
        </div>
      )}
      <p className={styles.cardTimes}>
        <span>{t('placedAt', { time: time(order.createdAt) })}</span>
        <span className={styles.promised}>
          {t('promisedAt', { time: when(order.preOrderAt ?? order.promisedAt) })}
        </span>
      </p>
      {order.preOrderAt && (
        <p className={styles.preOrderNote} data-testid="pre-order-at">
          {t('preOrderAt', { when: when(order.preOrderAt) })}
        </p>
      )}
      <p className={styles.method}>
        <strong>{order.deliveryType === 'DELIVERY' ? t('delivery') : t('takeAway')}</strong>
        {order.deliveryType === 'DELIVERY' && (order.address || order.location) && (
          <span data-testid="board-place">
            {' · '}
            <DeliveryPlaceText address={order.address} location={order.location} />
          </span>
        )}
        {placeParts.length > 0 && <span>{`, ${placeParts.join(', ')}`}</span>}
      </p>
      {order.deliveryType === 'DELIVERY' && order.address?.trim() && order.location && (
        <p className={styles.note}>
          <PointLink location={order.location} />
        </p>
      )}
      {place?.comment && <p className={styles.note}>{place.comment}</p>}
      <p className={styles.person}>
        {order.person.name} · <a href={`tel:${order.person.phone}`}>{order.person.phone}</a>
      </p>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.id}>
            <span className={styles.lineCount}>{line.count}×</span> {pickText(line.name, locale)}
            {line.kind !== 'dish' && (
              <span className={styles.lineKind} data-kind={line.kind}>
                {t(`lineKind_${line.kind}`)}
              </span>
            )}
            {line.modifiers.length > 0 && (
              <ul className={styles.modifiers}>
                {line.modifiers.map((modifier) => (
                  <li key={modifier.id}>
                    + {pickText(modifier.name, locale)}
                    {modifier.count > 1 ? ` ×${modifier.count}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <p>{t('persons', { count: order.personCount })}</p>
      {order.comment && <p className={styles.note}>{t('comment', { text: order.comment })}</p>}
      <p>
        {t(`pay_${order.payType}`)}
        {/* On receipt the method says it all; online the kitchen must see that the money is in. */}
        {order.paymentStatus !== 'not_required' && `, ${t(`paymentStatus_${order.paymentStatus}`)}`}
      </p>
      <OrderPointsLine order={order} locale={locale} />
      {order.rating && <OrderRating rating={order.rating} locale={locale} />}
      {refunded && <p role="status">{refunded}</p>}
      {notice && (
        <p role="alert" className={styles.error}>
          {notice}
        </p>
      )}
      <div className={styles.actions}>
        {isNew && (
          <>
            <label className={styles.delay}>
              <span className={styles.visuallyHidden}>{t('delay')}</span>
              <select
                value={delay}
                disabled={pending}
                onChange={(event) => setDelay(Number(event.target.value))}
              >
                {ACCEPT_DELAY_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes === 0 ? t('delayNone') : t('delayMinutes', { minutes })}
                  </option>
                ))}
              </select>
            </label>
            <Button
              disabled={pending}
              loading={pending && action.variables?.kind === 'accept'}
              onClick={() => action.mutate({ kind: 'accept', delayMinutes: delay })}
            >
              {t('accept')}
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => setDeclining(true)}>
              {t('decline')}
            </Button>
          </>
        )}
        {next && (
          <Button
            disabled={pending}
            loading={pending && action.variables?.kind === 'move'}
            onClick={() => action.mutate({ kind: 'move', from: order.status, to: next })}
          >
            {t(`move_${next}`)}
          </Button>
        )}
        {role && mayAdmin(role, 'orders.refund') && mayRefund(order) && (
          <Button
            variant="secondary"
            onClick={() => {
              setRefunded(null);
              setRefunding(true);
            }}
          >
            {t('refund')}
          </Button>
        )}
      </div>
      <CustomerPoints order={order} locale={locale} />
      {refunding && (
        <RefundDialog
          order={order}
          locale={locale}
          onClose={() => setRefunding(false)}
          onDone={(refund) => {
            setRefunding(false);
            const money = (amount: number) => formatMoney(amount as Minor, order.currency || 'RUB', locale);
            setRefunded(t('refundDone', { amount: money(refund.amount), left: money(refund.refundable) }));
            // The card's payment (its refunds, what is left) comes from the order: read it again.
            void readOrder(order.id)
              .then((fresh) => upsertOrder(queryClient, staffId, fresh))
              .catch(() => undefined);
          }}
        />
      )}
      {declining && (
        <DeclineDialog
          number={order.number}
          method={order.deliveryType}
          locale={locale}
          pending={pending}
          onCancel={() => setDeclining(false)}
          onDecline={(reason) => action.mutate({ kind: 'decline', reason })}
        />
      )}
    </article>
  );
}

function DeclineDialog({
  number,
  method,
  locale,
  pending,
  onCancel,
  onDecline,
}: {
  number: string;
  /** Only the reasons that fit the order's method (the API refuses the others). */
  method: CustomerDeliveryMethod;
  locale: Locale;
  pending: boolean;
  onCancel: () => void;
  onDecline: (reason: DeclineReason) => void;
}) {
  const { t } = useTranslation('staff');
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const name = useId();
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={t('declineTitle', { number })}
      closeLabel={t('close')}
      size="compact"
      footer={
        <div className={styles.dialogActions}>
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button disabled={!reason || pending} loading={pending} onClick={() => reason && onDecline(reason)}>
            {t('declineConfirm')}
          </Button>
        </div>
      }
    >
      <fieldset className={styles.reasons}>
        <legend>{t('declineHint')}</legend>
        {declineReasonsFor(method).map((code) => (
          <label key={code} className={styles.reason}>
            <input
              type="radio"
              name={name}
              value={code}
              checked={reason === code}
              disabled={pending}
              onChange={() => setReason(code)}
            />
            <span>{pickText(DECLINE_REASON_TEXTS[code], locale)}</span>
          </label>
        ))}
      </fieldset>
    </ResponsiveDialog>
  );
}
