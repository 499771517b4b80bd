/**
 * Resolves once the browser has had a chance to paint what the page already shows (the server's readable
 * page, decision 28), so the app's first render does not hold back the first paint (decision 30). A hidden
 * tab draws no frames: it does not wait there, nor longer than `limitMs` anywhere.
 */
export function afterFirstPaint(limitMs = 100): Promise<void> {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const limit = setTimeout(resolve, limitMs);
    // The frame's callback runs before its paint; the task after it runs once the frame is out.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(limit);
        resolve();
      }, 0),
    );
  });
}
