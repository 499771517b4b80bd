import { STORAGE_KEYS } from '../../shared/storage/keys.ts';

/** The page head's script tag carries the location popup's files here (the build writes them: vite.config.ts). */
export const FIRST_VISIT_CHUNKS_ATTRIBUTE = 'data-first-visit-chunks';

/**
 * A first visit (no city saved) opens the location popup as soon as the app has booted. Asking for the
 * popup's files from the page head lets them download beside the app's bundle instead of after it: on a
 * slow network that saved round trip is most of the wait for the popup (decision 34). The app's own
 * import() then finds them already fetched. A returning customer's visit asks for none of them.
 */
export function preloadFirstVisitChunks(script: Element | null, storage: Pick<Storage, 'getItem'>): void {
  if (storage.getItem(STORAGE_KEYS.cityId) !== null) return;
  const files = script?.getAttribute(FIRST_VISIT_CHUNKS_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      // As the app's loader will ask for it (a plain stylesheet link), so the browser reuses this answer.
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
    link.href = href;
    document.head.append(link);
  }
}
