import { lazy, Suspense } from 'react';
import { useAppFlags } from '../../../shared/store/app-flags-store.ts';

// The popup's body loads when it first opens: a returning customer's visit never downloads it, and on a
// first visit it loads while the cities are being fetched.
const LocationPopupContent = lazy(() => import('./location-popup-content.tsx'));

/** The location popup 'Адрес' (SPEC §2 item 2): mounted only while open, so each opening starts afresh. */
export function LocationPopup() {
  const open = useAppFlags((s) => s.locationOpen);
  return open ? (
    <Suspense fallback={null}>
      <LocationPopupContent />
    </Suspense>
  ) : null;
}
