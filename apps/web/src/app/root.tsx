import { Outlet, useMatches } from 'react-router';
import { AdulthoodConfirmation } from '../features/consent/components/adulthood-confirmation.tsx';
import { CookieConsent } from '../features/consent/components/cookie-consent.tsx';
import { LocationPopup } from '../features/location/components/location-popup.tsx';
import { DayOffDialog } from '../features/restos/components/day-off-dialog.tsx';
import { CurrentLocationContext } from '../shared/current-location.tsx';
import { AppBanner } from './app-banner.tsx';
import { FatalError } from './boot/fatal-error.tsx';
import { Splash } from './boot/splash.tsx';
import { useBoot } from './boot/use-boot.ts';
import { Footer } from './header/footer.tsx';
import { Header } from './header/header.tsx';
import { Layout } from './layouts/layouts.tsx';
import { deepestHandle } from './route-handle.ts';
import { ScrollManager } from './scroll-manager.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/**
 * The storefront around every page: the boot sequence (splash, fatal error), the chosen location for
 * every feature, the layout of the current route, and the popups that can open anywhere.
 */
export function Root() {
  const boot = useBoot();
  const handle = deepestHandle(useMatches());
  if (boot.kind === 'failed') return <FatalError message={boot.message} onRetry={boot.retry} />;
  if (!boot.location) return <Splash />;
  return (
    <CurrentLocationContext.Provider value={boot.location}>
      <ScrollManager />
      {boot.kind === 'loading' ? (
        <Splash />
      ) : (
        <Layout
          name={handle.layout ?? 'simple'}
          header={
            <>
              <AppBanner />
              <Header />
            </>
          }
          footer={<Footer />}
        >
          <Outlet />
        </Layout>
      )}
      {boot.kind === 'ready' && (
        <>
          <DayOffDialog />
          <AdulthoodConfirmation />
          <CookieConsent />
          <ScrollToTop />
        </>
      )}
      <LocationPopup />
    </CurrentLocationContext.Provider>
  );
}
