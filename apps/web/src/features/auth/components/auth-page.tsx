import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /auth: the sign-in issue builds phone and social sign-in here. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('soon')}</p>
      <Link to="/">{t('toMenu')}</Link>
    </>
  );
}
