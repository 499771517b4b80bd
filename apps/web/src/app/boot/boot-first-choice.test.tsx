import { minor } from '@storefront/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../entities/app-flags/app-flags-store.ts';
import { cartStore } from '../../entities/cart/cart-store.ts';
import { clockStore } from '../../entities/clock/clock-store.ts';
import {
  applyFirstBootDefaults,
  firstChoiceStore,
  selectionsStorage,
  selectionsStore,
} from '../../entities/location/selections-store.ts';
import { createI18n } from '../../shared/i18n/i18n.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { locationAnswer, resto, stubApi, testBrand } from '../../test/render-app.tsx';
import { App } from '../app.tsx';
import { loadLocaleTexts, TEXTS_RU } from '../texts.ts';

/** docs/product.md §4 'Boot': the preflight of a non-empty cart at boot, and a first boot on the brand's defaults. */
const cities = [
  { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 },
  { id: 2, name: { ru: 'Самара', en: 'Samara' }, order: 2 },
];
const open = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
  dayOfWeek: d as 1,
  active: true,
  open: '00:00',
  close: '00:00',
}));
const api = {
  '/1/now': { utc_time: new Date().toISOString() },
  '/1/p/cities': cities,
  '/1/p/location': locationAnswer(1, [resto({ id: 1, openingHours: open })], []),
  '/1/p/menus/1/position-groups': [],
  '/1/p/menus/1/positions': [],
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
    firstChoiceStore.setState({ pending: false });
    cartStore.getState().clear();
    appFlagsStore.getState().closeLocation();
    clockStore.setState({ offsetMs: 0, synced: false });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    cartStore.getState().clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const saveKazanPickup = () =>
    selectionsStore
      .getState()
      .save({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1, paymentMethod: null, deliveryPlace: null });

  it('checks a non-empty cart with the preflight at boot, on any page', async () => {
    saveKazanPickup();
    cartStore.getState().add({ id: 7, menuId: 1, price: minor(69_000), modifiers: [] });
    const calls = stubApi(api);
    await renderApp();
    await waitFor(() => expect(calls).toContain('/1/persons/orders/preflight'));
    expect(window.location.pathname).toBe('/');
  });

  it('asks no preflight at boot with an empty cart', async () => {
    saveKazanPickup();
    const calls = stubApi(api);
    await renderApp();
    await screen.findByTestId('location-button');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).not.toContain('/1/persons/orders/preflight');
  });

  it("applies the brand's defaults on a first boot and still asks, persistent, until a choice is saved", async () => {
    expect(applyFirstBootDefaults(true, { cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1 })).toBe(true);
    expect(selectionsStore.getState()).toMatchObject({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1 });
    stubApi(api);
    await renderApp();
    const dialog = await screen.findByRole('dialog', { name: 'Адрес' });
    expect(appFlagsStore.getState().locationPersistent).toBe(true);
    // On the defaults: the method step of the default city, not the city step.
    expect(await screen.findByTestId('location-save')).toBeInTheDocument();
    expect(screen.queryByText('Выберите город')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(appFlagsStore.getState().locationOpen).toBe(true);

    await user.click(screen.getByTestId('location-save'));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(firstChoiceStore.getState().pending).toBe(false);
    expect(selectionsStore.getState()).toMatchObject({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1 });
  });
  it('does not ask a visitor without a city for one on a rating link', async () => {
    // The rating call answers 404 here (not stubbed): the page says so, and no popup covers it.
    stubApi(api);
    window.history.replaceState(null, '', '/rate/r1.9.abc');
    await renderApp();
    expect(await screen.findByTestId('rating-load-error')).toBeInTheDocument();
    expect(appFlagsStore.getState().locationOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Адрес' })).not.toBeInTheDocument();
  });
});
