import { Outlet, useMatches } from 'react-router';
import { LocationPopup } from '../features/location/components/location-popup.tsx';
import { CurrentLocationContext } from '../shared/current-location.tsx';
import { FatalError } from './boot/fatal-error.tsx';
import { Splash } from './boot/splash.tsx';
import { useBoot } from './boot/use-boot.ts';
import { Footer } from './header/footer.tsx';
import { Header } from './header/header.tsx';
import { Layout } from './layouts/layouts.tsx';
import { deepestHandle } from './route-handle.ts';
import { ScrollManager } from './scroll-manager.tsx';

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
        <Layout name={handle.layout ?? 'simple'} header={<Header />} footer={<Footer />}>
          <Outlet />
        </Layout>
      )}
      <LocationPopup />
    </CurrentLocationContext.Provider>
  );
}
