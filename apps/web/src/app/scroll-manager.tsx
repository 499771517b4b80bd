import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { deepestHandle } from './route-handle.ts';

/**
 * SPEC §2 'Scroll': a hash target scrolls smoothly into view below the header (CSS scroll-margin-top);
 * opening or closing a top layer keeps the scroll; any other navigation starts at the top.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const keepScroll = deepestHandle(useMatches()).keepScroll === true;
  const previous = useRef<{ pathname: string; keepScroll: boolean } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, keepScroll };
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
        return;
      }
    }
    if (!before || before.pathname === pathname) return;
    if (keepScroll || before.keepScroll) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, keepScroll]);

  return null;
}
