import { lazy, Suspense, useState } from 'react';
import { useAppFlags } from '../../entities/app-flags/app-flags-store.ts';

// The dialog machinery (Radix, scroll lock, focus trap) is a lazy chunk: a returning customer's first
// screen needs none of it until the panel is opened (decision 30).
const NavigationDialog = lazy(() => import('./navigation-dialog.tsx'));

/** The navigation panel of narrow screens (docs/product.md §4 'Popup flags'), mounted from its first opening on. */
export function NavigationPanel() {
  const open = useAppFlags((s) => s.navigationOpen);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <NavigationDialog />
    </Suspense>
  ) : null;
}
