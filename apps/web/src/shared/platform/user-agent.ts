/**
 * The browser's user agent, or, while the server draws a first screen (decision 44), the one the page was asked
 * with: the app banner offers the phone's own store in both.
 */
let drawingFor = '';

export function userAgent(): string {
  return typeof navigator === 'undefined' ? drawingFor : navigator.userAgent;
}

/** Runs a server drawing as if for this user agent (the drawing is synchronous: no other request sees it). */
export function asUserAgent<T>(agent: string, draw: () => T): T {
  drawingFor = agent;
  try {
    return draw();
  } finally {
    drawingFor = '';
  }
}
