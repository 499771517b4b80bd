import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
} from 'react';
import { Link, type NavigateOptions, useNavigate } from 'react-router';

type Navigate = (to: string, options?: NavigateOptions) => void;

const AppNavigateContext = createContext<Navigate | null>(null);

/**
 * The router's navigation, asked for once for the whole app (decision 32). React Router's `Link` costs half a
 * dozen hooks per link, and a page has some thirty links: on a cheap phone that was the largest part of the
 * home's first render. The function given here never changes, so links do not draw again on navigation.
 */
export function AppNavigateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  const stable = useCallback<Navigate>((to, options) => void latest.current(to, options), []);
  return <AppNavigateContext.Provider value={stable}>{children}</AppNavigateContext.Provider>;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the storefront ('/promotions/3'). */
  to: string;
  /** The router's state for the page it opens (where the customer came from). */
  state?: unknown;
}

/**
 * A link to a page of the storefront: a plain anchor, so it opens in a new tab, is copied and is read by
 * crawlers as any link; a plain click is handed to the router instead of loading the page.
 */
export function AppLink({ to, state, onClick, ...anchor }: AppLinkProps) {
  const navigate = useContext(AppNavigateContext);
  // Outside the app's provider (a component test with its own router), the router's own link does the same.
  if (!navigate) return <Link to={to} state={state} onClick={onClick} {...anchor} />;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return;
    event.preventDefault();
    navigate(to, { state });
  };
  return <a href={to} {...anchor} onClick={follow} />;
}

/** A click the browser would follow in this tab: the main button, no modifier, no other target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}
