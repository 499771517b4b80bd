import { useEffect, useRef } from 'react';
import { track } from '../shared/analytics/track.ts';
import { useLocation } from '../shared/navigation/router.tsx';

/** A rating link's token is a key to someone's order: analytics sees only that a rating page was opened. */
export const trackedPath = (pathname: string) => (/^\/rate\//i.test(pathname) ? '/rate/' : pathname);

/** Every route change is a page view (Metrika is initialised with defer: the first one is sent from here too). */
export function PageViews() {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const url = window.location.origin + trackedPath(pathname) + search;
    const referrer = previous.current ?? document.referrer;
    track({ type: 'page-view', url, ...(referrer ? { referrer } : {}) });
    previous.current = url;
  }, [pathname, search]);
  return null;
}
