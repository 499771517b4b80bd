import { isLocale, mayAdmin, pickText, seesEveryResto } from '@storefront/domain';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { switchLocale } from '@storefront/web/src/shared/i18n/i18n.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { staffSignOut, useStaffSession } from '../entities/staff-session/staff-session.ts';
import { BoardScreen } from '../features/board/components/board-screen.tsx';
import { AccountScreen, StaffListScreen } from '../features/board/components/staff-security.tsx';
import { StaffSignIn } from '../features/board/components/staff-sign-in.tsx';
import { StaffAccountsScreen } from '../features/staff-accounts/components/staff-accounts-screen.tsx';
import { Link, Redirect, Route, SectionLink, Switch, useLocation } from '../shared/navigation.tsx';
import styles from './back-office-shell.module.css';

/** A section of the back office in its navigation, shown to the roles that may open it. */
interface Section {
  path: string;
  label: string;
}

/**
 * The back office around every screen (decision 48): its own sign-in, a bar with the sections the account's
 * role may open (ADMIN_PERMISSIONS, the same table the API checks), and the screens. The board stays mounted
 * (hidden) behind the other screens: its event stream and its beeps go on while a manager edits the menu.
 */
export function BackOfficeShell({ screens = [] }: { screens?: BackOfficeScreen[] }) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const brand = pickText(useBrand().name, locale);
  const session = useStaffSession();
  const [location, navigate] = useLocation();

  useEffect(() => {
    if (!session) document.title = t('documentTitle', { brand });
  }, [session, t, brand]);

  if (!session) {
    return (
      <div className={styles.page}>
        <header className={styles.topBar}>
          <span className={styles.brand}>{brand}</span>
          <LanguageSwitch />
        </header>
        <main className={styles.main}>
          <StaffSignIn />
        </main>
      </div>
    );
  }

  const role = session.staff.role;
  const allowed = screens.filter((screen) => screen.allowed(role));
  const sections: Section[] = [
    { path: '/board', label: t('board') },
    ...allowed.map((screen) => ({ path: screen.path, label: t(screen.label) })),
    ...(seesEveryResto(role) ? [{ path: '/staff', label: t('staff') }] : []),
    { path: '/account', label: t('account') },
  ];
  const toBoard = () => navigate('/board');
  const onBoard = location === '/board';

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <span className={styles.brand}>{brand}</span>
        <nav className={styles.sections} aria-label={t('navigation')}>
          {sections.map((section) => (
            <SectionLink
              key={section.path}
              href={section.path}
              location={location}
              className={styles.section}
            >
              {section.label}
            </SectionLink>
          ))}
        </nav>
        <div className={styles.who}>
          <span className={styles.name}>{session.staff.name}</span>
          <LanguageSwitch />
          <Button
            variant="text"
            onClick={() => {
              navigate('/board');
              void staffSignOut();
            }}
          >
            {t('signOut')}
          </Button>
        </div>
      </header>
      <main className={styles.main}>
        <div hidden={!onBoard}>
          <BoardScreen key={session.staff.id} session={session} brand={brand} locale={locale} />
        </div>
        <Switch>
          <Route path="/board">{null}</Route>
          <Route path="/account">
            <AccountScreen session={session} onBack={toBoard} />
          </Route>
          <Route path="/staff">
            {mayAdmin(role, 'staff.manage') ? (
              <StaffAccountsScreen session={session} />
            ) : seesEveryResto(role) ? (
              <StaffListScreen session={session} onBack={toBoard} />
            ) : (
              <Redirect to="/board" replace />
            )}
          </Route>
          {allowed.map((screen) => (
            <Route key={screen.path} path={screen.path} nest>
              {screen.render()}
            </Route>
          ))}
          <Route path="/">
            <Redirect to="/board" replace />
          </Route>
          <Route>
            <div role="alert" className={styles.notFound}>
              <p>{t('notFound')}</p>
              <Link href="/board">{t('toBoard')}</Link>
            </div>
          </Route>
        </Switch>
      </main>
    </div>
  );
}

/** A section beyond the board: its path under /admin, its label in the shell's texts, who may open it. */
export interface BackOfficeScreen {
  path: string;
  label: 'menu' | 'restaurants' | 'marketing' | 'brand' | 'bonus' | 'audit' | 'reports';
  allowed: (role: Parameters<typeof mayAdmin>[0]) => boolean;
  render: () => ReactNode;
}

/** The brand's languages as buttons: a cook switches without leaving the board. */
function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const brand = useBrand();
  const locale = useLocale();
  if (brand.locales.length < 2) return null;
  return (
    <fieldset className={styles.languages} aria-label={t('language')}>
      {brand.locales.filter(isLocale).map((code) => (
        <Button
          key={code}
          variant="text"
          lang={code}
          aria-pressed={code === locale}
          onClick={() => void switchLocale(i18n, code)}
        >
          {code.toUpperCase()}
        </Button>
      ))}
    </fieldset>
  );
}
