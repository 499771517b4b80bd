import { consentStore } from '../entities/consent/consent-store.ts';
import {
  analyticsMayRun,
  driverControlled,
  shouldLoadAnalytics,
} from '../shared/analytics/should-load-analytics.ts';
import { type AnalyticsSink, connectAnalytics, switchAnalyticsOff } from '../shared/analytics/track.ts';
import { afterFirstScreen } from '../shared/scheduling/after-first-screen.ts';

export interface AnalyticsStart {
  production: boolean;
  metrikaId: string | null;
  /** Loads the counter and answers its sink; the real one is a dynamic import (not first-visit JavaScript). */
  load?: (metrikaId: string) => Promise<AnalyticsSink>;
  /** Runs its callback once the first screen is drawn and the browser is idle. */
  afterFirstScreen?: (run: () => void) => void;
}

const loadMetrikaLazily = async (metrikaId: string) =>
  (await import('../shared/analytics/load-metrika.ts')).loadMetrika(metrikaId);

/**
 * main.tsx imports this module dynamically: none of it is first-visit JavaScript (only track.ts and
 * page-views.tsx are). Decides the visit's analytics (docs/product.md §1, §7; decision 29): off at once in development, tests and for brands
 * without a counter; otherwise waits for cookie consent, then for the first screen, then loads Metrika.
 * Events tracked before that wait in track()'s queue.
 */
export function startAnalytics({
  production,
  metrikaId,
  load = loadMetrikaLazily,
  afterFirstScreen: later = afterFirstScreen,
}: AnalyticsStart): void {
  const conditions = { production, metrikaId, driverControlled: driverControlled() };
  if (!metrikaId || !analyticsMayRun(conditions)) {
    switchAnalyticsOff();
    return;
  }
  let started = false;
  const tryStart = () => {
    const consent = consentStore.getState().cookiesConsentAccepted;
    if (started || !shouldLoadAnalytics({ ...conditions, consent })) return;
    started = true;
    unsubscribe();
    later(() => {
      load(metrikaId).then(connectAnalytics, switchAnalyticsOff);
    });
  };
  const unsubscribe = consentStore.subscribe(tryStart);
  tryStart();
}
