import { type Locale, minor } from '@storefront/domain';
import type {
  BrandConfig,
  CityListItem,
  DeliveryZone,
  LocationResponse,
  Resto,
} from '@storefront/domain/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { loadLocaleTexts, TEXTS_RU } from '../app/texts.ts';
import { type CurrentLocation, CurrentLocationContext } from '../entities/location/current-location.tsx';
import { BrandProvider, type StorefrontBrand } from '../shared/config.tsx';
import { createI18n } from '../shared/i18n/i18n.ts';
import { MemoryRouter } from '../shared/navigation/router.tsx';

export const testBrand: BrandConfig = {
  whiteLabel: 'demo',
  name: { ru: 'Нори-Нори', en: 'Nori-Nori' },
  logo: '/media/brand/logo.svg',
  favicon: '/media/brand/favicon.svg',
  theme: { mode: 'dark', primary: '#5bd0a4' },
  locales: ['ru', 'en'],
  defaultLocale: 'ru',
  features: { auth: ['PHONE'], personCount: true, promoCodes: true, preOrder: true },
  links: { franchise: null, appStore: null, googlePlay: null, support: null },
  defaults: { cityId: null, deliveryMethod: null, restoId: null },
  freeCondiments: [],
  maps: {
    tileUrl: '',
    attribution: '',
    geocoderUrl: 'http://127.0.0.1:1',
    googleMapsKey: null,
    googleMapId: null,
    googleGeocodingUrl: 'http://127.0.0.1:1',
    googlePlacesUrl: 'http://127.0.0.1:1',
  },
  clients: {
    apiKey: 'test-api-key',
    captchaClientKey: null,
    googleClientId: null,
    appleClientId: null,
    vkAppId: null,
    metrikaId: null,
  },
};

const week = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
  dayOfWeek: d as 1,
  active: true,
  open: '10:00',
  close: '23:00',
}));
const allPay = { cardOnline: 'shop', cardUponReceipt: true, cashUponReceipt: true };
const noPay = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: false };

export function resto(overrides: Partial<Resto> & Pick<Resto, 'id'>): Resto {
  const street = overrides.street ?? { ru: `ул. Тестовая, ${overrides.id}` };
  return {
    name: { ru: `Ресторан ${overrides.id}` },
    cityIds: [1],
    address: { ru: `Казань, ${street.ru}` },
    street,
    averageCheck: minor(100_000),
    currency: 'RUB',
    description: { ru: '' },
    emails: [],
    phones: [],
    links: [],
    location: { lat: 55.79, lng: 49.12 },
    menus: [
      {
        id: 1,
        name: { ru: 'Меню' },
        order: 1,
        isDelivery: true,
        isTakeAway: true,
        isOnline: false,
        isTable: false,
      },
    ],
    openingHours: week,
    order: overrides.id,
    payConfig: { delivery: allPay, takeAway: allPay },
    payEngine: 'demo',
    pays: [],
    photos: [],
    tags: [],
    timezone: '+03:00',
    isDelivery: true,
    isOnline: false,
    isTable: false,
    isTakeAway: true,
    ...overrides,
  };
}

export const paymentOff = noPay;

export function zone(id: number, restoId: number, south: number, west: number): DeliveryZone {
  return {
    id,
    restoId,
    name: { ru: `Зона ${id}` },
    polygon: [
      { lat: south, lng: west },
      { lat: south, lng: west + 0.1 },
      { lat: south + 0.1, lng: west + 0.1 },
      { lat: south + 0.1, lng: west },
    ],
    rules: [
      { orderPrice: { min: minor(0), max: minor(100_000) }, deliveryPrice: minor(20_000), time: 60 },
      { orderPrice: { min: minor(100_000), max: null }, deliveryPrice: minor(0), time: 45 },
    ],
  };
}

/** Answers the storefront's GET calls from a table of path → body; anything else is a 404. */
export function stubApi(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${url.pathname}${url.search}`;
      calls.push(key);
      const body = routes[key] ?? routes[url.pathname];
      return body === undefined
        ? new Response(JSON.stringify({ errors: [{ code: 'route.not-found', message: 'Нет такого' }] }), {
            status: 404,
          })
        : new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
    }),
  );
  return calls;
}

export function locationAnswer(cityId: number, restos: Resto[], zones: DeliveryZone[]): LocationResponse {
  return { cityId, restos, deliveryZones: zones };
}

/**
 * Renders `ui` with the app's providers: server data, Russian texts (English on demand), the test
 * brand, a chosen location, and a router starting at `entry` (with its navigation state).
 */
export async function renderWithApp(
  ui: ReactNode,
  location: Partial<CurrentLocation> & { cities: CityListItem[] },
  {
    entry = '/',
    state,
    brand = testBrand,
    locale = 'ru',
  }: { entry?: string; state?: unknown; brand?: StorefrontBrand; locale?: Locale } = {},
) {
  const i18n = await createI18n(TEXTS_RU, locale, loadLocaleTexts);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const value: CurrentLocation = {
    city: null,
    restos: [],
    zones: [],
    resto: null,
    method: null,
    menus: [],
    ...location,
  };
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>
          <CurrentLocationContext.Provider value={value}>
            <MemoryRouter path={entry} state={state}>
              {ui}
            </MemoryRouter>
          </CurrentLocationContext.Provider>
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
