import { pickText } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/config.tsx';
import { useLocale } from '../../shared/i18n/use-locale.ts';
import styles from './header.module.css';
import { SecondaryLinks, StoreLinks } from './links.tsx';

/** Secondary navigation (the static pages), support and app-store links. */
export function Footer() {
  const { t } = useTranslation('header');
  const brand = useBrand();
  const locale = useLocale();
  const name = pickText(brand.name, locale);
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('navigation')}>
        <SecondaryLinks />
      </nav>
      <StoreLinks />
      <p className={styles.copyright}>© {name}</p>
    </footer>
  );
}
