import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/config.tsx';
import styles from './header.module.css';
import { SecondaryLinks, StoreLinks } from './links.tsx';

/** Secondary navigation (the static pages), support and app-store links. */
export function Footer() {
  const { t, i18n } = useTranslation('header');
  const brand = useBrand();
  const name = i18n.language === 'en' ? (brand.name.en ?? brand.name.ru) : brand.name.ru;
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
