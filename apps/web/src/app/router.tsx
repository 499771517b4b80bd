import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { MenuOverview } from '../features/catalog/components/menu-overview.tsx';
import { PositionLayer } from '../features/catalog/components/position-layer.tsx';
import { PromotionLayer } from '../features/promotions/components/promotion-layer.tsx';
import { appFlagsStore } from '../shared/store/app-flags-store.ts';
import { useIsWide } from '../shared/ui/breakpoints.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { INFO_PAGE_SLUGS } from './header/navigation.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { Root } from './root.tsx';
import type { RouteHandle } from './route-handle.ts';

// Screens a first visit rarely needs load on demand (DESIGN: split the bundle by route).
const PromotionsPage = lazy(() => import('../features/promotions/components/promotions-page.tsx'));
const RestosPage = lazy(() => import('../features/restos/components/restos-page.tsx'));
const RestoPage = lazy(() => import('../features/restos/components/resto-page.tsx'));
const CartPage = lazy(() => import('../features/cart/components/cart-page.tsx'));
const AuthPage = lazy(() => import('../features/auth/components/auth-page.tsx'));
const InfoPage = lazy(() => import('../features/info-pages/components/info-page.tsx'));

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner size={40} />}>{children}</Suspense>;
}

const openLocation = () => appFlagsStore.getState().openLocation();

function Home() {
  return <MenuOverview onChooseLocation={openLocation} />;
}

/** SPEC §2: on phones a dish opens over its menu; on desktop over home (the menus variant). */
function PositionRoute() {
  const wide = useIsWide();
  const menuId = Number(useParams().menuId);
  return (
    <>
      {wide ? <Home /> : <MenuOverview menuId={menuId} onChooseLocation={openLocation} />}
      <PositionLayer backTo={wide ? '/' : `/menus/${menuId}`} />
    </>
  );
}

/** SPEC §2: a promotion opens over the list, or over home when entered from home (with 'view all'). */
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
      <PromotionLayer backTo={fromHome ? '/' : '/promotions'} showViewAll={fromHome} />
    </>
  );
}

const layer = (layout: RouteHandle['layout']): RouteHandle => ({ layout, keepScroll: true });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Home />, handle: { layout: 'default' } satisfies RouteHandle },
      {
        path: 'menus/:menuId',
        element: <MenuRouteElement />,
        handle: { layout: 'custom-default' } satisfies RouteHandle,
      },
      { path: 'menus/:menuId/positions/:positionId', element: <PositionRoute />, handle: layer('default') },
      {
        path: 'promotions',
        element: (
          <Deferred>
            <PromotionsPage />
          </Deferred>
        ),
        handle: { layout: 'default' } satisfies RouteHandle,
      },
      { path: 'promotions/:promotionId', element: <PromotionRoute />, handle: layer('default') },
      {
        path: 'restos',
        element: (
          <Deferred>
            <RestosPage />
          </Deferred>
        ),
        handle: { layout: 'default' } satisfies RouteHandle,
      },
      {
        path: 'restos/:restoId',
        element: (
          <Deferred>
            <RestoPage />
          </Deferred>
        ),
        handle: { layout: 'default' } satisfies RouteHandle,
      },
      {
        path: 'cart',
        element: (
          <Deferred>
            <CartPage />
          </Deferred>
        ),
      },
      {
        path: 'auth',
        element: (
          <Deferred>
            <AuthPage />
          </Deferred>
        ),
      },
      ...[...INFO_PAGE_SLUGS, 'terms-of-sale'].map((slug) => ({
        path: slug,
        element: (
          <Deferred>
            <InfoPage slug={slug} />
          </Deferred>
        ),
      })),
      { path: 'not-found', element: <NotFoundPage />, handle: { layout: 'error' } satisfies RouteHandle },
      // SPEC §2: any unknown path redirects home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

function MenuRouteElement() {
  const menuId = Number(useParams().menuId);
  return <MenuOverview menuId={menuId} onChooseLocation={openLocation} />;
}

export function createRouter() {
  return createBrowserRouter(routes);
}
