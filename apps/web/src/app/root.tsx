import { lazy, Suspense } from 'react';
import { useAppFlags } from '../entities/app-flags/app-flags-store.ts';
import { useCartCount } from '../entities/cart/cart-store.ts';
import { CurrentLocationContext } from '../entities/location/current-location.tsx';
import { AdulthoodConfirmation } from '../features/consent/components/adulthood-confirmation.tsx';
import { CookieConsent } from '../features/consent/components/cookie-consent.tsx';
import { LocationPopup } from '../features/location/components/location-popup.tsx';
import { DayOffDialog } from '../features/restos/components/day-off-dialog.tsx';
import { DrawnLater } from '../shared/scheduling/drawn-later.tsx';
import { FatalError } from './boot/fatal-error.tsx';
import { Splash } from './boot/splash.tsx';
import { useBoot } from './boot/use-boot.ts';
import { PageViews } from './page-views.tsx';
import { AppRoutes } from './router.tsx';
import { ScrollManager } from './scroll-manager.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

// The search and its index load only when the customer opens it.
const SearchOverlay = lazy(() => import('../features/search/components/search-overlay.tsx'));
// The cart's preflight outside the cart page (docs/product.md §4): its code (the session's refresh among it) comes
// only with a cart, after the first screen.
const CartPreflightWatcher = lazy(() =>
  import('../entities/cart/cart-preflight-watcher.tsx').then((module) => ({
    default: module.CartPreflightWatcher,
  })),
);

/**
 * The storefront around every page: the boot sequence (splash, fatal error), the chosen location for
 * every feature, the routes with their layouts, and the popups that can open anywhere.
 */
export function Root() {
  return <StorefrontRoot />;
}

function StorefrontRoot() {
  const boot = useBoot();
  const searchOpen = useAppFlags((s) => s.searchOpen);
  const hasCart = useCartCount() > 0;
  if (boot.kind === 'failed') return <FatalError failure={boot.failure} onRetry={boot.retry} />;
  if (!boot.location) return <Splash />;
  return (
    <CurrentLocationContext.Provider value={boot.location}>
      <ScrollManager />
      <PageViews />
      {boot.kind === 'loading' ? <Splash /> : <AppRoutes />}
      {boot.kind === 'ready' && (
        <>
          {/* The notices over the page come in the task after the page itself (decision 32). */}
          <DrawnLater>
            {hasCart && (
              <Suspense fallback={null}>
                <CartPreflightWatcher />
              </Suspense>
            )}
            <DayOffDialog />
            <AdulthoodConfirmation />
            <CookieConsent />
            <ScrollToTop />
          </DrawnLater>
          {searchOpen && (
            <Suspense fallback={null}>
              <SearchOverlay />
            </Suspense>
          )}
        </>
      )}
      <LocationPopup />
    </CurrentLocationContext.Provider>
  );
}
