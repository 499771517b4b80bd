import { type Locale, pickText } from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { restoPromotionsQuery } from '../../../shared/api/catalog-queries.ts';
import { useCurrentLocation } from '../../../shared/current-location.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import styles from './promotions.module.css';

/** /promotions: the promotions running in the chosen restaurant. */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation('promotions');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { resto } = useCurrentLocation();
  const promotions =
    useQuery({ ...restoPromotionsQuery(resto?.id ?? 0), enabled: resto !== null }).data ?? [];
  return (
    <>
      <h1>{t('title')}</h1>
      {promotions.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {promotions.map((p) => (
            <li key={p.id}>
              <Link to={`/promotions/${p.id}`} className={styles.card}>
                <FallbackImage src={p.image} alt="" fallbackSrc="/media/placeholder.svg" />
                <span>{pickText(p.title, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
