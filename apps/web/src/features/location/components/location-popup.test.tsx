import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { selectionsStorage, selectionsStore } from '../../../entities/location/selections-store.ts';
import { address, createFakeMap, fakeGeocoder, fakeMap } from '../../../test/fakes/map-test-doubles.ts';
import { saveDeliveryToBaumana44 } from '../../../test/fixtures/location-fixtures.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import {
  locationAnswer,
  paymentOff,
  renderWithApp,
  resto,
  stubApi,
  zone,
} from '../../../test/render-app.tsx';
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
const BAUMANA_STREET = {
  id: 'N1',
  title: 'ул. Баумана',
  subtitle: 'Казань',
  address: address('ул. Баумана', null, { lat: 55.75, lng: 49.05 }),
};

/** Opens the map from the delivery form, finds 'query' and takes the first suggestion. */
async function chooseAddressOnMap(query: string) {
  await userEvent.click(await screen.findByTestId('delivery-address'));
  await userEvent.type(await screen.findByTestId('address-search'), query);
  await userEvent.click(await screen.findByRole('option'));
  await waitFor(() => expect(screen.getByTestId('map-confirm')).toBeEnabled());
  await userEvent.click(screen.getByTestId('map-confirm'));
}

const cities = [
  { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 },
  { id: 2, name: { ru: 'Самара', en: 'Samara' }, order: 2 },
];
// Kazan: a delivering restaurant with a zone, and two pickup points whose order ties, broken by address.
const kazan = [
  resto({
    id: 1,
    order: 1,
    street: { ru: 'ул. Баумана, 44' },
    isTakeAway: false,
    payConfig: {
      delivery: { cardOnline: null, cardUponReceipt: true, cashUponReceipt: true },
      takeAway: paymentOff,
    },
  }),
  resto({
    id: 2,
    order: 2,
    street: { ru: 'ул. Пушкина, 10' },
    isDelivery: false,
    payConfig: {
      delivery: paymentOff,
      takeAway: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
    },
  }),
  resto({ id: 3, order: 2, street: { ru: 'пр. Победы, 46' }, isDelivery: false }),
];
const kazanZones = [zone(10, 1, 55.7, 49.0)];
// Samara: its only restaurant has no menu.
const samara = [resto({ id: 9, cityIds: [2], menus: [] })];

/** The popup's body is a lazy chunk, and its method step another: wait until they are there. */
async function renderPopup(location: Parameters<typeof renderWithApp>[1]) {
  const view = await renderWithApp(<LocationPopup />, location);
  // The first import of the chunk is transformed on demand: on a busy machine it takes over a second.
  await screen.findByRole('dialog', { name: 'Адрес' }, { timeout: 5000 });
  // So is the method step's own chunk, which the popup asks for when a city is picked.
  await import('./method-step-form.tsx');
  return view;
}

function open(persistent = true) {
  appFlagsStore.getState().openLocation({ persistent });
}

