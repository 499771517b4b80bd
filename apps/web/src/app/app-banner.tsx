import { pickText } from '@storefront/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../shared/config.tsx';
import { useLocale } from '../shared/i18n/use-locale.ts';
import { userAgent } from '../shared/platform/user-agent.ts';
import { CloseIcon } from '../shared/ui/icons.tsx';
import styles from './chrome.module.css';

function platform(): 'ios' | 'android' | null {
  const agent = userAgent();
  if (/iPhone|iPad|iPod/i.test(agent)) return 'ios';
  if (/Android/i.test(agent)) return 'android';
  return null;
}

/** docs/product.md §1: on a phone, a banner offers the brand's app for that platform; hidden for the visit once closed. */
export function AppBanner() {
  const { t } = useTranslation('app-banner');
  const brand = useBrand();
  const locale = useLocale();
  const [closed, setClosed] = useState(false);
  const os = platform();
  const link = os === 'ios' ? brand.links.appStore : os === 'android' ? brand.links.googlePlay : null;
  if (closed || !link) return null;
  return (
    <aside className={styles.banner} aria-label={t('text')}>
      <img src={brand.logo} alt="" width={32} height={32} />
      <span className={styles.bannerText}>
        <strong>{pickText(brand.name, locale)}</strong>
        <small>{t('text')}</small>
      </span>
      <a href={link} target="_blank" rel="noopener noreferrer" className={styles.bannerOpen}>
        {t('open')}
      </a>
      <button
        type="button"
        className={styles.bannerClose}
        aria-label={t('close')}
        onClick={() => setClosed(true)}
      >
        <CloseIcon size={18} />
      </button>
    </aside>
  );
}
