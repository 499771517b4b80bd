import { useTranslation } from 'react-i18next';
import { useConsent } from '../../../entities/consent/consent-store.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './consent.module.css';

/** docs/product.md §2 item 8: shown until accepted, remembered under person_cookies_consent_accepted. */
export function CookieConsent() {
  const { t } = useTranslation('consent');
  const accepted = useConsent((s) => s.cookiesConsentAccepted);
  const accept = useConsent((s) => s.acceptCookies);
  if (accepted) return null;
  return (
    <section className={styles.cookies} aria-label={t('cookies')} data-testid="cookie-consent">
      <p>{t('cookies')}</p>
      <div className={styles.actions}>
        <AppLink to="/informaciya-dlya-klientov" className={styles.learnMore}>
          {t('learnMore')}
        </AppLink>
        <Button variant="primary" onClick={accept}>
          {t('accept')}
        </Button>
      </div>
    </section>
  );
}
