import type { LatLng } from '@storefront/domain';
import { vi } from 'vitest';
import type { Geocoder } from '../../features/location/geocoding/geocoder.ts';
import type { MapOptions, MapPickupPoint, MapView, MarkerOptions } from '../../shared/map/map-view.ts';

/**
 * A map that draws nothing but records what the popup asked of it, and lets a test click it, drag the
 * marker or click a pickup pin. jsdom has no layout, so a real Leaflet map could not be driven here;
 * the journeys in e2e/ drive the real one.
 */
export const fakeMap = {
  options: null as MapOptions | null,
  zones: [] as number[],
  marker: null as { point: LatLng; options: MarkerOptions } | null,
  pickups: [] as MapPickupPoint[],
  onPickup: null as ((id: number) => void) | null,
  openedInfo: null as number | null,
  views: [] as { center: LatLng; zoom?: number }[],
  reset() {
    this.options = null;
    this.zones = [];
    this.marker = null;
    this.pickups = [];
    this.onPickup = null;
    this.openedInfo = null;
    this.views = [];
  },
  click(point: LatLng) {
    this.options?.onClick?.(point);
  },
  drag(point: LatLng) {
    this.marker?.options.onDragEnd?.(point);
  },
  clickPickup(id: number) {
    this.onPickup?.(id);
  },
};

export function createFakeMap(_container: HTMLElement, options: MapOptions): MapView {
  fakeMap.options = options;
  return {
    setView: (center, zoom) => {
      fakeMap.views.push({ center, ...(zoom === undefined ? {} : { zoom }) });
    },
    zoomIn: () => {},
    zoomOut: () => {},
    setZones: (zones) => {
      fakeMap.zones = zones.map((zone) => zone.id);
    },
    setMarker: (point, markerOptions) => {
      fakeMap.marker = point ? { point, options: markerOptions } : null;
    },
    setPickupPoints: (points, onSelect) => {
      fakeMap.pickups = [...points];
      fakeMap.onPickup = onSelect;
    },
    openPickupInfo: (id) => {
      fakeMap.openedInfo = id;
    },
    destroy: () => {},
  };
}

export const fakeGeocoder = {
  suggest: vi.fn<Geocoder['suggest']>(async () => []),
  resolve: vi.fn<Geocoder['resolve']>(async (suggestion) => suggestion.address),
  reverse: vi.fn<Geocoder['reverse']>(async () => null),
};

export function address(street: string | null, houseNumber: string | null, coordinates: LatLng) {
  return {
    country: 'Россия',
    region: 'Татарстан',
    city: 'Казань',
    street,
    houseNumber,
    coordinates,
    placeId: null,
  };
}
