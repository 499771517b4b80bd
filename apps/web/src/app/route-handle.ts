import type { UIMatch } from 'react-router';

/** SPEC §2 layouts. 'simple' is the default when a route names none. */
export type LayoutName = 'custom' | 'custom-default' | 'default' | 'error' | 'simple';

export interface RouteHandle {
  layout?: LayoutName;
  /** Top layers (position, promotion detail) keep the page's scroll under them (SPEC §2 'Scroll'). */
  keepScroll?: boolean;
}

export function deepestHandle(matches: UIMatch[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matches) Object.assign(merged, match.handle as RouteHandle | undefined);
  return merged;
}
