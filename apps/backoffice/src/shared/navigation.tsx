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

/**
 * A ref for the open link of a row of links that scrolls sideways on a phone: it brings the link into view, or the
 * person cannot see where they are.
 */
export const bringIntoView = (link: HTMLAnchorElement | null) =>
  link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
