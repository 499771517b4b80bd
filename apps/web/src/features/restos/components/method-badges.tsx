import { CUSTOMER_DELIVERY_METHODS, isMethodOffered } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import styles from './chips.module.css';

/** The ways a customer can get an order here: a method counts only when it is offered (docs/product.md §4). */
export function MethodBadges({ resto }: { resto: Resto }) {
  const { t } = useTranslation('restos');
  const offered = CUSTOMER_DELIVERY_METHODS.filter((method) => isMethodOffered(resto, method));
  if (offered.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={t('methods')}>
      {offered.map((method) => (
        <li key={method} className={`${styles.chip} ${styles.accent}`}>
          {t(method === 'DELIVERY' ? 'delivery' : 'takeAway')}
        </li>
      ))}
    </ul>
  );
}
