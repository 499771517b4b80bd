import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { selectionsStorage, selectionsStore } from '../../../entities/location/selections-store.ts';
import { createFakeMap, fakeGeocoder } from '../../../test/fakes/map-test-doubles.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { locationAnswer, renderWithApp, resto, stubApi } from '../../../test/render-app.tsx';
import { LocationPopup } from './location-popup.tsx';

vi.mock('../../../shared/map/load-map.ts', () => ({ loadMapFactory: async () => createFakeMap }));
vi.mock('../geocoding/create-geocoder.ts', () => ({ createGeocoder: () => fakeGeocoder }));

/** docs/product.md §2 item 2: with delivery method selection only, the city step is hidden. */
const cities = [
  { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 },
  { id: 2, name: { ru: 'Самара', en: 'Samara' }, order: 2 },
];

async function renderPopup() {
  await renderWithApp(<LocationPopup />, { cities });
  await screen.findByRole('dialog', { name: 'Адрес' }, { timeout: 5000 });
  await import('./method-step-form.tsx');
}

describe('the location popup, method selection only', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    stubApi({ '/1/p/location?cityId=1&whiteLabel=demo': locationAnswer(1, [resto({ id: 1 })], []) });
    selectionsStorage.hydrate();
    selectionsStore
      .getState()
      .save({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1, paymentMethod: null, deliveryPlace: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    appFlagsStore.getState().closeLocation();
    selectionsStore.getState().reset();
  });

  it('opens on the method step of the saved city with no way back to the cities', async () => {
    appFlagsStore.getState().openLocation({ methodOnly: true });
    await renderPopup();
    expect(await screen.findByRole('radio', { name: 'Самовывоз' })).toBeChecked();
    expect(screen.getByText('Казань')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Казань, сменить город' })).not.toBeInTheDocument();
    expect(screen.queryByText('Выберите город')).not.toBeInTheDocument();
  });

  it('keeps the way back to the cities when opened as usual, and forgets the variant on close', async () => {
    appFlagsStore.getState().openLocation({ methodOnly: true });
    appFlagsStore.getState().closeLocation();
    expect(appFlagsStore.getState().locationMethodOnly).toBe(false);
    appFlagsStore.getState().openLocation();
    await renderPopup();
    expect(await screen.findByRole('button', { name: 'Казань, сменить город' })).toBeInTheDocument();
  });
});
