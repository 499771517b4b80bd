import { matchPath } from '../shared/navigation/router.tsx';

/** docs/product.md §2 layouts. 'simple' is the default when a route names none. */
export type LayoutName = 'custom' | 'custom-default' | 'default' | 'error' | 'simple';

/** Top layers keep the page's scroll under them (docs/product.md §2 'Scroll'). */
const LAYER_PATTERNS = ['/menus/:menuId/positions/:positionId', '/promotions/:promotionId'];

export function isLayerPath(pathname: string): boolean {
  return LAYER_PATTERNS.some((pattern) => matchPath(pattern, pathname));
}
