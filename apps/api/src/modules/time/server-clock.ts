/**
 * The clock every rule of the server reads (open hours, promotions, time slots, code and token lifetimes).
 *
 * `CLOCK_NOW` is a test-only setting: the clock starts at that instant and then runs at real speed, so a
 * journey that waits 90 s for a new SMS code still sees 90 s pass, while 'is the restaurant open' no
 * longer depends on the hour the suite happens to run. The browser corrects its own clock by `/1/now`,
 * so one setting pins the page and the server together. Production refuses it (config.ts).
 */
export function serverClock(clockNow: string | undefined, realNow: () => number = Date.now): () => number {
  if (clockNow === undefined) return realNow;
  const offset = Date.parse(clockNow) - realNow();
  return () => realNow() + offset;
}
