import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/config.tsx';
import { useLocale } from '../../shared/i18n/use-locale.ts';
import { IndeterminateBar } from '../../shared/ui/spinner.tsx';
import styles from './boot.module.css';

/** docs/product.md §2 item 1: the brand and an indeterminate bar while the storefront loads. */
export function Splash() {
  const brand = useBrand();
  const { t } = useTranslation('boot');
  const locale = useLocale();
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <img className={styles.logo} src={brand.logo} alt="" width={96} height={96} />
      <p className={styles.brand}>{brand.name[locale] ?? brand.name.ru}</p>
      <IndeterminateBar label={t('loading')} />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
