import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §2 'error.not-found': shown in the error layout. */
export function NotFoundPage() {
  const { t } = useTranslation('not-found');
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <Link to="/">{t('home')}</Link>
    </div>
  );
}
