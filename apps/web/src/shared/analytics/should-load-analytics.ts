/** What decides whether the analytics counter loads (docs/product.md §1, §7; decision 29). */
export interface AnalyticsConditions {
  /** The server runs in production (`/config.json`'s `production`), whatever mode the storefront was built in. */
  production: boolean;
  /** The brand's Yandex Metrika counter id (`clients.metrikaId`); null leaves analytics off. */
  metrikaId: string | null | undefined;
  /** The customer accepted cookies (the consent popup). */
  consent: boolean;
  /** Unit tests or a browser driven by automation (e2e): never counted. */
  isTest: boolean;
}

/** Loads only in production, only with a counter configured, only after consent, never under test. */
export function shouldLoadAnalytics({
  production,
  metrikaId,
  consent,
  isTest,
}: AnalyticsConditions): boolean {
  return production && !!metrikaId && /^\d+$/.test(metrikaId) && consent && !isTest;
}

/**
 * Whether this visit may ever count, consent aside: when not, nothing of analytics loads at all, not even
 * the code that waits for consent (main.tsx).
 */
export function analyticsMayRun(conditions: Omit<AnalyticsConditions, 'consent'>): boolean {
  return shouldLoadAnalytics({ ...conditions, consent: true });
}

/** Vitest runs in mode 'test'; Playwright (and any WebDriver) sets navigator.webdriver. */
export function runsUnderTest(): boolean {
  return (
    import.meta.env.MODE === 'test' || (typeof navigator !== 'undefined' && navigator.webdriver === true)
  );
}
