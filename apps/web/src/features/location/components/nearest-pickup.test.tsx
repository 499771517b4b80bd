import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { selectionsStorage, selectionsStore } from '../../../entities/location/selections-store.ts';
import { address, createFakeMap, fakeGeocoder, fakeMap } from '../../../test/fakes/map-test-doubles.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { locationAnswer, renderWithApp, resto, stubApi, zone } from '../../../test/render-app.tsx';
import { distanceText } from '../model/nearest-pickup-query.ts';
import { LocationPopup } from './location-popup.tsx';

vi.mock('../../../shared/map/load-map.ts', () => ({ loadMapFactory: async () => createFakeMap }));
vi.mock('../geocoding/create-geocoder.ts', () => ({ createGeocoder: () => fakeGeocoder }));

const kazanCity = {
  id: 1,
  name: { ru: 'Казань', en: 'Kazan' },
  order: 1,
  center: { lat: 55.75, lng: 49.05 },
  zoom: 12,
  bounds: { southWest: { lat: 55.6, lng: 48.9 }, northEast: { lat: 55.9, lng: 49.3 } },
};
const cities = [{ id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 }];
const kazan = [
  resto({ id: 1, street: { ru: 'ул. Баумана, 44' }, isTakeAway: false }),
  resto({
    id: 3,
    name: { ru: 'Кремлёвская', en: 'Kremlyovskaya' },
    street: { ru: 'ул. Кремлёвская, 2' },
    isDelivery: false,
  }),
];
// A zone around 55.7–55.8 / 49.0–49.1; the address below is far outside it.
const kazanZones = [zone(10, 1, 55.7, 49.0)];
const FAR = {
  id: 'N9',
  title: 'ул. Дальняя, 5',
  subtitle: 'Казань',
  address: address('ул. Дальняя', '5', { lat: 55.85, lng: 49.25 }),
};
const NEAREST_PATH = '/1/p/location/nearest-pickup?cityId=1&lat=55.85&lng=49.25&whiteLabel=demo';

async function renderPopup() {
  appFlagsStore.getState().openLocation({ persistent: true });
  await renderWithApp(<LocationPopup />, { cities });
  await screen.findByRole('dialog', { name: 'Адрес' }, { timeout: 5000 });
  await import('./method-step-form.tsx');
}

async function chooseFarAddress() {
  await userEvent.click(await screen.findByTestId('delivery-address'));
  await userEvent.type(await screen.findByTestId('address-search'), 'дальн');
  await userEvent.click(await screen.findByRole('option'));
  await waitFor(() =>
    expect(screen.getByTestId('map-problem')).toHaveTextContent('Адрес не входит в зону доставки'),
  );
}

describe('location popup: the nearest pickup point for an address outside every zone', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    fakeMap.reset();
    fakeGeocoder.suggest.mockReset().mockResolvedValue([FAR]);
    selectionsStorage.hydrate();
    selectionsStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    appFlagsStore.getState().closeLocation();
  });

  it('offers the nearest take-away point with its distance; one tap switches to take-away there', async () => {
    const calls = stubApi({
      '/1/p/location?cityId=1&whiteLabel=demo': locationAnswer(1, kazan, kazanZones),
      '/1/p/cities/1': kazanCity,
      [NEAREST_PATH]: { restoId: 3, distanceMeters: 2_345 },
    });
    await renderPopup();
    await chooseFarAddress();
    const offer = await screen.findByTestId('nearest-pickup');
    expect(calls).toContain(NEAREST_PATH);
    const take = within(offer).getByTestId('nearest-pickup-take');
    expect(take).toHaveTextContent('Заберите сам из «Кремлёвская», 2,3 км');
    expect(screen.getByTestId('map-confirm')).toBeDisabled();

    await userEvent.click(take);
    await waitFor(() => expect(screen.queryByTestId('map-confirm')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Самовывоз/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /ул\. Кремлёвская, 2/ })).toBeChecked();
    await userEvent.click(screen.getByTestId('location-save'));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(selectionsStore.getState()).toMatchObject({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 3 });
  });

  it('refuses the address as before when the city has no pickup point (404 location.no-pickup)', async () => {
    const calls = stubApi({
      '/1/p/location?cityId=1&whiteLabel=demo': locationAnswer(1, kazan, kazanZones),
      '/1/p/cities/1': kazanCity,
    });
    await renderPopup();
    await chooseFarAddress();
    await waitFor(() => expect(calls).toContain(NEAREST_PATH));
    // The answer came (a 404): still no offer, only the refusal.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('nearest-pickup')).not.toBeInTheDocument();
    expect(screen.getByTestId('map-problem')).toHaveTextContent('Адрес не входит в зону доставки');
  });

  it('says the distance in metres below a kilometre, and in English', () => {
    expect(distanceText(843, 'ru').replace(/\s/g, ' ')).toBe('840 м');
    expect(distanceText(2_345, 'en')).toBe('2.3 km');
    expect(distanceText(12_000, 'ru')).toBe('12 км');
  });
});
