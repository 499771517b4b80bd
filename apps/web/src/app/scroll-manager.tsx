import { useEffect, useRef } from 'react';
import { useLocation } from '../shared/navigation/router.tsx';
import { isLayerPath } from './route-kinds.ts';

/**
 * docs/product.md §2 'Scroll': a hash target scrolls smoothly into view below the header (CSS scroll-margin-top);
 * opening or closing a top layer keeps the scroll; any other navigation starts at the top.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
        return;
      }
    }
    if (before === null || before === pathname) return;
    if (isLayerPath(pathname) || isLayerPath(before)) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);

  return null;
}
