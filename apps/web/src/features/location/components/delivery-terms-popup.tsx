import { deliveryTermsRows, formatMoney, type Minor, type TermsZone } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import styles from './delivery-terms-popup.module.css';

/**
 * docs/product.md §2 item 3: order-sum bands with their delivery cost ('Бесплатно' for zero) and time.
 * The location popup shows it from the delivery step; the cart shows it too, composed in by app/
 * (CartPage's `deliveryTerms`), since features never import each other.
 */
export function DeliveryTermsPopup({
  zone,
  currency,
  open,
  onClose,
}: {
  zone: TermsZone;
  currency: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery-terms');
  const locale = useLocale();
  const money = (amount: Minor) => formatMoney(amount, currency, locale);
  return (
    <ResponsiveDialog open={open} onOpenChange={(next) => !next && onClose()} title={t('termsTitle')}>
      <table className={styles.terms}>
        <thead>
          <tr>
            <th scope="col">{t('orderSum')}</th>
            <th scope="col">{t('deliveryCost')}</th>
            <th scope="col">{t('deliveryTime')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveryTermsRows(zone).map((row) => (
            <tr key={row.from}>
              <td>
                {row.to === null
                  ? t('from', { amount: money(row.from) })
                  : t('fromTo', { from: money(row.from), to: money(row.to) })}
              </td>
              <td>{row.isFree ? t('free') : money(row.cost)}</td>
              <td>{row.minutes === null ? '—' : t('minutes', { count: row.minutes })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveDialog>
  );
}
