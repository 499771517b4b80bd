import { lazy, memo, type ReactNode, Suspense } from 'react';
import { appFlagsStore } from '../entities/app-flags/app-flags-store.ts';
import { MenuOverview } from '../features/catalog/components/menu-overview.tsx';
import { PromotionsCarousel } from '../features/promotions/components/promotions-carousel.tsx';
import { useBrandPages } from '../shared/config.tsx';
import { Navigate, Route, Switch, useLocation, useParams } from '../shared/navigation/router.tsx';
import { useIsWide } from '../shared/ui/breakpoints.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { AppBanner } from './app-banner.tsx';
import { Footer } from './header/footer.tsx';
import { Header } from './header/header.tsx';
import { Layout } from './layouts/layouts.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import type { LayoutName } from './route-kinds.ts';

// Screens a first visit rarely needs load on demand (DESIGN: split the bundle by route).
const PromotionsPage = lazy(() => import('../features/promotions/components/promotions-page.tsx'));
const RestosPage = lazy(() => import('../features/restos/components/restos-page.tsx'));
const RestoPage = lazy(() => import('../features/restos/components/resto-page.tsx'));
// The cart with the checkout below it (decision 21), composed here: features never import each other.
const CartPage = lazy(() => import('./cart-route.tsx'));
// The order's page with the rating of a done order below its headline, composed here.
const OrderPage = lazy(() => import('./order-route.tsx'));
// A rating link's page (decision 57): no sign-in, not indexed.
const RatingPage = lazy(() => import('../features/rating/components/rating-page.tsx'));
// Where the payment provider sends the customer back (decision 22).
const PaymentPage = lazy(() => import('../features/orders/components/payment-page.tsx'));
const OrdersPage = lazy(() => import('../features/orders/components/orders-page.tsx'));
const AuthPage = lazy(() => import('../features/auth/components/auth-page.tsx'));
const InfoPage = lazy(() => import('../features/info-pages/components/info-page.tsx'));
// Top layers (dish with modifiers and gallery, promotion detail) load when opened.
const PositionLayer = lazy(() =>
  import('../features/catalog/components/position-layer.tsx').then((m) => ({ default: m.PositionLayer })),
);
const PromotionLayer = lazy(() =>
  import('../features/promotions/components/promotion-layer.tsx').then((m) => ({
    default: m.PromotionLayer,
  })),
);

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner size={40} label="…" />}>{children}</Suspense>;
}

const openLocation = () => appFlagsStore.getState().openLocation();

function Home() {
  return (
    <>
      <PromotionsCarousel />
      <MenuOverview onChooseLocation={openLocation} />
    </>
  );
}

function MenuPage() {
  return <MenuOverview menuId={Number(useParams().menuId)} onChooseLocation={openLocation} />;
}

/** docs/product.md §2: on phones a dish opens over its menu; on desktop over home (the menus variant). */
function PositionRoute() {
  const wide = useIsWide();
  const menuId = Number(useParams().menuId);
  return (
    <>
      {wide ? <Home /> : <MenuOverview menuId={menuId} onChooseLocation={openLocation} />}
      <Suspense fallback={null}>
        <PositionLayer backTo={wide ? '/' : `/menus/${menuId}`} />
      </Suspense>
    </>
  );
}

/** docs/product.md §2: a promotion opens over the list, or over home when entered from home (with 'view all'). */
function PromotionRoute() {
  const fromHome = (useLocation().state as { from?: string } | null)?.from === 'home';
  return (
    <>
      {fromHome ? (
        <Home />
      ) : (
        <Deferred>
          <PromotionsPage />
        </Deferred>
      )}
      <Suspense fallback={null}>
        <PromotionLayer backTo={fromHome ? '/' : '/promotions'} showViewAll={fromHome} />
      </Suspense>
    </>
  );
}

