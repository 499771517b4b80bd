import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App, makeQueryClient } from './app/app.tsx';
import { mirrorChoiceToCookie } from './app/boot/first-screen-cookie.ts';
import { seedBootQueries } from './app/boot/seed-boot-queries.ts';
import { loadLocaleTexts, TEXTS_RU } from './app/texts.ts';
import { cartStorage } from './entities/cart/cart-store.ts';
import { clockStore } from './entities/clock/clock-store.ts';
import { consentStorage } from './entities/consent/consent-store.ts';
import {
  applyFirstBootDefaults,
  selectionsAsDrawn,
  selectionsStorage,
  selectionsStore,
} from './entities/location/selections-store.ts';
import { analyticsMayRun, driverControlled } from './shared/analytics/should-load-analytics.ts';
import { switchAnalyticsOff } from './shared/analytics/track.ts';
import { applyApiBase, applyBrandToDocument, fetchBrandConfig } from './shared/config.tsx';
import { createI18n, initialLocale } from './shared/i18n/i18n.ts';
import { drawnState, readStoresAs } from './shared/platform/read-stores-as.ts';
import { drawnBootGiven, pageHeadRan } from './shared/prefetch/prefetched-answers.ts';
import { afterFirstPaint } from './shared/scheduling/after-first-paint.ts';
import { afterFirstScreen } from './shared/scheduling/after-first-screen.ts';
import { prepareStorage } from './shared/storage/storage-at-start.ts';
import './app/theme.css';

/** How long the first render waits for the page head's boot answers before it draws the splash. */
const SEED_LIMIT_MS = 3000;

/**
 * Start-up: the brand's config, then storage checks (docs/product.md §4 'Storage at start'), then the stores
 * read back what the customer saved, then texts in their language, then the app.
 */
async function start(element: HTMLElement) {
  let root: Root | null = null;
  try {
    // When the bundle happens to arrive before the page head's script ran, asking now would ask twice.
    await pageHeadRan();
    const brand = applyApiBase(await fetchBrandConfig());
    const outcome = prepareStorage(brand.whiteLabel);
    selectionsStorage.hydrate();
    consentStorage.hydrate();
    cartStorage.hydrate();
    const analytics = { production: brand.production === true, metrikaId: brand.clients.metrikaId };
    // Off at once where it can never count (development, tests, no counter): no chunk is fetched. Otherwise
    // its code and its waiting for consent come after the first screen (decisions 29, 33); events queue in
    // track() meanwhile.
    if (analyticsMayRun({ ...analytics, driverControlled: driverControlled() }))
      afterFirstScreen(() => {
        void import('./app/analytics.ts').then(({ startAnalytics }) => startAnalytics(analytics));
      });
    else switchAnalyticsOff();
    applyFirstBootDefaults(outcome !== 'kept' && outcome !== 'migrated', brand.defaults);
    const locale = initialLocale(brand.locales, brand.defaultLocale);
    const i18n = await createI18n(TEXTS_RU, locale, loadLocaleTexts);
    applyBrandToDocument(brand, locale);
    // Tells the server what to draw at the next visit (decision 44).
    mirrorChoiceToCookie(brand.whiteLabel, i18n);
    // A returning customer's boot answers, when the page head has them, fill the cache before the first
    // render (decision 34); a boot call slower than the limit is left to the queries.
    const queryClient = makeQueryClient();
    const seeded = await Promise.race([
      seedBootQueries(queryClient, brand, locale).catch(() => false),
      new Promise<false>((done) => setTimeout(() => done(false), SEED_LIMIT_MS)),
    ]);
    const app = <App brand={brand} i18n={i18n} queryClient={queryClient} />;
    if (seeded && drawnBootGiven() && element.firstElementChild) {
      // The server drew this screen from the same answers (decision 44): the app takes it over as it is,
      // reading the customer's choice and the clock as the server did until it has.
      const { cityId, restoId, deliveryMethod } = selectionsStore.getState();
      const restoreStores = readStoresAs([
        drawnState(selectionsStore, selectionsAsDrawn({ cityId, restoId, deliveryMethod })),
        drawnState(clockStore, clockStore.getState()),
      ]);
      hydrateRoot(
        element,
        <StrictMode>
          <Started onStarted={restoreStores}>{app}</Started>
        </StrictMode>,
        {
          // A drawing that differs is drawn again by the app, as without one; said, so that tests see it.
          onRecoverableError: (error, info) => {
            const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
            console.warn('hydration', String(error), cause, info.componentStack ?? '');
          },
        },
      );
      return;
    }
    await afterFirstPaint();
    root = createRoot(element);
    root.render(
      <StrictMode>
        <Started>{app}</Started>
      </StrictMode>,
    );
  } catch (error) {
    // Nothing is known yet, not even the language: a plain bilingual message with a retry.
    root ??= createRoot(element);
    root.render(
      <main style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }} role="alert">
        <h1>Не удалось загрузить витрину · The storefront could not load</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Повторить · Try again
        </button>
      </main>,
    );
  }
}

/** The user-timing mark of the moment the app answers taps (`bench:web` reads it; decision 44). */
const STARTED_MARK = 'storefront-started';

/**
 * Marks the app's first commit (a server's drawing taken over, or the app's own first screen drawn): its effect
 * runs after every effect inside. `onStarted` is called then.
 */
function Started({ onStarted, children }: { onStarted?: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit.
  useEffect(() => {
    onStarted?.();
    if (performance.getEntriesByName(STARTED_MARK).length === 0) performance.mark(STARTED_MARK);
  }, []);
  return children;
}

// Started from a microtask, not from the bundle's top level (decision 32): a profiler that records stacks
// (Lighthouse's trace) would otherwise re-read the whole bundle to place the top level's line numbers.
queueMicrotask(() => {
  const element = document.getElementById('root');
  if (element) void start(element);
});
