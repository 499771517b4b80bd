/**
 * Runs `run` after the page's load event and then an idle moment (at most 5 s later): for what the first
 * screen does not need (the analytics counter, decision 29), so it costs no first paint.
 */
export function afterFirstScreen(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
