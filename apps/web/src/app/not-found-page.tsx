import { useTranslation } from 'react-i18next';
import { AppLink } from '../shared/navigation/app-link.tsx';

/** docs/product.md §2 'error.not-found': shown in the error layout. */
export function NotFoundPage() {
  const { t } = useTranslation('not-found');
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <AppLink to="/">{t('home')}</AppLink>
    </div>
  );
}
