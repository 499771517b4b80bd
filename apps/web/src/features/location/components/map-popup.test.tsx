import type { DeliveryPlace } from '@storefront/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { address, createFakeMap, fakeGeocoder, fakeMap } from '../../../test/fakes/map-test-doubles.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp, resto, stubApi, zone } from '../../../test/render-app.tsx';
import MapPopup, { type MapPopupProps } from './map-popup.tsx';

const mapLoader = vi.hoisted(() => ({ fail: 0 }));
vi.mock('../../../shared/map/load-map.ts', () => ({
  loadMapFactory: async () => {
    if (mapLoader.fail > 0) {
      mapLoader.fail--;
      throw new Error('no map');
    }
    return createFakeMap;
  },
}));
vi.mock('../geocoding/create-geocoder.ts', () => ({ createGeocoder: () => fakeGeocoder }));

const city = {
  id: 1,
  name: { ru: 'Казань' },
  order: 1,
  center: { lat: 55.75, lng: 49.05 },
  zoom: 12,
  bounds: { southWest: { lat: 55.6, lng: 48.9 }, northEast: { lat: 55.9, lng: 49.3 } },
};
const restos = [
  resto({ id: 1, name: { ru: 'Нори на Баумана' }, isTakeAway: false }),
  resto({
    id: 2,
    street: { ru: 'ул. Пушкина, 10' },
    isDelivery: false,
    location: { lat: 55.78, lng: 49.12 },
  }),
  resto({ id: 3, street: { ru: 'пр. Победы, 46' }, isDelivery: false, location: { lat: 55.75, lng: 49.2 } }),
];
// Zone 10 of restaurant 1 spans lat 55.7–55.8, lng 49.0–49.1.
const ctx = { restos, zones: [zone(10, 1, 55.7, 49.0)], savedCityId: null, savedRestoId: null };
const INSIDE = { lat: 55.75, lng: 49.05 };
const OUTSIDE = { lat: 55.85, lng: 49.25 };

