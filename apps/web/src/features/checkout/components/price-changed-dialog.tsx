import type { PreflightResponse } from '@storefront/domain/contracts';
import { Button } from '../../../shared/ui/button.tsx';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import styles from './checkout.module.css';

export interface PriceChange {
  before: PreflightResponse;
  after: PreflightResponse;
}

export interface LineChange {
  id: number;
  menuId: number;
  before: number | null;
  /** null: the dish is no longer available. */
  after: number | null;
}

/** The lines whose sum moved between the two answers, then delivery and the total (a small diff). */
export function priceDiff(before: PreflightResponse, after: PreflightResponse) {
  const lines = after.positions.flatMap((line, index): LineChange[] => {
    const old = before.positions[index];
    const beforeSum = old && old.id === line.id ? old.payableAmount : null;
    if (!line.available) return [{ id: line.id, menuId: line.menu.id, before: beforeSum, after: null }];
    if (beforeSum === line.payableAmount) return [];
    return [{ id: line.id, menuId: line.menu.id, before: beforeSum, after: line.payableAmount }];
  });
  return {
    lines,
    delivery:
      before.deliveryPrice !== after.deliveryPrice
        ? { before: before.deliveryPrice, after: after.deliveryPrice }
        : null,
    total: { before: before.payable, after: after.payable },
  };
}

/** 409 order.price-changed: what changed, line by line, and 'Подтвердить' to order at the new price. */
export function PriceChangedDialog({
  change,
  nameOf,
  money,
  onConfirm,
  onCancel,
}: {
  change: PriceChange | null;
  nameOf: (id: number, menuId: number) => string;
  money: (amount: number) => string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useCheckoutTexts();
  const diff = change ? priceDiff(change.before, change.after) : null;
  return (
    <ResponsiveDialog
      open={change !== null}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t('priceChangedTitle')}
      description={t('priceChangedText')}
      dismissible={false}
      size="compact"
      onEscapeKeyDown={onCancel}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="primary" onClick={onConfirm} data-testid="price-changed-confirm">
            {t('confirm')}
          </Button>
        </div>
      }
    >
      {diff && (
        <ul className={styles.changes} data-testid="price-changed">
          {diff.lines.map((line) => (
            <li key={`${line.menuId}/${line.id}`}>
              {line.after === null
                ? t('priceChangedGone', { name: nameOf(line.id, line.menuId) })
                : t('priceChangedLine', {
                    name: nameOf(line.id, line.menuId),
                    before: line.before === null ? '—' : money(line.before),
                    after: money(line.after),
                  })}
            </li>
          ))}
          {diff.delivery && (
            <li>
              {t('priceChangedDelivery', {
                before: money(diff.delivery.before),
                after: money(diff.delivery.after),
              })}
            </li>
          )}
          <li>
            <strong>
              {t('priceChangedTotal', { before: money(diff.total.before), after: money(diff.total.after) })}
            </strong>
          </li>
        </ul>
      )}
    </ResponsiveDialog>
  );
}
