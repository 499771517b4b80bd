import { formatMoney, type Locale, type Minor } from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  kopecksOf,
  refundableOf,
  refundOrder,
  type StaffRefund,
  staffBonusQuery,
} from '../model/bonus-api.ts';
import styles from './order-bonus.module.css';

/**
 * Money back for a done order paid online (managers and owners): the amount, at most what is left of the payment,
 * then the question with the amount spelt out on the button too; money cannot be taken back, so nothing undoes it.
 */
export function RefundDialog({
  order,
  locale,
  onClose,
  onDone,
}: {
  order: BoardOrder;
  locale: Locale;
  onClose: () => void;
  onDone: (refund: StaffRefund) => void;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const refundable = refundableOf(order);
  const money = (amount: number) => formatMoney(amount as Minor, order.currency || 'RUB', locale);
  const [input, setInput] = useState(String(refundable / 100).replace('.', locale === 'ru' ? ',' : '.'));
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [issue, setIssue] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = kopecksOf(input);

  const refund = useMutation({
    mutationFn: (value: number) => refundOrder(order.id, value),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      // The customer's points follow the refund (a share given back, a share taken away).
      void queryClient.invalidateQueries({ queryKey: staffBonusQuery(order.id).queryKey });
      onDone(answer);
    },
    // payment.refund-amount-invalid, payment.refund-order-not-done, payment.not-paid: the API's own words.
    onError: (error) => setFailure(error.message),
  });

  const next = () => {
    if (amount === null || amount <= 0 || amount > refundable) {
      setIssue(t('issue_refundAmount', { amount: money(refundable) }));
      return;
    }
    setIssue(undefined);
    setFailure(null);
    setStep('confirm');
  };
  const pending = refund.isPending;

  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t('refundTitle', { number: order.number })}
      closeLabel={t('close')}
      size="compact"
      dismissible={!pending}
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
              <Button size="l" loading={pending} onClick={() => amount !== null && refund.mutate(amount)}>
                {t('refundDo', { amount: money(amount ?? 0) })}
              </Button>
            </>
          )}
        </div>
      }
    >
      {step === 'edit' ? (
        <div className={styles.dialogBody}>
          <Field
            label={t('refundAmount')}
            required
            hint={t('refundAmountHint', { amount: money(refundable) })}
            error={issue}
          >
            {(c) => (
              <input
                {...c}
                inputMode="decimal"
                autoComplete="off"
                value={input}
                onChange={(event) => setInput(event.target.value)}
              />
            )}
          </Field>
          <Button
            variant="secondary"
            onClick={() => setInput(String(refundable / 100).replace('.', locale === 'ru' ? ',' : '.'))}
          >
            {t('refundAll')}
          </Button>
        </div>
      ) : (
        <div className={styles.dialogBody} data-testid="refund-confirm">
          <p className={styles.question}>
            {t('refundConfirm', { amount: money(amount ?? 0), number: order.number })}
          </p>
          <p className={styles.muted}>{t('refundConfirmHint')}</p>
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