function renderPopup(overrides: Partial<MapPopupProps> = {}) {
  const props: MapPopupProps = {
    mode: 'DELIVERY',
    cityId: 1,
    ctx,
    place: null,
    restoId: null,
    onConfirmDelivery: vi.fn(),
    onConfirmPickup: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  return { props, view: renderWithApp(<MapPopup {...props} />, { cities: [city] }) };
}

const mapReady = () => waitFor(() => expect(fakeMap.options).not.toBeNull());

describe('map popup: delivery (docs/product.md §4 Map popup, §5)', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    stubApi({ '/1/p/cities/1': city });
    fakeMap.reset();
    mapLoader.fail = 0;
    fakeGeocoder.suggest.mockReset().mockResolvedValue([]);
    fakeGeocoder.resolve.mockReset().mockImplementation(async (s) => s.address);
    fakeGeocoder.reverse.mockReset().mockResolvedValue(null);
  });

  it('opens on the city at zoom 12 with its zones, and needs an address before confirming', async () => {
    renderPopup();
    await mapReady();
    expect(fakeMap.options).toMatchObject({ center: city.center, zoom: 12, bounds: city.bounds });
    expect(fakeMap.zones).toEqual([10]);
    expect(fakeMap.marker).toBeNull();
    expect(screen.getByTestId('map-problem')).toHaveTextContent('Укажите адрес доставки');
    expect(screen.getByTestId('map-confirm')).toBeDisabled();
  });

  it('reverse-geocodes a click: outside every zone the confirm stays disabled with its message', async () => {
    fakeGeocoder.reverse.mockResolvedValue(address('ул. Сахарова', '5', OUTSIDE));
    renderPopup();
    await mapReady();
    fakeMap.click(OUTSIDE);
    expect(await screen.findByText('ул. Сахарова, 5')).toBeInTheDocument();
    expect(fakeMap.marker?.point).toEqual(OUTSIDE);
    expect(fakeGeocoder.reverse).toHaveBeenCalledWith(OUTSIDE, expect.objectContaining({ locale: 'ru' }));
    expect(screen.getByTestId('map-problem')).toHaveTextContent('Адрес не входит в зону доставки');
    expect(screen.getByTestId('map-confirm')).toBeDisabled();
  });

  it('a dragged marker inside a zone names the zone and its restaurant, and confirm hands the place back', async () => {
    fakeGeocoder.reverse.mockResolvedValue(address('ул. Баумана', '19', INSIDE));
    const place: DeliveryPlace = {
      address: 'ул. Старая, 1',
      location: OUTSIDE,
      apartment: '12',
      entrance: '2',
      floor: '3',
      intercom: '12В',
      comment: null,
    };
    const { props } = renderPopup({ place });
    await mapReady();
    // The saved point is where the marker starts, at the address zoom.
    expect(fakeMap.options).toMatchObject({ center: OUTSIDE, zoom: 16 });
    expect(fakeMap.marker?.point).toEqual(OUTSIDE);
    fakeMap.drag(INSIDE);
    expect(await screen.findByText('ул. Баумана, 19')).toBeInTheDocument();
    expect(screen.getByTestId('map-zone')).toHaveTextContent('Нори на Баумана · Зона 10');
    await userEvent.click(screen.getByTestId('map-confirm'));
    expect(props.onConfirmDelivery).toHaveBeenCalledWith({
      ...place,
      address: 'ул. Баумана, 19',
      location: INSIDE,
    });
  });

  it("labels a point without a street 'Точка на карте', also when the geocoder fails", async () => {
    const { props } = renderPopup();
    await mapReady();
    fakeMap.click(INSIDE);
    expect(await screen.findByTestId('map-address')).toHaveTextContent('Точка на карте');
    await waitFor(() => expect(screen.getByTestId('map-confirm')).toBeEnabled());
    // The label is shown, never handed back: the place has a location and no address line.
    await userEvent.click(screen.getByTestId('map-confirm'));
    expect(props.onConfirmDelivery).toHaveBeenCalledWith(
      expect.objectContaining({ address: null, location: INSIDE }),
    );

    fakeGeocoder.reverse.mockRejectedValue(new Error('down'));
    fakeMap.click({ lat: 55.76, lng: 49.06 });
    expect(await screen.findByText(/Не удалось определить адрес/)).toBeInTheDocument();
    expect(screen.getByTestId('map-address')).toHaveTextContent('Точка на карте');
  });

  it('searches from the third character within the city, and a chosen suggestion moves the marker', async () => {
    const suggestion = {
      id: 'N19',
      title: 'ул. Баумана, 19',
      subtitle: 'Казань',
      address: address('ул. Баумана', '19', INSIDE),
    };
    fakeGeocoder.suggest.mockResolvedValue([suggestion]);
    renderPopup();
    await mapReady();
    const search = screen.getByRole('combobox', { name: 'Поиск адреса' });
    await userEvent.type(search, 'ба');
    expect(await screen.findByText('Введите не меньше 3 символов')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(fakeGeocoder.suggest).not.toHaveBeenCalled();

    await userEvent.type(search, 'у');
    expect(await screen.findByRole('option', { name: /ул. Баумана, 19/ })).toBeInTheDocument();
    expect(fakeGeocoder.suggest).toHaveBeenCalledWith(
      'бау',
      expect.objectContaining({ bounds: city.bounds, locale: 'ru', sessionToken: expect.any(String) }),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(fakeMap.marker?.point).toEqual(INSIDE));
    expect(fakeMap.views.at(-1)).toEqual({ center: INSIDE, zoom: 16 });
    expect(screen.getByTestId('map-address')).toHaveTextContent('ул. Баумана, 19');
    expect(screen.getByTestId('map-confirm')).toBeEnabled();
  });

  it("says 'Адрес не найден' when nothing matches, and a failed search in words", async () => {
    renderPopup();
    await mapReady();
    const search = screen.getByRole('combobox');
    await userEvent.type(search, 'нетакой');
    expect(await screen.findByText('Адрес не найден')).toBeInTheDocument();
    fakeGeocoder.suggest.mockRejectedValue(new Error('down'));
    await userEvent.type(search, 'й');
    expect(await screen.findByText('Не удалось найти адрес. Попробуйте ещё раз')).toBeInTheDocument();
  });

  it('offers a retry when the map cannot be loaded', async () => {
    mapLoader.fail = 1;
    renderPopup();
    expect(await screen.findByText('Не удалось загрузить карту')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await mapReady();
    expect(screen.queryByText('Не удалось загрузить карту')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Приблизить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отдалить' })).toBeInTheDocument();
  });
});

describe('map popup: take-away (docs/product.md §4 Map popup)', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    stubApi({ '/1/p/cities/1': city });
    fakeMap.reset();
    mapLoader.fail = 0;
  });

  it('shows the pickup points with their hours; clicking a marker selects it and opens its window', async () => {
    const { props } = renderPopup({ mode: 'TAKE_AWAY' });
    await mapReady();
    expect(screen.getByRole('heading', { name: 'Пункт самовывоза' })).toBeInTheDocument();
    expect(fakeMap.pickups.map((p) => p.id)).toEqual([2, 3]);
    const info = fakeMap.pickups[0]?.info;
    expect(info?.textContent).toContain('ул. Пушкина, 10');
    expect(info?.textContent).toMatch(/Часы работы: (\d\d:\d\d–\d\d:\d\d|Выходной|Круглосуточно)/);
    expect(screen.getByTestId('map-problem')).toHaveTextContent('Выберите точку самовывоза');
    expect(screen.getByTestId('map-confirm')).toBeDisabled();

    fakeMap.clickPickup(3);
    expect(await screen.findByTestId('map-pickup')).toHaveTextContent('пр. Победы, 46');
    expect(fakeMap.openedInfo).toBe(3);
    await userEvent.click(screen.getByTestId('map-confirm'));
    expect(props.onConfirmPickup).toHaveBeenCalledWith(3);
  });
});
