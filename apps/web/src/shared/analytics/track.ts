/**
 * The one door to analytics (docs/product.md §1, §7; decision 29). Features call track() and know nothing else: the
 * counter itself (Yandex Metrika) loads later, lazily, and only when the rules allow it
 * (should-load-analytics.ts); until then events wait in a short queue, and once analytics is off they are
 * dropped. This module stays tiny: it is in the first-visit JavaScript, the counter's code is not.
 */

/** A dish as the e-commerce reports read it; prices in minor units, as everywhere in the storefront. */
export interface TrackedDish {
  id: number;
  name: string;
  price: number;
  quantity?: number;
  category?: string;
}

export type AnalyticsEvent =
  | { type: 'page-view'; url: string; referrer?: string; title?: string }
  | { type: 'dish-viewed'; dish: TrackedDish; currency: string }
  | { type: 'added-to-cart'; dish: TrackedDish; currency: string }
  | { type: 'checkout-started'; total: number; currency: string }
  | {
      type: 'order-placed';
      orderId: number;
      total: number;
      currency: string;
      dishes?: readonly TrackedDish[];
    }
  | { type: 'paid'; orderId: number; total: number; currency: string };

/** Where events go once the counter is there (load-metrika.ts makes one). */
export type AnalyticsSink = (event: AnalyticsEvent) => void;

/** Events kept while the decision is pending (no consent yet, the page still loading); older ones go. */
export const QUEUE_LIMIT = 50;

type State =
  | { kind: 'pending'; queue: AnalyticsEvent[] }
  | { kind: 'on'; sink: AnalyticsSink }
  | { kind: 'off' };

let state: State = { kind: 'pending', queue: [] };

/** Reports one event: forwarded when the counter is loaded, queued while it may still load, dropped when off. */
export function track(event: AnalyticsEvent): void {
  if (state.kind === 'on') {
    try {
      state.sink(event);
    } catch {
      // Analytics never breaks the storefront.
    }
  } else if (state.kind === 'pending') {
    state.queue.push(event);
    if (state.queue.length > QUEUE_LIMIT) state.queue.shift();
  }
}

/** The counter is loaded: what waited goes first, in order, then every event as it comes. */
export function connectAnalytics(sink: AnalyticsSink): void {
  const waiting = state.kind === 'pending' ? state.queue : [];
  state = { kind: 'on', sink };
  for (const event of waiting) track(event);
}

/** Analytics will not load in this visit (development, a driven browser, no counter configured): nothing is kept. */
export function switchAnalyticsOff(): void {
  state = { kind: 'off' };
}
