import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while the server draws a first screen and while the app takes that drawing over (decision 44), true in
 * every drawing of the browser's own after that. What must not hold the app back on a cheap phone (pictures: an
 * SVG is a document of its own, parsed on the page's main thread) is drawn only then.
 */
export function useBrowserDrawing(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
