import { minor } from '@storefront/domain';
import type { Position, PositionGroup } from '@storefront/domain/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../entities/app-flags/app-flags-store.ts';
import { clockStore } from '../../entities/clock/clock-store.ts';
import { selectionsStorage, selectionsStore } from '../../entities/location/selections-store.ts';
import { createI18n } from '../../shared/i18n/i18n.ts';
import { rememberPrefetch } from '../../shared/prefetch/prefetched-answers.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { locationAnswer, resto, stubApi, testBrand } from '../../test/render-app.tsx';
import { App } from '../app.tsx';
import { loadLocaleTexts, TEXTS_RU } from '../texts.ts';

const cities = [{ id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 }];
const groups: PositionGroup[] = [
  { id: 5, menuId: 1, name: { ru: 'Роллы', en: 'Rolls' }, order: 1, photos: [] },
  { id: 0, menuId: 1, name: { ru: 'Прочее', en: 'Other' }, order: 999999, photos: [] },
];
const positions: Position[] = [
  {
    id: 7,
    menu: { id: 1 },
    positionGroup: { id: 5 },
    name: { ru: 'Филадельфия', en: 'Philadelphia' },
    description: { ru: '' },
    measure: { value: 260, unit: 'g' },
    price: minor(69000),
    photos: [],
    tags: [],
    isAdult: false,
    order: 1,
  },
  {
    id: 8,
    menu: { id: 1 },
    positionGroup: null,
    name: { ru: 'Имбирь', en: 'Ginger' },
    description: { ru: '' },
    measure: null,
    price: minor(3000),
    photos: [],
    tags: [],
    isAdult: false,
    order: 2,
  },
];
// Round the clock, so no day-off dialog gets in the way whatever the hour.
const open = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
  dayOfWeek: d as 1,
  active: true,
  open: '00:00',
  close: '00:00',
}));
const kazanResto = resto({ id: 1, openingHours: open });

const api = {
  '/1/now': { utc_time: new Date().toISOString() },
  '/1/p/cities': cities,
  '/1/p/location': locationAnswer(1, [kazanResto], []),
  '/1/p/menus/1/position-groups': groups,
  '/1/p/menus/1/positions': positions,
  '/1/restos/1/promotions': [],
  '/1/restos/1/positions/modifiers': [],
  '/1/restos/1/position-time-slots': [],
  '/1/restos/1/working-hours': [],
};

async function renderApp() {
  const i18n = await createI18n(TEXTS_RU, 'ru', loadLocaleTexts);
  return render(<App brand={testBrand} i18n={i18n} />);
}

describe('boot', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    selectionsStorage.hydrate();
    selectionsStore.getState().reset();
    appFlagsStore.getState().closeLocation();
    clockStore.setState({ offsetMs: 0, synced: false });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the location popup, persistent, on a first visit', async () => {
    stubApi(api);
    await renderApp();
    expect(await screen.findByRole('dialog', { name: 'Адрес' })).toBeInTheDocument();
    expect(appFlagsStore.getState().locationPersistent).toBe(true);
    expect(clockStore.getState().synced).toBe(true);
  });

  it('loads the saved restaurant menu for a returning customer, groups in order with Прочее last', async () => {
    selectionsStore
      .getState()
      .save({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1, paymentMethod: null, deliveryPlace: null });
    const calls = stubApi(api);
    await renderApp();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Роллы', 'Прочее']);
    expect(screen.getByText('Филадельфия')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Адрес' })).not.toBeInTheDocument();
    // Everything docs/product.md §4 names is loaded for the selected restaurant.
    for (const path of ['promotions', 'positions/modifiers', 'position-time-slots', 'working-hours']) {
      expect(calls.some((call) => call.startsWith(`/1/restos/1/${path}`))).toBe(true);
    }
  });

  it('takes the server time the page head asked for, with the head’s own send and receive times', async () => {
    const sentAt = Date.now() - 2_000;
    const serverTime = new Date(sentAt + 60_000 + 100); // the server runs a minute ahead; 200 ms round trip
    rememberPrefetch(
      '/1/now',
      Promise.resolve({
        locale: 'ru',
        response: new Response(JSON.stringify({ utc_time: serverTime.toISOString() })),
        sentAt,
        receivedAt: sentAt + 200,
      }),
    );
    const calls = stubApi(api);
    await renderApp();
    expect(await screen.findByRole('dialog', { name: 'Адрес' })).toBeInTheDocument();
    expect(clockStore.getState()).toMatchObject({ synced: true, offsetMs: 60_000 });
    expect(calls).not.toContain('/1/now');
    delete window.__storefrontPrefetch;
  });

  it('shows a readable fatal error with a retry instead of a blank page', async () => {
    stubApi({ ...api, '/1/p/cities': undefined });
    await renderApp();
    // Boot calls are retried once, a second apart, before the failure is shown.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Не удалось загрузить витрину');
    stubApi(api);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('dialog', { name: 'Адрес' })).toBeInTheDocument();
  });

  it('shows docs/product.md §8’s fallback for a failed clock with the status, in Russian', async () => {
    stubApi(api);
    const answer = vi.mocked(fetch);
    const served = answer.getMockImplementation();
    answer.mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/1/now'
        ? new Response('<html>upstream down</html>', { status: 503, statusText: 'Service Unavailable' })
        : (served as typeof fetch)(input, init),
    );
    await renderApp();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(screen.getByTestId('boot-failure').textContent).toBe('Не удалось получить время сервера (UTC)');
    expect(screen.getByTestId('boot-status').textContent).toBe('Код ответа сервера: 503');
    // The status text and the network error are English technical words: never on a Russian screen.
    expect(alert.textContent).not.toMatch(/Service Unavailable|Failed to fetch|Network error/);
  });

  it('says a missing menu’s groups are not found, in English, with the status', async () => {
    selectionsStore
      .getState()
      .save({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1, paymentMethod: null, deliveryPlace: null });
    stubApi({ ...api, '/1/p/menus/1/position-groups': undefined });
    const i18n = await createI18n(TEXTS_RU, 'en', loadLocaleTexts);
    render(<App brand={testBrand} i18n={i18n} />);
    await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(screen.getByTestId('boot-failure').textContent).toBe('Menu groups not found');
    expect(screen.getByTestId('boot-status').textContent).toBe('Server status: 404');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The storefront could not load');
  });

  it('forgets a saved restaurant that no longer exists and asks again', async () => {
    selectionsStore.getState().save({
      cityId: 1,
      deliveryMethod: 'TAKE_AWAY',
      restoId: 99,
      paymentMethod: null,
      deliveryPlace: null,
    });
    stubApi(api);
    await renderApp();
    expect(await screen.findByRole('dialog', { name: 'Адрес' })).toBeInTheDocument();
  });
});
