import type { LatLng } from '@storefront/domain';
import { closePolygon } from '@storefront/domain';
import {
  type CreateMap,
  MARKER_SIZE,
  type MapView,
  ZONE_FILL_OPACITY,
  ZONE_STROKE_OPACITY,
} from './map-view.ts';
import { deliveryPinSvg, PICKUP_PIN_SIZE, pickupPinSvg } from './marker-icons.ts';

function pinElement(svg: string, size: number, title: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = svg;
  element.style.width = `${size}px`;
  element.style.height = `${size}px`;
  element.title = title;
  return element;
}

function positionOf(
  maps: typeof google.maps,
  marker: google.maps.marker.AdvancedMarkerElement,
): LatLng | null {
  const position = marker.position;
  if (!position) return null;
  if (position instanceof maps.LatLng) return { lat: position.lat(), lng: position.lng() };
  return { lat: position.lat, lng: position.lng };
}

/**
 * Google Maps when the brand has a key. Advanced markers need a map id; Google's documented
 * 'DEMO_MAP_ID' works until a chain configures its own styled map.
 */
export function createGoogleMapFactory(maps: typeof google.maps, mapId: string): CreateMap {
  return (container, options) => {
    const map = new maps.Map(container, {
      center: options.center,
      zoom: options.zoom,
      mapId,
      disableDefaultUI: true,
      clickableIcons: false,
      keyboardShortcuts: options.interactive,
      gestureHandling: options.interactive ? 'greedy' : 'none',
      ...(options.bounds
        ? {
            restriction: {
              latLngBounds: {
                south: options.bounds.southWest.lat,
                west: options.bounds.southWest.lng,
                north: options.bounds.northEast.lat,
                east: options.bounds.northEast.lng,
              },
              strictBounds: false,
            },
          }
        : {}),
    });
    container.setAttribute('aria-label', options.label);
    if (options.onClick) {
      const onClick = options.onClick;
      map.addListener('click', (event: google.maps.MapMouseEvent) => {
        if (event.latLng) onClick({ lat: event.latLng.lat(), lng: event.latLng.lng() });
      });
    }

    let zones: google.maps.Polygon[] = [];
    let marker: google.maps.marker.AdvancedMarkerElement | null = null;
    const pickups = new Map<number, google.maps.marker.AdvancedMarkerElement>();
    const pickupTitles = new Map<number, string>();
    const infoWindow = new maps.InfoWindow();
    const infos = new Map<number, HTMLElement>();

    const view: MapView = {
      setView(center, zoom) {
        map.setCenter(center);
        if (zoom !== undefined) map.setZoom(zoom);
      },
      zoomIn: () => map.setZoom((map.getZoom() ?? 12) + 1),
      zoomOut: () => map.setZoom((map.getZoom() ?? 12) - 1),
      setZones(list) {
        for (const polygon of zones) polygon.setMap(null);
        zones = list.map(
          (zone) =>
            new maps.Polygon({
              map,
              paths: closePolygon(zone.polygon),
              strokeColor: options.colour,
              strokeOpacity: ZONE_STROKE_OPACITY,
              strokeWeight: 2,
              fillColor: options.colour,
              fillOpacity: ZONE_FILL_OPACITY,
              clickable: false,
            }),
        );
      },
      setMarker(point, markerOptions) {
        if (!point) {
          if (marker) marker.map = null;
          marker = null;
          return;
        }
        if (marker) {
          marker.position = point;
          return;
        }
        const created = new maps.marker.AdvancedMarkerElement({
          map,
          position: point,
          title: markerOptions.title,
          gmpDraggable: markerOptions.draggable,
          content: pinElement(deliveryPinSvg(options.colour), MARKER_SIZE, markerOptions.title),
        });
        created.addListener('dragend', () => {
          const position = positionOf(maps, created);
          if (position) markerOptions.onDragEnd?.(position);
        });
        marker = created;
      },
      setPickupPoints(points, onSelect) {
        for (const pin of pickups.values()) pin.map = null;
        pickups.clear();
        infos.clear();
        for (const point of points) {
          const pin = new maps.marker.AdvancedMarkerElement({
            map,
            position: point.location,
            title: point.title,
            content: pinElement(pickupPinSvg(options.colour, false), PICKUP_PIN_SIZE, point.title),
          });
          pin.addListener('click', () => onSelect(point.id));
          pickups.set(point.id, pin);
          pickupTitles.set(point.id, point.title);
          infos.set(point.id, point.info);
        }
      },
      openPickupInfo(id) {
        for (const [pinId, pin] of pickups) {
          pin.content = pinElement(
            pickupPinSvg(options.colour, pinId === id),
            PICKUP_PIN_SIZE,
            pickupTitles.get(pinId) ?? '',
          );
        }
        const pin = pickups.get(id);
        if (!pin) return;
        infoWindow.setContent(infos.get(id) ?? null);
        infoWindow.open({ map, anchor: pin });
      },
      destroy() {
        infoWindow.close();
        for (const polygon of zones) polygon.setMap(null);
        if (marker) marker.map = null;
        for (const pin of pickups.values()) pin.map = null;
        container.replaceChildren();
      },
    };
    return view;
  };
}
