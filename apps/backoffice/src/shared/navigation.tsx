import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The back office's router: wouter under the /admin base (the storefront's shared/navigation/router.tsx
 * navigates the browser's history without a base, so it is not reused here). The only module that imports
 * the routing library.
 */
export {
  Link,
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  useParams,
  useRoute,
  useSearch,
  useSearchParams,
} from 'wouter';

/** Where the back office is served by the API (apps/api/src/app.ts) and built for (vite.config.ts base). */
export const BACK_OFFICE_BASE = '/admin';

/** On a phone a row of links scrolls sideways: the open one is brought into view, or the person cannot see where they are. */
const bringIntoView = (link: HTMLAnchorElement | null) =>
  link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });

/**
 * A link of a row of sections or tabs: marked as the current page while the location is its path or under it, and
 * then scrolled into view in its row.
 */
export function SectionLink({
  href,
  location,
  className,
  children,
}: {
  href: string;
  location: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  const open = location === href || location.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      className={className}
      aria-current={open ? 'page' : undefined}
      ref={open ? bringIntoView : undefined}
    >
      {children}
    </Link>
  );
}
