import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const notFoundTexts = {
  ru: { title: 'Страница не найдена', text: 'Возможно, ссылка устарела.', home: 'На главную' },
  en: { title: 'Page not found', text: 'The link may be out of date.', home: 'Go to the home page' },
};

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
