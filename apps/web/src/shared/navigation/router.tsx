/**
 * The storefront's router (decision 38): the only module that imports the routing library (wouter), so the
 * rest of the app asks for navigation, the location and route params here, and a later swap is this file.
 * In the browser it needs no provider: wouter reads and writes `window.history`, and the location's state
 * is `history.state`. Component tests wrap the ui in `MemoryRouter`.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Router, useParams as useRouteParams, useLocation as useRoutePath } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  navigate as browserNavigate,
  useSearch as useBrowserSearch,
  useLocationProperty,
} from 'wouter/use-browser-location';

export { Route, Switch } from 'wouter';

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** The state of the page it opens (where the customer came from); none unless given. */
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export interface Location {
  pathname: string;
  /** '?…' or ''. */
  search: string;
  /** '#…' or ''. */
  hash: string;
  state: unknown;
}

/** Where navigation goes and where the parts of the location wouter does not give come from. */
interface Navigation {
  navigate: NavigateFunction;
  useSearch: () => string;
  useHash: () => string;
  useState: () => unknown;
}

const currentHash = () => location.hash;
const noHash = () => '';
const currentState = (): unknown => history.state;
const noState = () => null;
/** wouter's location store for any value (its types allow primitives only; `history.state` is an object). */
const useLocationValue = useLocationProperty as unknown as <T>(read: () => T, onServer: () => T) => T;

const BROWSER: Navigation = {
  navigate: (to, { replace = false, state = null } = {}) => browserNavigate(to, { replace, state }),
  useSearch: useBrowserSearch,
  // A plain `<a href="#…">` changes only the hash: wouter's store listens to hashchange and popstate too.
  // While the app takes over a page the server drew (decision 44), the server's values: no hash, no state.
  useHash: () => useLocationProperty(currentHash, noHash),
  // No state is null, as React Router had it (a fragment's new entry has undefined in jsdom).
  useState: () => useLocationValue(currentState, noState) ?? null,
};

const NavigationContext = createContext<Navigation>(BROWSER);

/**
 * The navigation function. It never changes and does not follow the location, so a component that only
 * navigates (every link, decision 32) does not draw again on navigation.
 */
export function useNavigate(): NavigateFunction {
  return useContext(NavigationContext).navigate;
}

/** The current location; the component draws again when any part of it changes. */
export function useLocation(): Location {
  const navigation = useContext(NavigationContext);
  const [pathname] = useRoutePath();
  return {
    pathname,
    search: navigation.useSearch(),
    hash: navigation.useHash(),
    state: navigation.useState(),
  };
}

/** The params of the innermost matching `Route` ('/orders/:orderId' → { orderId: '5' }). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRouteParams();
}

/** Whether `pathname` matches a route pattern ('/promotions/:promotionId', '/staff/*?'), case-insensitively. */
export function matchPath(pattern: string, pathname: string): boolean {
  return matchRoute(parse, pattern, pathname)[0];
}

/** Whether the current path matches a route pattern; the component draws again when the path changes. */
export function useMatch(pattern: string): boolean {
  return matchPath(pattern, useRoutePath()[0]);
}

/** Navigates once drawn (a redirect), as React Router's `<Navigate>` did. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the location it was drawn at.
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

/**
 * A router held in memory for component tests: it starts at `path` (a pathname with an optional '?search')
 * with the location's `state`. No hash: a test that needs one runs on the browser's history.
 */
export function MemoryRouter({
  path = '/',
  state = null,
  children,
}: {
  path?: string;
  state?: unknown;
  children: ReactNode;
}) {
  const [memory] = useState(() => {
    const location = memoryLocation({ path, state });
    const navigation: Navigation = {
      navigate: (to, { replace = false, state = null } = {}) => location.navigate(to, { replace, state }),
      useSearch: () => {
        const search = location.searchHook();
        return search ? `?${search}` : '';
      },
      useHash: () => '',
      // Read when the path changes (the store's update); a navigation that changes only the state is not seen.
      useState: () => location.state,
    };
    return { hook: location.hook, navigation };
  });
  return (
    <Router hook={memory.hook}>
      <NavigationContext.Provider value={memory.navigation}>{children}</NavigationContext.Provider>
    </Router>
  );
}

/** Never navigates: the server's drawing of a first screen (decision 44) only reads where it is. */
const AT_REST: Navigation = {
  navigate: () => undefined,
  useSearch: () => '',
  useHash: () => '',
  useState: () => null,
};

/**
 * The router of a page drawn on the server (decision 44): at `path`, with no search, hash or state, as a
 * customer's page load starts. The browser's history is not there to read.
 */
export function ServerRouter({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Router ssrPath={path}>
      <NavigationContext.Provider value={AT_REST}>{children}</NavigationContext.Provider>
    </Router>
  );
}
