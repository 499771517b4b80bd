import {
  applyBulkPriceChange,
  BULK_AMOUNT_MAX,
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  isSellablePrice,
  type Minor,
  parseRubles,
  percentInBasisPoints,
  pickText,
} from '@storefront/domain';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../model/dish-format.ts';
import { type AdminDish, type BulkChange, bulkPrice, keepDish } from '../model/dishes-api.ts';
import styles from './dishes.module.css';

const PREVIEW_ROWS = 5;

/** '5', '-10,5' as percent (two decimals at most); '-50', '+20,50' as kopecks. Null when it is neither. */
export function bulkChangeOf(kind: 'percent' | 'amount', text: string): BulkChange | null {
  const trimmed = text.trim().replace(/^\+/, '');
  if (!trimmed) return null;
  if (kind === 'percent') {
    const cleaned = trimmed.replace(',', '.').replace(/\s/g, '');
    if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
    const percent = Number(cleaned);
    if (percent === 0 || percent < BULK_PERCENT_MIN || percent > BULK_PERCENT_MAX) return null;
    return percentInBasisPoints(percent) === null ? null : { percent };
  }
  const negative = trimmed.startsWith('-');
  const kopecks = parseRubles(negative ? trimmed.slice(1) : trimmed);
  if (kopecks === null || kopecks === 0 || kopecks > BULK_AMOUNT_MAX) return null;
  return { amount: negative ? -kopecks : kopecks };
}

/** ± % or ± ₽ over the selected dishes, with the first prices before and after; all or none on the server. */
export function BulkPriceDialog({
  open,
  dishes,
  onClose,
  onDone,
}: {
  open: boolean;
  dishes: AdminDish[];
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { t } = useTranslation('dishes');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const change = bulkChangeOf(kind, value);
  const mutation = useMutation({
    mutationFn: (next: BulkChange) =>
      bulkPrice(
        dishes.map((dish) => dish.id),
        next,
      ),
    onSuccess: (answer) => {
      for (const dish of answer.dishes) keepDish(queryClient, dish);
      setValue('');
      setTouched(false);
      onDone(answer.dishes.length);
    },
  });

  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  const refusal = refusalText(mutation.error, dishes, locale, t);
  const apply = () => {
    setTouched(true);
    if (change) mutation.mutate(change);
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={t('bulkTitle', { count: dishes.length })}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            {t('bulkCancel')}
          </Button>
          <Button onClick={apply} loading={mutation.isPending}>
            {t('bulkApply')}
          </Button>
        </div>
      }
    >
      <fieldset className={styles.kinds}>
        <legend>{t('bulkKind')}</legend>
        {(['percent', 'amount'] as const).map((option) => (
          <label key={option} className={styles.kind}>
            <input
              type="radio"
              name="bulk-kind"
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                mutation.reset();
              }}
            />
            {t(option === 'percent' ? 'bulkPercent' : 'bulkAmount')}
          </label>
        ))}
      </fieldset>
      <Field
        label={t(kind === 'percent' ? 'bulkValuePercent' : 'bulkValueAmount')}
        error={touched && !change ? t('bulkInvalid') : undefined}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              mutation.reset();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') apply();
            }}
          />
        )}
      </Field>
      {refusal && (
        <p role="alert" className={styles.alert}>
          {refusal}
        </p>
      )}
      <table className={styles.preview}>
        <caption>{t('bulkPreview')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('colName')}</th>
            <th scope="col" className={styles.numeric}>
              {t('bulkBefore')}
            </th>
            <th scope="col" className={styles.numeric}>
              {t('bulkAfter')}
            </th>
          </tr>
        </thead>
        <tbody>
          {dishes.slice(0, PREVIEW_ROWS).map((dish) => {
            const after = change ? applyBulkPriceChange(dish.price as Minor, change) : null;
            return (
              <tr key={dish.id}>
                <td>{pickText(dish.name, locale)}</td>
                <td className={styles.numeric}>{formatPrice(dish.price as Minor, locale)}</td>
                <td className={styles.numeric}>
                  {after === null
                    ? '—'
                    : isSellablePrice(after)
                      ? formatPrice(after, locale)
                      : t('bulkOutOfRange')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {dishes.length > PREVIEW_ROWS && (
        <p className={styles.muted}>{t('bulkPreviewMore', { count: dishes.length - PREVIEW_ROWS })}</p>
      )}
    </ResponsiveDialog>
  );
}

/** The refusal in words: the dish the server names (positionId) with its message. */
function refusalText(
  error: Error | null,
  dishes: readonly AdminDish[],
  locale: 'ru' | 'en',
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return error.message;
  const positionId = (error.data as { positionId?: unknown } | null)?.positionId;
  const dish = dishes.find((d) => d.id === positionId);
  return dish
    ? t('bulkRefused', { name: pickText(dish.name, locale), message: error.message })
    : error.message;
}
