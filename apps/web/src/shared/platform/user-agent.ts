import { guessViewportWidth } from '@storefront/domain';

/**
 * The browser's user agent, or, while the server draws a first screen (decision 44), the one the page was asked
 * with: the app banner offers the phone's own store in both.
 */
let drawingFor: string | null = null;

export function userAgent(): string {
  // While drawing, the request's, whatever the runtime has: Node 21 and later have a `navigator` of their own.
  if (drawingFor !== null) return drawingFor;
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** Runs a server drawing as if for this user agent (the drawing is synchronous: no other request sees it). */
export function asUserAgent<T>(agent: string, draw: () => T): T {
  drawingFor = agent;
  try {
    return draw();
  } finally {
    drawingFor = null;
  }
}

/** The viewport width a server drawing assumes, by the user agent (the domain's guessViewportWidth). */
export function guessedViewportWidth(): number {
  return guessViewportWidth(userAgent());
}

/** Whether a media query holds at the guessed width; only `(min-width: Npx)` and `(max-width: Npx)` are read. */
export function guessedMediaMatch(query: string): boolean {
  const width = guessedViewportWidth();
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}
