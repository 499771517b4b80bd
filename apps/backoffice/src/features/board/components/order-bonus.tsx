import { ERROR_MESSAGES, type Locale, POINT, pickText } from '@storefront/domain';
import type { BoardOrder, BonusHistoryEntry } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustCustomerBonus, pointsOf, type StaffBonus, staffBonusQuery } from '../model/bonus-api.ts';
import styles from './order-bonus.module.css';

/** Minor units of whole points as words: '1 250 баллов', the plural by the number. */
export function pointsText(amount: number, locale: Locale, t: TFunction<'staff'>): string {
  const points = Math.abs(amount) / POINT;
  return t('pointsValue', { count: points, value: new Intl.NumberFormat(locale).format(points) });
}

/** '+200' or '−200' (the minus sign, not a hyphen). */
const signed = (amount: number, locale: Locale) =>
  `${amount < 0 ? '\u2212' : '+'}${new Intl.NumberFormat(locale).format(Math.abs(amount) / POINT)}`;

/** The order's own points: what it spent and what it earns (or earned once done); nothing when neither. */
export function OrderPointsLine({ order, locale }: { order: BoardOrder; locale: Locale }) {
  const { t } = useTranslation('staff');
  const bonus = order.bonus;
  if (!bonus || (bonus.spent === 0 && bonus.earn === 0)) return null;
  const parts = [
    bonus.spent > 0 && t('orderPointsSpent', { points: pointsText(bonus.spent, locale, t) }),
    bonus.earn > 0 &&
      t(bonus.earnedAt ? 'orderPointsEarned' : 'orderPointsEarn', {
        points: pointsText(bonus.earn, locale, t),
      }),
  ].filter(Boolean);
  return (
    <p className={styles.orderPoints} data-testid="order-points">
      <strong>{t('orderPoints')}:</strong> {parts.join(', ')}
    </p>
  );
}

const SHOWN_ROWS = 5;

/**
 * The customer's points on an order card, opened on demand (the board holds dozens of cards): the balance, the
 * latest rows, and for managers and owners the adjustment with a reason, asked twice.
 */
export function CustomerPoints({ order, locale }: { order: BoardOrder; locale: Locale }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.customer}>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t('customerPointsHide') : t('customerPoints')}
      </Button>
      {open && (
        <div id={panelId} className={styles.panel} data-testid="customer-points">
          <CustomerPointsPanel order={order} locale={locale} />
        </div>
      )}
    </div>
  );
}

function CustomerPointsPanel({ order, locale }: { order: BoardOrder; locale: Locale }) {
  const { t } = useTranslation('staff');
  const bonus = useQuery(staffBonusQuery(order.id));
  const [adjusting, setAdjusting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (bonus.isPending)
    return (
      <p role="status">
        <Spinner size={20} /> {t('pointsLoading')}
      </p>
    );
  if (bonus.isError)
    return (
      <div role="alert" className={styles.failed}>
        <p>
          {bonus.error instanceof ApiError && bonus.error.status !== 0
            ? bonus.error.message
            : t('pointsFailed')}
        </p>
        <Button variant="secondary" onClick={() => void bonus.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const data = bonus.data;
  if (!data.enabled && data.balance === 0 && data.history.length === 0)
    return <p className={styles.muted}>{t('pointsOff')}</p>;
  const rows = data.history.slice(0, SHOWN_ROWS);
  return (
    <>
      {!data.enabled && <p className={styles.muted}>{t('pointsOff')}</p>}
      <p className={styles.balance} data-testid="points-balance">
        {t('balance', { points: pointsText(data.balance, locale, t) })}
      </p>
      <h4 className={styles.historyTitle}>{t('historyTitle')}</h4>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('historyEmpty')}</p>
      ) : (
        <ul className={styles.history}>
          {rows.map((row) => (
            <HistoryRow key={row.id} row={row} locale={locale} timezone={order.timezone} />
          ))}
        </ul>
      )}
      {done && (
        <p role="status" className={styles.done}>
          {done}
        </p>
      )}
      {data.canAdjust && (
        <Button
          size="l"
          onClick={() => {
            setDone(null);
            setAdjusting(true);
          }}
        >
          {t('adjust')}
        </Button>
      )}
      {adjusting && (
        <AdjustDialog
          order={order}
          balance={data.balance}
          locale={locale}
          onClose={() => setAdjusting(false)}
          onDone={(balance) => {
            setAdjusting(false);
            setDone(t('adjustDone', { points: pointsText(balance, locale, t) }));
          }}
        />
      )}
    </>
  );
}

/** A short date on the restaurant's clock: 24.11, 18:05. */
function shortWhen(iso: string, locale: Locale, timezone: string): string {
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(timezone);
  const shift = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 180;
  const local = new Date(Date.parse(iso) + shift * 60_000);
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(local);
}

