import { BOOT_CLOCK_PATH, citiesPath, firstBootPaths } from '@storefront/domain';
import type {
  CityListItem,
  FirstScreenDrawings,
  FirstScreenInput,
  FirstVisitInput,
  LocationResponse,
} from '@storefront/domain/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { appFlagsStore } from '../../entities/app-flags/app-flags-store.ts';
import { cartStore } from '../../entities/cart/cart-store.ts';
import { clockStore } from '../../entities/clock/clock-store.ts';
import { type CurrentLocation, CurrentLocationContext } from '../../entities/location/current-location.tsx';
import { citiesQuery, cityLocationQuery } from '../../entities/location/location-queries.ts';
import { selectionsAsDrawn, selectionsStore } from '../../entities/location/selections-store.ts';
import LocationPopupContent from '../../features/location/components/location-popup-content.tsx';
import { applyApiBase } from '../../shared/config.tsx';
import { createI18n } from '../../shared/i18n/i18n.ts';
import { ServerRouter } from '../../shared/navigation/router.tsx';
import { type DrawnState, drawnState, readStoresAs } from '../../shared/platform/read-stores-as.ts';
import { asUserAgent } from '../../shared/platform/user-agent.ts';
import { App, AppProviders, makeQueryClient } from '../app.tsx';
import { restoAndMenuQueryKeys } from '../boot/seed-boot-queries.ts';
import { loadLocaleTexts, TEXTS_RU } from '../texts.ts';

/**
 * A returning customer's first screen as markup (decision 44): the app itself drawn on the server from the boot
 * call's answers, the same tree the browser draws from the same answers a second later. Null when an answer
 * the screen needs is missing or failed: the page then goes out without it, and the app draws it as before.
 *
 * The app's stores are the browser's singletons; here they hold this customer's choice only while the
 * synchronous drawing runs, and are emptied again before it returns, so no request sees another's.
 */
export const renderFirstScreen: FirstScreenDrawings['renderFirstScreen'] = async (
  input: FirstScreenInput,
) => {
  const bodies = new Map<string, unknown>();
  for (const answer of input.answers) if (answer.status === 200) bodies.set(answer.path, answer.body);
  const brand = applyApiBase(input.config);
  const { choice } = input;
  const paths = firstBootPaths(choice, brand.features.preOrder);
  const clock = bodies.get(BOOT_CLOCK_PATH) as { utc_time?: unknown } | undefined;
  const cities = bodies.get(citiesPath(brand.whiteLabel));
  const location = bodies.get(paths.location) as LocationResponse | undefined;
  if (typeof clock?.utc_time !== 'string' || !cities || !location) return null;
  const client = makeQueryClient();
  client.setQueryData(['now'], { utc_time: clock.utc_time });
  client.setQueryData(citiesQuery(brand.whiteLabel).queryKey, cities as never);
  client.setQueryData(cityLocationQuery(brand.whiteLabel, choice.cityId).queryKey, location);
  for (const [path, key] of restoAndMenuQueryKeys(choice, brand.features.preOrder, location)) {
    if (!bodies.has(path)) return null;
    client.setQueryData(key, bodies.get(path));
  }
  const i18n = await createI18n(TEXTS_RU, input.locale, loadLocaleTexts);

  const now = Date.now();
  clockStore.getState().sync(clock.utc_time, now, now);
  const selections = selectionsAsDrawn({
    cityId: choice.cityId,
    restoId: choice.restoId,
    deliveryMethod: choice.method,
  });
  selectionsStore.setState(selections);
  return drawnWith(
    [drawnState(selectionsStore, selections), drawnState(clockStore, clockStore.getState())],
    () => {
      return asUserAgent(input.userAgent, () =>
        renderToString(
          <StrictMode>
            <ServerRouter path={input.path}>
              <App brand={brand} i18n={i18n} queryClient={client} />
            </ServerRouter>
          </StrictMode>,
        ),
      );
    },
    () => {
      selectionsStore.getState().reset();
      cartStore.setState(cartStore.getInitialState(), true);
      clockStore.setState({ offsetMs: 0, synced: false });
      client.clear();
    },
  );
};

/**
 * A first visit's location popup as markup (decision 44): the popup the app opens at once, drawn by the server
 * so that it shows with the page, over the crawler-readable text. The app replaces both as it mounts, its own
 * popup appearing without the opening animation.
 */
export const renderFirstVisitPopup: FirstScreenDrawings['renderFirstVisitPopup'] = async (
  input: FirstVisitInput,
) => {
  const brand = applyApiBase(input.config);
  const client = makeQueryClient();
  client.setQueryData(citiesQuery(brand.whiteLabel).queryKey, input.cities as CityListItem[]);
  const i18n = await createI18n(TEXTS_RU, input.locale, loadLocaleTexts);
  const location: CurrentLocation = {
    cities: [...input.cities],
    city: null,
    restos: [],
    zones: [],
    resto: null,
    method: null,
    menus: [],
  };
  appFlagsStore.getState().openLocation({ persistent: true });
  return drawnWith(
    [drawnState(appFlagsStore, appFlagsStore.getState())],
    () => {
      return asUserAgent(input.userAgent, () =>
        renderToString(
          <StrictMode>
            <ServerRouter path="/">
              <AppProviders brand={brand} i18n={i18n} queryClient={client}>
                <CurrentLocationContext.Provider value={location}>
                  <LocationPopupContent />
                </CurrentLocationContext.Provider>
              </AppProviders>
            </ServerRouter>
          </StrictMode>,
        ),
      );
    },
    () => {
      appFlagsStore.getState().closeLocation();
      client.clear();
    },
  );
};

/** One synchronous server drawing with these stores read as drawn; `reset` empties what it set. */
function drawnWith<T>(states: readonly DrawnState[], draw: () => T, reset: () => void): T {
  const restore = readStoresAs(states);
  try {
    return draw();
  } finally {
    restore();
    reset();
  }
}
