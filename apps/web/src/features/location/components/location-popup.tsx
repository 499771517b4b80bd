import { lazy, Suspense } from 'react';
import { useAppFlags } from '../../../entities/app-flags/app-flags-store.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { STORAGE_KEYS } from '../../../shared/storage/keys.ts';

// The popup's body loads when it first opens: a returning customer's visit never downloads it.
const loadContent = () => import('./location-popup-content.tsx');
const LocationPopupContent = lazy(async () => {
  const content = await loadContent();
  // With a saved city the popup opens on the method step, a chunk of its own: the popup shows once that
  // is in too, not with its loading state first. Should it fail, the popup shows that state and asks again.
  if (selectionsStore.getState().cityId !== null) await content.loadMethodStepForm().catch(() => undefined);
  return content;
});

// A first visit (no saved city) opens the popup right after boot: fetch its code while boot fetches data.
// In a task of its own, not at the bundle's top level (see main.tsx) nor in the task that evaluates the
// bundle: asking for the chunk and its dozen files is DOM work too, and the two together were one long task
// (decision 33).
setTimeout(() => {
  try {
    if (localStorage.getItem(STORAGE_KEYS.cityId) === null) void loadContent();
  } catch {
    // Storage may be off (private mode): the popup then loads when it opens.
  }
}, 0);

/** The location popup 'Адрес' (docs/product.md §2 item 2): mounted only while open, so each opening starts afresh. */
export function LocationPopup() {
  const open = useAppFlags((s) => s.locationOpen);
  return open ? (
    <Suspense fallback={null}>
      <LocationPopupContent />
    </Suspense>
  ) : null;
}