function HistoryRow({ row, locale, timezone }: { row: BonusHistoryEntry; locale: Locale; timezone: string }) {
  const { t } = useTranslation('staff');
  return (
    <li className={styles.row}>
      <span className={styles.rowTitle}>
        {row.title}
        {/* The API's title may say the reason already ('Начислено сотрудником: …'). */}
        {row.reason && !row.title.includes(row.reason) && (
          <span className={styles.muted}>{` · ${t('historyReason', { reason: row.reason })}`}</span>
        )}
      </span>
      <span className={row.amount < 0 ? styles.minus : styles.plus}>{signed(row.amount, locale)}</span>
      <time className={styles.muted} dateTime={row.at}>
        {shortWhen(row.at, locale, timezone)}
      </time>
    </li>
  );
}

type Direction = 'add' | 'take';

/** ± points with a reason: the amount and the reason first, then the question with the balance it leaves. */
function AdjustDialog({
  order,
  balance,
  locale,
  onClose,
  onDone,
}: {
  order: BoardOrder;
  balance: number;
  locale: Locale;
  onClose: () => void;
  onDone: (balance: number) => void;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<Direction>('add');
  const [pointsInput, setPointsInput] = useState('');
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [issues, setIssues] = useState<{ points?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const name = useId();
  const points = pointsOf(pointsInput);
  const amount = (points ?? 0) * POINT * (direction === 'take' ? -1 : 1);
  const after = balance + amount;

  const save = useMutation({
    mutationFn: () => adjustCustomerBonus(order.id, amount, reason.trim()),
    onMutate: () => setFailure(null),
    onSuccess: async (answer) => {
      // The API answers the customer's points after the change; anything else: read them again.
      if (answer && typeof answer === 'object' && 'balance' in answer && 'history' in answer) {
        const fresh = answer as StaffBonus;
        queryClient.setQueryData(staffBonusQuery(order.id).queryKey, fresh);
        onDone(fresh.balance);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: staffBonusQuery(order.id).queryKey });
      onDone(after);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        const onPoints = fields.find((f) => f.field === 'amount');
        const onReason = fields.find((f) => f.field === 'reason');
        if (onPoints || onReason) {
          setIssues({ points: onPoints?.message, reason: onReason?.message });
          setStep('edit');
          return;
        }
      }
      setFailure(error.message);
    },
  });

  const next = () => {
    const found: { points?: string; reason?: string } = {};
    if (points === null) found.points = t('issue_points');
    else if (direction === 'take' && after < 0)
      found.points = pickText(ERROR_MESSAGES['bonus.below-zero'], locale);
    if (reason.trim().length < 3) found.reason = t('issue_reason');
    setIssues(found);
    setFailure(null);
    if (Object.keys(found).length === 0) setStep('confirm');
  };
  const shown = pointsText(Math.abs(amount), locale, t);
  const pending = save.isPending;

  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t('adjustTitle', { number: order.number })}
      closeLabel={t('close')}
      size="compact"
      footer={
        <div className={styles.dialogActions}>
          {step === 'edit' ? (
            <>
              <Button variant="secondary" size="l" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button size="l" onClick={next}>
                {t('adjustNext')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" size="l" disabled={pending} onClick={() => setStep('edit')}>
                {t('adjustBack')}
              </Button>
              <Button size="l" loading={pending} onClick={() => save.mutate()}>
                {t(direction === 'add' ? 'adjustDoAdd' : 'adjustDoTake', { points: shown })}
              </Button>
            </>
          )}
        </div>
      }
    >
      {step === 'edit' ? (
        <div className={styles.dialogBody}>
          <p className={styles.balance}>{t('balance', { points: pointsText(balance, locale, t) })}</p>
          <fieldset className={styles.directions}>
            <legend>{t('adjustDirection')}</legend>
            {(['add', 'take'] as const).map((value) => (
              <label key={value} className={styles.direction}>
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={direction === value}
                  onChange={() => setDirection(value)}
                />
                <span>{t(value === 'add' ? 'adjustAdd' : 'adjustTake')}</span>
              </label>
            ))}
          </fieldset>
          <Field label={t('adjustPoints')} required error={issues.points}>
            {(c) => (
              <input
                {...c}
                inputMode="numeric"
                autoComplete="off"
                value={pointsInput}
                onChange={(event) => setPointsInput(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('adjustReason')} required hint={t('adjustReasonHint')} error={issues.reason}>
            {(c) => (
              <textarea
                {...c}
                rows={2}
                maxLength={300}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
        </div>
      ) : (
        <div className={styles.dialogBody} data-testid="adjust-confirm">
          <p className={styles.question}>
            {t(direction === 'add' ? 'adjustConfirmAdd' : 'adjustConfirmTake', { points: shown })}
          </p>
          <p>{t('adjustConfirmReason', { reason: reason.trim() })}</p>
          <p>{t('adjustConfirmBalance', { points: pointsText(after, locale, t) })}</p>
          <p className={styles.muted}>{t('adjustConfirmUndo')}</p>
          {failure && (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          )}
        </div>
      )}
    </ResponsiveDialog>
  );
}
