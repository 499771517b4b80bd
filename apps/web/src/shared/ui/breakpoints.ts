import { useCallback, useSyncExternalStore } from 'react';
import { guessedMediaMatch } from '../platform/user-agent.ts';

/** docs/product.md §9 breakpoints in px. From md up dialogs are centred and home shows the desktop menus variant. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 840, lg: 1200 } as const;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    // A server drawing (decision 44) goes by the user agent.
    () => guessedMediaMatch(query),
  );
}

/** True from 840 px up: centred dialogs instead of bottom sheets. */
export function useIsWide(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
}