/** A page in one of the five layouts of docs/product.md §2. */
function LayoutRoute({ name, children }: { name: LayoutName; children: ReactNode }) {
  return (
    <Layout
      name={name}
      header={
        <>
          <AppBanner />
          <Header />
        </>
      }
      footer={<Footer />}
    >
      {children}
    </Layout>
  );
}

function deferred(element: ReactNode) {
  return <Deferred>{element}</Deferred>;
}

/**
 * The brand's pages: one route for any path shaped like a page's slug (the other one-part paths come before it),
 * so moving from one to another keeps the page (and its layout) drawn. The brand's list says which exist
 * (decision 50): an unknown or hidden slug, or a page hidden since /config.json was read, is the not-found page.
 */
const INFO_PAGE_PATH = /^\/(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\/?$/i;

function InfoRoute() {
  const slug = String(useParams().slug).toLowerCase();
  const known = useBrandPages().some((page) => page.slug === slug);
  if (!known) return <NotFoundPage />;
  return deferred(<InfoPage slug={slug} notFound={<NotFoundPage />} />);
}

/**
 * Every route of docs/product.md §2's table; 'simple' is the default layout. The first route that matches
 * the path is drawn, so the unknown paths' redirect comes last; no two patterns match the same path.
 * Every page is a Route at the same place whose first child is its LayoutRoute: moving between two pages
 * keeps the layout (header, footer) drawn and draws only the page again, as React Router's layout routes did.
 * Drawn again only when the location changes (memo): the storefront around it draws again at every step
 * of the boot (decision 33).
 */
export const AppRoutes = memo(function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <LayoutRoute name="default">
          <Home />
        </LayoutRoute>
      </Route>
      <Route path="/menus/:menuId/positions/:positionId">
        <LayoutRoute name="default">
          <PositionRoute />
        </LayoutRoute>
      </Route>
      <Route path="/promotions">
        <LayoutRoute name="default">{deferred(<PromotionsPage />)}</LayoutRoute>
      </Route>
      <Route path="/promotions/:promotionId">
        <LayoutRoute name="default">
          <PromotionRoute />
        </LayoutRoute>
      </Route>
      <Route path="/restos">
        <LayoutRoute name="default">{deferred(<RestosPage />)}</LayoutRoute>
      </Route>
      <Route path="/restos/:restoId">
        <LayoutRoute name="default">{deferred(<RestoPage />)}</LayoutRoute>
      </Route>
      {/* The cart has two columns on wide screens: the default layout's width, not the narrow one. */}
      <Route path="/cart">
        <LayoutRoute name="default">{deferred(<CartPage />)}</LayoutRoute>
      </Route>
      <Route path="/orders">
        <LayoutRoute name="default">{deferred(<OrdersPage />)}</LayoutRoute>
      </Route>
      <Route path="/orders/:orderId">
        <LayoutRoute name="default">{deferred(<OrderPage />)}</LayoutRoute>
      </Route>
      <Route path="/orders/:orderId/payment">
        <LayoutRoute name="default">{deferred(<PaymentPage />)}</LayoutRoute>
      </Route>
      <Route path="/rate/:token">
        <LayoutRoute name="simple">{deferred(<RatingPage />)}</LayoutRoute>
      </Route>
      <Route path="/menus/:menuId">
        <LayoutRoute name="custom-default">
          <MenuPage />
        </LayoutRoute>
      </Route>
      <Route path="/auth">
        <LayoutRoute name="simple">{deferred(<AuthPage />)}</LayoutRoute>
      </Route>
      <Route path={INFO_PAGE_PATH}>
        <LayoutRoute name="simple">
          <InfoRoute />
        </LayoutRoute>
      </Route>
      <Route path="/not-found">
        <LayoutRoute name="error">
          <NotFoundPage />
        </LayoutRoute>
      </Route>
      {/* docs/product.md §2: any unknown path redirects home. */}
      <Route>
        <Navigate to="/" replace />
      </Route>
    </Switch>
  );
});
