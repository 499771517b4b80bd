import { formatMoney, type Locale, minor, pickText } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentLocation } from '../../../shared/current-location.tsx';

/** /restos/{id}: address, contacts and average bill of a restaurant of the chosen city. */
export default function RestoPage() {
  const { t, i18n } = useTranslation('restos');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { restoId } = useParams();
  const resto = useCurrentLocation().restos.find((r) => String(r.id) === restoId);
  if (!resto) {
    return (
      <>
        <h1>{t('notFound')}</h1>
        <Link to="/restos">{t('all')}</Link>
      </>
    );
  }
  return (
    <>
      <h1>{pickText(resto.name, locale)}</h1>
      <p>{pickText(resto.address, locale)}</p>
      <p>{pickText(resto.description, locale)}</p>
      <p>
        {t('averageCheck')}: {formatMoney(minor(resto.averageCheck), resto.currency, locale)}
      </p>
      <h2>{t('phones')}</h2>
      <ul>
        {resto.phones.map((p) => (
          <li key={p.value}>
            <a href={`tel:${p.value.replace(/[^+\d]/g, '')}`}>{p.value}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
