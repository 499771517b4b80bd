import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from '../shared/navigation/router.tsx';
import { isLayerPath } from './route-kinds.ts';

/** The pages a top layer is drawn over: a dish over its menu (phone) or home (desktop), a promotion over the list or home. */
function basesOf(layer: string): string[] {
  if (matchPath('/menus/:menuId/positions/:positionId', layer)) return [`/menus/${layer.split('/')[2]}`, '/'];
  if (matchPath('/promotions/:promotionId', layer)) return ['/promotions', '/'];
  return [];
}

/**
 * docs/product.md §2 'Scroll': whether a navigation keeps the page's scroll. Only a top layer does: opening one over
 * the page it is drawn over, moving from one layer to another over the same page, and closing it back to such
 * a page (`under`, the page the layers were opened over, must be one too). Everything else, a navigation
 * away from a layer to another page included, starts at the top.
 */
export function keepsScroll(before: string, after: string, under: string | null): boolean {
  if (before === after) return true;
  if (isLayerPath(after)) {
    const base = isLayerPath(before) ? under : before;
    return base !== null && basesOf(after).includes(base);
  }
  // Closing: back to a page the layer is drawn over (a phone's dish opened from home closes to its menu,
  // the same dishes), when it was opened over one of them.
  const bases = isLayerPath(before) ? basesOf(before) : [];
  return under !== null && bases.includes(under) && bases.includes(after);
}

/** How long a hash target may take to appear (the page under it still loading) before it is given up. */
const HASH_WAIT_MS = 10_000;

function scrollToTarget(target: HTMLElement) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The header offset is the target's scroll-margin-top (theme.css: the header's height and a gap).
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/**
 * docs/product.md §2 'Scroll': a hash target scrolls smoothly into view below the header, also when it appears
 * only after the navigation (the page still loading); opening, moving between or closing top layers keeps
 * the scroll; any other navigation starts at the top, also one that leaves a layer for another page.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);
  /** The page the open layers are drawn over; null when no layer is open. */
  const under = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before !== null && before !== pathname) {
      const keep = keepsScroll(before, pathname, under.current);
      if (!isLayerPath(pathname)) under.current = null;
      else if (!isLayerPath(before)) under.current = before;
      if (!keep) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (target) {
      scrollToTarget(target);
      return;
    }
    // Not drawn yet (a deep link while the menu loads): scroll once it is there.
    const observer = new MutationObserver(() => {
      const found = document.getElementById(id);
      if (!found) return;
      stop();
      scrollToTarget(found);
    });
    const timer = window.setTimeout(() => stop(), HASH_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);

  return null;
}
