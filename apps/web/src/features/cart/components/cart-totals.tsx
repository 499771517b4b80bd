import { formatMoney, type Locale, type Minor } from '@storefront/domain';
import type { PreflightResponse } from '@storefront/domain/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { useCartTexts } from '../cart-namespace.ts';
import styles from './cart-page.module.css';

/**
 * Sum, discount, points spent, delivery ('Бесплатно' when zero) and the amount to pay, all the server's. While a
 * preflight runs they say so; a failed one is said in words with a retry.
 */
export function CartTotals({
  answer,
  calculating,
  failure,
  onRetry,
  delivery,
  currency,
  locale,
  bonus,
}: {
  answer: PreflightResponse | undefined;
  calculating: boolean;
  failure: string | null;
  onRetry: () => void;
  delivery: boolean;
  currency: string;
  locale: Locale;
  /** The points control (decision 55), above the figures it changes. */
  bonus?: ReactNode;
}) {
  const { t } = useCartTexts();
  const money = (amount: Minor) => formatMoney(amount, currency, locale);
  const value = (amount: Minor) => (calculating ? t('calculating') : answer ? money(amount) : '—');
  return (
    <section
      className={styles.card}
      aria-labelledby="cart-totals"
      data-testid="totals"
      aria-live="polite"
      aria-busy={calculating}
    >
      <h2 id="cart-totals" className={styles.cardTitle}>
        {t('totals')}
      </h2>
      {bonus}
      {failure && !calculating ? (
        <div role="alert" className={styles.failure}>
          <p>{t('failed', { message: failure })}</p>
          <Button variant="secondary" onClick={onRetry} data-testid="preflight-retry">
            {t('retry')}
          </Button>
        </div>
      ) : (
        <dl className={styles.totals}>
          <div>
            <dt>{t('sum')}</dt>
            <dd data-testid="total-sum">{value(answer?.sum ?? (0 as Minor))}</dd>
          </div>
          {answer && answer.discount > 0 && (
            <div>
              <dt>{t('discount')}</dt>
              <dd data-testid="total-discount">
                {calculating ? t('calculating') : `−${money(answer.discount)}`}
              </dd>
            </div>
          )}
          {answer?.bonus && answer.bonus.spent > 0 && (
            <div>
              <dt>{t('bonusSpent')}</dt>
              <dd data-testid="total-bonus">
                {calculating ? t('calculating') : `−${money(answer.bonus.spent)}`}
              </dd>
            </div>
          )}
          {delivery && (
            <div>
              <dt>{t('deliveryCost')}</dt>
              <dd data-testid="total-delivery">
                {calculating
                  ? t('calculating')
                  : !answer
                    ? '—'
                    : answer.deliveryPrice === 0
                      ? t('free')
                      : money(answer.deliveryPrice)}
              </dd>
            </div>
          )}
          <div className={styles.payable}>
            <dt>{t('payable')}</dt>
            <dd data-testid="total-payable">{value(answer?.payable ?? (0 as Minor))}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
