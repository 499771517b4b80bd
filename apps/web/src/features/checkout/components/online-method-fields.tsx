import type { OnlinePayMethod } from '@storefront/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import type { CheckoutValues } from '../model/checkout-values.ts';
import styles from './checkout.module.css';

/**
 * Paying online by card, SBP or SberPay (decision 55): radio cards, each with a short hint, among the methods the
 * restaurant's shop has enabled. Shown only when there is more than card to choose; the choice is the form's.
 */
export function OnlineMethodFields({
  offered,
  form,
  error,
}: {
  offered: readonly OnlinePayMethod[];
  form: UseFormReturn<CheckoutValues>;
  error: string | undefined;
}) {
  const { t } = useCheckoutTexts();
  const chosen = form.watch('onlineMethod');
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? 'online-method-error' : undefined}
      data-testid="online-methods"
    >
      <legend className={styles.legend}>{t('onlineMethod')}</legend>
      <div className={styles.methods}>
        {offered.map((method) => (
          <label
            key={method}
            className={styles.methodCard}
            data-checked={chosen === method || undefined}
            data-testid={`online-method-${method}`}
          >
            <input type="radio" value={method} {...form.register('onlineMethod')} />
            <span className={styles.methodText}>
              <span className={styles.methodName}>{t(`online_${method}`)}</span>
              <span className={styles.methodHint}>{t(`online_${method}_hint`)}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="online-method-error" className={styles.error} role="alert" data-testid="online-method-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
