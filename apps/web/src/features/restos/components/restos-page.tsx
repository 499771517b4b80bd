import { type Locale, pickText } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentLocation } from '../../../shared/current-location.tsx';

/** /restos: the restaurants of the chosen city; the catalog issue adds photos, schedule and map. */
export default function RestosPage() {
  const { t, i18n } = useTranslation('restos');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { restos } = useCurrentLocation();
  return (
    <>
      <h1>{t('title')}</h1>
      {restos.length === 0 && <p>{t('empty')}</p>}
      <ul>
        {restos.map((r) => (
          <li key={r.id}>
            <Link to={`/restos/${r.id}`}>{pickText(r.name, locale)}</Link> — {pickText(r.street, locale)}
          </li>
        ))}
      </ul>
    </>
  );
}