describe('location popup', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    stubApi({
      '/1/p/location?cityId=1&whiteLabel=demo': locationAnswer(1, kazan, kazanZones),
      '/1/p/location?cityId=2&whiteLabel=demo': locationAnswer(2, samara, []),
      '/1/p/cities/1': kazanCity,
    });
    fakeMap.reset();
    fakeGeocoder.suggest.mockReset().mockResolvedValue([BAUMANA_STREET]);
    selectionsStorage.hydrate();
    selectionsStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    appFlagsStore.getState().closeLocation();
  });

  it('goes from the city to the method step with delivery by default, and back to the cities', async () => {
    open();
    await renderPopup({ cities });
    expect(screen.getByRole('dialog', { name: 'Адрес' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    expect(await screen.findByRole('radio', { name: 'Доставка' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Самовывоз' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Казань, сменить город' }));
    expect(screen.getByText('Выберите город')).toBeInTheDocument();
  });

  it('selects the first pickup point by order then address, and saves it with an allowed payment method', async () => {
    selectionsStore.setState({ paymentMethod: 'CARD_ONLINE' });
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await userEvent.click(await screen.findByText('Самовывоз'));
    const points = screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).name === 'pickup');
    // Same order: 'Казань, пр. Победы' sorts before 'Казань, ул. Пушкина'.
    expect(points.map((p) => p.closest('label')?.textContent)).toEqual([
      expect.stringContaining('пр. Победы, 46'),
      expect.stringContaining('ул. Пушкина, 10'),
    ]);
    expect(points[0]).toBeChecked();
    // The cash-only point: the stored online-card choice is not allowed there and must be reset.
    await userEvent.click(screen.getByText('ул. Пушкина, 10'));
    await userEvent.click(screen.getByTestId('location-save'));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(selectionsStore.getState()).toMatchObject({
      cityId: 1,
      deliveryMethod: 'TAKE_AWAY',
      restoId: 2,
      paymentMethod: 'CASH_UPON_RECEIPT',
    });
    expect(localStorage.getItem('resto_id')).toBe('2');
  });

  it('refuses delivery without an address and saves nothing', async () => {
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await userEvent.click(await screen.findByTestId('location-save'));
    expect(await screen.findByText('Укажите адрес доставки')).toBeInTheDocument();
    expect(appFlagsStore.getState().locationOpen).toBe(true);
    expect(selectionsStore.getState().cityId).toBeNull();
    expect(localStorage.getItem('city_id')).toBeNull();
  });

  it('asks to confirm an address without a house number, then saves the zone restaurant', async () => {
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await chooseAddressOnMap('баум');
    expect(screen.getByTestId('delivery-address')).toHaveTextContent('ул. Баумана');
    expect(screen.getByRole('button', { name: 'Условия доставки' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('location-save'));
    expect(await screen.findByText('Подтвердите адрес')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Уточнить данные' }));
    expect(appFlagsStore.getState().locationOpen).toBe(true);
    await userEvent.click(screen.getByTestId('location-save'));
    await userEvent.click(await screen.findByRole('button', { name: 'Продолжить без номера' }));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(selectionsStore.getState()).toMatchObject({ cityId: 1, deliveryMethod: 'DELIVERY', restoId: 1 });
    expect(selectionsStore.getState().deliveryPlace?.address).toBe('ул. Баумана');
    expect(selectionsStore.getState().paymentMethod).toBe('CARD_UPON_RECEIPT');
  });

  it('keeps a point chosen on the map without a street as data, named by the UI', async () => {
    fakeGeocoder.reverse.mockReset().mockResolvedValue(null);
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await userEvent.click(await screen.findByTestId('delivery-address'));
    await waitFor(() => expect(fakeMap.options).not.toBeNull());
    fakeMap.click({ lat: 55.75, lng: 49.05 });
    await waitFor(() => expect(screen.getByTestId('map-confirm')).toBeEnabled());
    await userEvent.click(screen.getByTestId('map-confirm'));
    expect(await screen.findByTestId('delivery-address')).toHaveTextContent('Точка на карте');
    await userEvent.click(screen.getByTestId('location-save'));
    await userEvent.click(await screen.findByRole('button', { name: 'Продолжить без номера' }));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    // The label is the UI's; storage keeps a location without an address line.
    expect(selectionsStore.getState().deliveryPlace).toMatchObject({
      address: null,
      location: { lat: 55.75, lng: 49.05 },
    });
    expect(localStorage.getItem('order_delivery_place')).not.toContain('Точка на карте');
  });

  it('saves the delivery details typed with the address, empty ones as null', async () => {
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await chooseAddressOnMap('баум');
    await userEvent.type(screen.getByRole('textbox', { name: 'Квартира / офис' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Этаж' }), '3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Комментарий к адресу' }), 'Код 12К');
    await userEvent.click(screen.getByTestId('location-save'));
    await userEvent.click(await screen.findByRole('button', { name: 'Продолжить без номера' }));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(selectionsStore.getState().deliveryPlace).toMatchObject({
      address: 'ул. Баумана',
      apartment: '12',
      entrance: null,
      floor: '3',
      intercom: null,
      comment: 'Код 12К',
    });
  });

  it('flags a comment over 100 characters as it is typed and refuses to save until it is cut', async () => {
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await chooseAddressOnMap('баум');
    const comment = screen.getByRole('textbox', { name: 'Комментарий к адресу' });
    await userEvent.click(comment);
    await userEvent.paste('к'.repeat(101));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не больше 100 символов');
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(comment).toHaveAccessibleDescription('Не больше 100 символов');
    await userEvent.click(screen.getByTestId('location-save'));
    await waitFor(() => expect(comment).toHaveFocus());
    expect(screen.queryByText('Подтвердите адрес')).not.toBeInTheDocument();
    expect(appFlagsStore.getState().locationOpen).toBe(true);
    expect(selectionsStore.getState().cityId).toBeNull();
    await userEvent.type(comment, '{Backspace}');
    await waitFor(() => expect(comment).toHaveAttribute('aria-invalid', 'false'));
    await userEvent.click(screen.getByTestId('location-save'));
    await userEvent.click(await screen.findByRole('button', { name: 'Продолжить без номера' }));
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(selectionsStore.getState().deliveryPlace?.comment).toHaveLength(100);
  });

  it('keeps the details across a switch to take-away and back, and drops them with the city', async () => {
    saveDeliveryToBaumana44({ apartment: '7', entrance: '2' });
    open(false);
    await renderPopup({ cities });
    expect(await screen.findByRole('textbox', { name: 'Квартира / офис' })).toHaveValue('7');
    await userEvent.type(screen.getByRole('textbox', { name: 'Домофон' }), '7К');
    await userEvent.click(screen.getByText('Самовывоз'));
    expect(screen.queryByRole('textbox', { name: 'Домофон' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Доставка'));
    expect(screen.getByRole('textbox', { name: 'Домофон' })).toHaveValue('7К');
    expect(screen.getByRole('textbox', { name: 'Подъезд' })).toHaveValue('2');

    await userEvent.click(screen.getByRole('button', { name: 'Казань, сменить город' }));
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    expect(await screen.findByRole('textbox', { name: 'Квартира / офис' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Домофон' })).toHaveValue('');
  });

  it('shows the delivery terms of the zone with free delivery and minutes', async () => {
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await chooseAddressOnMap('баум');
    await userEvent.click(screen.getByRole('button', { name: 'Условия доставки' }));
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('Бесплатно');
    expect(table.textContent).toContain('45 мин');
    expect(table.textContent?.replace(/\s/g, ' ')).toContain('200 ₽');
  });

  it('skips the city step when the brand has one city, with no way back to it', async () => {
    open();
    await renderPopup({ cities: cities.slice(0, 1) });
    expect(await screen.findByRole('radio', { name: 'Доставка' })).toBeChecked();
    expect(screen.queryByText('Выберите город')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Казань, сменить город' })).not.toBeInTheDocument();
  });

  it('says when the restaurants of a city have no menu', async () => {
    open();
    await renderPopup({ cities });
    await userEvent.click(screen.getByRole('button', { name: 'Самара' }));
    expect(await screen.findByText('В заведениях выбранного города нет меню')).toBeInTheDocument();
  });

  it('cannot be closed while persistent; otherwise closing keeps the last saved state', async () => {
    selectionsStore
      .getState()
      .save({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 3, paymentMethod: null, deliveryPlace: null });
    open(true);
    const view = await renderPopup({ cities });
    await userEvent.keyboard('{Escape}');
    expect(appFlagsStore.getState().locationOpen).toBe(true);
    view.unmount();
    appFlagsStore.getState().closeLocation();

    open(false);
    await renderPopup({ cities });
    await userEvent.click(await screen.findByText('ул. Пушкина, 10'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(appFlagsStore.getState().locationOpen).toBe(false));
    expect(selectionsStore.getState().restoId).toBe(3);
  });
});
