import { lazy, memo, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { appFlagsStore } from '../entities/app-flags/app-flags-store.ts';
import { MenuOverview } from '../features/catalog/components/menu-overview.tsx';
import { PromotionsCarousel } from '../features/promotions/components/promotions-carousel.tsx';
import { useIsWide } from '../shared/ui/breakpoints.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { AppBanner } from './app-banner.tsx';
import { Footer } from './header/footer.tsx';
import { Header } from './header/header.tsx';
import { INFO_PAGE_SLUGS } from './header/navigation.ts';
import { Layout } from './layouts/layouts.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import type { LayoutName } from './route-kinds.ts';

// Screens a first visit rarely needs load on demand (DESIGN: split the bundle by route).
const PromotionsPage = lazy(() => import('../features/promotions/components/promotions-page.tsx'));
const RestosPage = lazy(() => import('../features/restos/components/restos-page.tsx'));
const RestoPage = lazy(() => import('../features/restos/components/resto-page.tsx'));
// The cart with the checkout below it (decision 21), composed here: features never import each other.
const CartPage = lazy(() => import('./cart-route.tsx'));
const OrderPage = lazy(() => import('../features/orders/components/order-page.tsx'));
// Where the payment provider sends the customer back (decision 22).
const PaymentPage = lazy(() => import('../features/orders/components/payment-page.tsx'));
const OrdersPage = lazy(() => import('../features/orders/components/orders-page.tsx'));
const AuthPage = lazy(() => import('../features/auth/components/auth-page.tsx'));
// The restaurant's order board (decision 24): staff only, never part of a customer's visit.
const StaffPage = lazy(() => import('../features/staff/components/staff-page.tsx'));
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

/** A layout route: the pages nested under it share one of the five layouts of docs/product.md §2. */
function LayoutRoute({ name }: { name: LayoutName }) {
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
      <Outlet />
    </Layout>
  );
}

function deferred(element: ReactNode) {
  return <Deferred>{element}</Deferred>;
}

/**
 * Every route of docs/product.md §2's table, grouped by layout; 'simple' is the default layout. Drawn again only when
 * the location changes (memo): React Router flattens and ranks the whole table on every drawing of
 * <Routes>, and the storefront around it draws again at every step of the boot (decision 33).
 */
export const AppRoutes = memo(function AppRoutes() {
  return (
    <Routes>
      <Route element={<LayoutRoute name="default" />}>
        <Route index element={<Home />} />
        <Route path="menus/:menuId/positions/:positionId" element={<PositionRoute />} />
        <Route path="promotions" element={deferred(<PromotionsPage />)} />
        <Route path="promotions/:promotionId" element={<PromotionRoute />} />
        <Route path="restos" element={deferred(<RestosPage />)} />
        <Route path="restos/:restoId" element={deferred(<RestoPage />)} />
        {/* The cart has two columns on wide screens: the default layout's width, not the narrow one. */}
        <Route path="cart" element={deferred(<CartPage />)} />
        <Route path="orders" element={deferred(<OrdersPage />)} />
        <Route path="orders/:orderId" element={deferred(<OrderPage />)} />
        <Route path="orders/:orderId/payment" element={deferred(<PaymentPage />)} />
      </Route>
      <Route element={<LayoutRoute name="custom-default" />}>
        <Route path="menus/:menuId" element={<MenuPage />} />
      </Route>
      <Route element={<LayoutRoute name="simple" />}>
        <Route path="auth" element={deferred(<AuthPage />)} />
        {[...INFO_PAGE_SLUGS, 'terms-of-sale'].map((slug) => (
          <Route key={slug} path={slug} element={deferred(<InfoPage slug={slug} />)} />
        ))}
      </Route>
      <Route element={<LayoutRoute name="error" />}>
        <Route path="not-found" element={<NotFoundPage />} />
      </Route>
      {/* Its own plain layout: no storefront header, footer or location prompts. */}
      <Route path="staff" element={deferred(<StaffPage />)} />
      {/* docs/product.md §2: any unknown path redirects home. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
});
