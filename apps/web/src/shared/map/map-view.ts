import type { Bounds, LatLng } from '@storefront/domain';

/** A delivery zone as the map draws it (docs/product.md §9: fill opacity .12, stroke .38). */
export interface MapZone {
  id: number;
  polygon: readonly LatLng[];
}

/** A pickup point: a marker whose info window shows `info` (name, street, hours). */
export interface MapPickupPoint {
  id: number;
  location: LatLng;
  title: string;
  info: HTMLElement;
}

export interface MapOptions {
  center: LatLng;
  zoom: number;
  /** The city's bounds: the view may not wander far from them. */
  bounds?: Bounds;
  /** false: a still picture (the restaurant page's small map) that ignores drags and wheel. */
  interactive: boolean;
  /** Accent colour of zones and markers, from the brand. */
  colour: string;
  /** Accessible name of the map region. */
  label: string;
  onClick?: (point: LatLng) => void;
}

export interface MarkerOptions {
  draggable: boolean;
  title: string;
  onDragEnd?: (point: LatLng) => void;
}

/**
 * What the storefront needs from a map, whoever draws it (Leaflet or Google). Keeping the surface this
 * small is what lets both providers behave the same and lets the popup be tested without either.
 */
export interface MapView {
  setView(center: LatLng, zoom?: number): void;
  zoomIn(): void;
  zoomOut(): void;
  setZones(zones: readonly MapZone[]): void;
  /** The one 64×64 marker of the delivery point; null removes it. */
  setMarker(point: LatLng | null, options: MarkerOptions): void;
  setPickupPoints(points: readonly MapPickupPoint[], onSelect: (id: number) => void): void;
  openPickupInfo(id: number): void;
  destroy(): void;
}

export type CreateMap = (container: HTMLElement, options: MapOptions) => MapView;

/** docs/product.md §9 constants of the map. */
export const MAP_DEFAULT_ZOOM = 12;
export const ZONE_FILL_OPACITY = 0.12;
export const ZONE_STROKE_OPACITY = 0.38;
export const MARKER_SIZE = 64;
/** Zoom used when the map opens on an address the customer already chose. */
export const ADDRESS_ZOOM = 16;

export class MapLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapLoadError';
  }
}
