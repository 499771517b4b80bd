import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation, useNavigate } from './router.tsx';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the storefront ('/promotions/3'). */
  to: string;
  /** The router's state for the page it opens (where the customer came from). */
  state?: unknown;
}

/**
 * A link to a page of the storefront: a plain anchor, so it opens in a new tab, is copied and is read by
 * crawlers as any link; a plain click is handed to the router instead of loading the page. It asks only for
 * the router's navigation, which never changes (decision 32): links do not draw again on navigation.
 */
export function AppLink({ to, state, onClick, ...anchor }: AppLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return;
    event.preventDefault();
    navigate(to, { state });
  };
  return <a href={to} {...anchor} onClick={follow} />;
}

/**
 * An `AppLink` of the navigation bar: marked `aria-current="page"` on its page and the pages under it
 * ('/promotions' on '/promotions/3'), or on its page alone with `end`. It follows the location.
 */
export function NavLink({ end = false, ...link }: AppLinkProps & { end?: boolean }) {
  const pathname = useLocation().pathname.toLowerCase();
  const to = link.to.toLowerCase();
  const here = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return <AppLink {...link} aria-current={here ? 'page' : undefined} />;
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
