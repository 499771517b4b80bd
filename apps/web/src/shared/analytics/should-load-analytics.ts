/** What decides whether the analytics counter loads (docs/product.md §1, §7; decision 29). */
export interface AnalyticsConditions {
  /** The server runs in production (`/config.json`'s `production`), whatever mode the storefront was built in. */
  production: boolean;
  /** The brand's Yandex Metrika counter id (`clients.metrikaId`); null leaves analytics off. */
  metrikaId: string | null | undefined;
  /** The customer accepted cookies (the consent popup). */
  consent: boolean;
  /** A browser driven by automation (e2e; driverControlled()): never counted. */
  driverControlled: boolean;
}

/** Loads only in production, only with a counter configured, only after consent, never in a driven browser. */
export function shouldLoadAnalytics({
  production,
  metrikaId,
  consent,
  driverControlled,
}: AnalyticsConditions): boolean {
  return production && !!metrikaId && /^\d+$/.test(metrikaId) && consent && !driverControlled;
}

/**
 * Whether this visit may ever count, consent aside: when not, nothing of analytics loads at all, not even
 * the code that waits for consent (main.tsx).
 */
export function analyticsMayRun(conditions: Omit<AnalyticsConditions, 'consent'>): boolean {
  return shouldLoadAnalytics({ ...conditions, consent: true });
}

/**
 * A browser driven by automation (Playwright's e2e runs, any WebDriver) sets navigator.webdriver: such a
 * visit is never a customer's.
 */
export function driverControlled(): boolean {
  return typeof navigator !== 'undefined' && navigator.webdriver === true;
}
