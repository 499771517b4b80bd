import { formatPhoneInput } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { useIsAuthorised, usePerson } from '../../../entities/session/person-store.ts';
import { signOut, useSessionConfig } from '../../../entities/session/session.ts';
import { useBrand } from '../../../shared/config.tsx';
import { useLazyNamespace } from '../../../shared/i18n/lazy-namespace.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { useLocation, useNavigate } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { authTextsEn } from '../auth-texts.en.ts';
import { authTexts } from '../auth-texts.ts';
import styles from './auth-page.module.css';
import { PhoneSignIn } from './phone-sign-in.tsx';
import { ProfileBonus } from './profile-bonus.tsx';
import { SocialSignIn } from './social-sign-in.tsx';
import { useCaptcha } from './use-captcha.tsx';
import { useVkRedirectReturn } from './use-vk-redirect-return.ts';

/** Where to go after signing in: the page that sent the customer here (only a path of this site). */
export interface AuthPageState {
  from?: string;
  reason?: 'checkout';
}

function returnPath(state: unknown): string {
  const from = (state as AuthPageState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** /auth (docs/product.md §2 auth.index): sign-in by phone and the brand's social methods, or the signed-in profile. */
export default function AuthPage() {
  const { t } = useLazyNamespace('auth', { ru: authTexts, en: authTextsEn });
  useSessionConfig();
  const brand = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  const authorised = useIsAuthorised();
  const goBack = () => navigate(returnPath(location.state), { replace: true });
  const checkout = (location.state as AuthPageState | null)?.reason === 'checkout';
  const vkReturn = useVkRedirectReturn(goBack);
  const captcha = useCaptcha();

  if (authorised) return <Profile onContinue={goBack} />;
  return (
    <section className={styles.page} aria-labelledby="auth-title">
      <h1 id="auth-title" className={styles.title}>
        {t('title')}
      </h1>
      {checkout && (
        <p className={styles.notice} role="status">
          {t('checkoutNotice')}
        </p>
      )}
      {brand.features.auth.includes('PHONE') && (
        <PhoneSignIn
          context={{
            apiKey: brand.clients.apiKey,
            whiteLabel: brand.whiteLabel,
            captchaToken: captcha.token,
          }}
          onSignedIn={goBack}
        />
      )}
      {captcha.container}
      {vkReturn.pending ? (
        <p className={styles.hint} role="status">
          {t('continue')}…
        </p>
      ) : (
        <SocialSignIn onSignedIn={goBack} initialProblem={vkReturn.problem} />
      )}
    </section>
  );
}

function Profile({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation('auth');
  const profile = usePerson((s) => s.profile);
  const contact = usePerson((s) => s.contact);
  if (!profile) return null;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || contact.name;
  return (
    <section className={styles.page} aria-labelledby="profile-title">
      <h1 id="profile-title" className={styles.title}>
        {t('profileTitle')}
      </h1>
      <dl className={styles.profile} data-testid="profile">
        <dt>{t('signedInAs')}</dt>
        <dd>{name || t('noName')}</dd>
        {profile.phone && (
          <>
            <dt>{t('phone')}</dt>
            <dd>{formatPhoneInput(profile.phone)}</dd>
          </>
        )}
        {profile.email && (
          <>
            <dt>{t('email')}</dt>
            <dd>{profile.email}</dd>
          </>
        )}
      </dl>
      <ProfileBonus />
      <Button variant="primary" size="l" fullWidth onClick={onContinue}>
        {t('continue')}
      </Button>
      <Button variant="secondary" size="l" fullWidth onClick={() => void signOut()} data-testid="sign-out">
        {t('signOut')}
      </Button>
      <AppLink to="/orders" className={styles.link} data-testid="my-orders">
        {t('myOrders')}
      </AppLink>
      <AppLink to="/" className={styles.link}>
        {t('toMenu')}
      </AppLink>
    </section>
  );
}
