import type { PaymentMethod } from '@storefront/domain';
import { useCheckoutTexts } from '../checkout-namespace.ts';
import styles from './checkout.module.css';

/** The payment methods the restaurant takes for this method, and why a saved one was replaced. */
export function PaymentFields({
  allowed,
  payType,
  reset,
  choose,
}: {
  allowed: readonly PaymentMethod[];
  payType: PaymentMethod | null;
  reset: { was: PaymentMethod; now: PaymentMethod } | null;
  choose: (code: PaymentMethod) => void;
}) {
  const { t } = useCheckoutTexts();
  return (
    <fieldset className={styles.group} aria-describedby={reset ? 'payment-reset' : undefined}>
      <legend className={styles.legend}>{t('payment')}</legend>
      {allowed.length === 0 && <p role="alert">{t('noPayment')}</p>}
      {allowed.map((code) => (
        <label key={code} className={styles.radio}>
          <input
            type="radio"
            name="payType"
            value={code}
            checked={payType === code}
            onChange={() => choose(code)}
            data-testid={`payment-method-${code}`}
          />
          {t(`pay_${code}`)}
        </label>
      ))}
      {reset && (
        <p id="payment-reset" className={styles.note} role="status" data-testid="payment-method-reset">
          {t('paymentReset', { was: t(`pay_${reset.was}`), now: t(`pay_${reset.now}`) })}
        </p>
      )}
    </fieldset>
  );
}
