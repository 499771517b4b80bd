import 'leaflet/dist/leaflet.css';
import type { LatLng } from '@storefront/domain';
import { closePolygon } from '@storefront/domain';
import L from 'leaflet';
import {
  type CreateMap,
  MARKER_SIZE,
  type MapView,
  type MarkerOptions,
  ZONE_FILL_OPACITY,
  ZONE_STROKE_OPACITY,
} from './map-view.ts';
import { deliveryPinSvg, PICKUP_PIN_SIZE, pickupPinSvg } from './marker-icons.ts';

const toLeaflet = (p: LatLng): L.LatLngTuple => [p.lat, p.lng];
const fromLeaflet = (p: L.LatLng): LatLng => ({ lat: p.lat, lng: p.lng });

/**
 * The embedded default map: Leaflet over the brand's tile URL. This module (and Leaflet with it) is
 * loaded only when a map is shown, so the first visit never pays for it.
 */
export function createLeafletMapFactory(tileUrl: string, attribution: string): CreateMap {
  return (container, options) => {
    const map = L.map(container, {
      center: toLeaflet(options.center),
      zoom: options.zoom,
      // Our own labelled +/− buttons replace Leaflet's, in the same place on both providers.
      zoomControl: false,
      attributionControl: true,
      dragging: options.interactive,
      touchZoom: options.interactive,
      scrollWheelZoom: options.interactive,
      doubleClickZoom: options.interactive,
      boxZoom: options.interactive,
      keyboard: options.interactive,
      ...(options.bounds
        ? {
            maxBounds: L.latLngBounds(
              toLeaflet(options.bounds.southWest),
              toLeaflet(options.bounds.northEast),
            ).pad(0.5),
          }
        : {}),
    });
    map.attributionControl.setPrefix(false);
    container.setAttribute('aria-label', options.label);
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    if (options.onClick) {
      const onClick = options.onClick;
      map.on('click', (event: L.LeafletMouseEvent) => onClick(fromLeaflet(event.latlng)));
    }

    const zones = L.layerGroup().addTo(map);
    const pickups = L.layerGroup().addTo(map);
    const pickupMarkers = new Map<number, L.Marker>();
    const pickupInfos = new Map<number, HTMLElement>();
    // One info window, moved between the pins: never two open at once.
    const infoWindow = L.popup({ autoPan: true, offset: [0, -PICKUP_PIN_SIZE] });
    let marker: L.Marker | null = null;

    const deliveryIcon = L.divIcon({
      html: deliveryPinSvg(options.colour),
      className: 'map-pin',
      iconSize: [MARKER_SIZE, MARKER_SIZE],
      iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE],
    });
    const pickupIcon = (selected: boolean) =>
      L.divIcon({
        html: pickupPinSvg(options.colour, selected),
        className: 'map-pin',
        iconSize: [PICKUP_PIN_SIZE, PICKUP_PIN_SIZE],
        iconAnchor: [PICKUP_PIN_SIZE / 2, PICKUP_PIN_SIZE],
      });

    const view: MapView = {
      setView: (center, zoom) => map.setView(toLeaflet(center), zoom ?? map.getZoom()),
      zoomIn: () => map.zoomIn(),
      zoomOut: () => map.zoomOut(),
      setZones(list) {
        zones.clearLayers();
        for (const zone of list) {
          L.polygon(closePolygon(zone.polygon).map(toLeaflet), {
            color: options.colour,
            weight: 2,
            opacity: ZONE_STROKE_OPACITY,
            fillColor: options.colour,
            fillOpacity: ZONE_FILL_OPACITY,
            // Clicks go through to the map: a click inside a zone moves the marker there.
            interactive: false,
          }).addTo(zones);
        }
      },
      setMarker(point, markerOptions: MarkerOptions) {
        if (!point) {
          marker?.remove();
          marker = null;
          return;
        }
        if (!marker) {
          marker = L.marker(toLeaflet(point), {
            icon: deliveryIcon,
            draggable: markerOptions.draggable,
            title: markerOptions.title,
            alt: markerOptions.title,
            keyboard: false,
          }).addTo(map);
          const current = marker;
          current.on('dragend', () => markerOptions.onDragEnd?.(fromLeaflet(current.getLatLng())));
        } else {
          marker.setLatLng(toLeaflet(point));
        }
      },
      setPickupPoints(points, onSelect) {
        pickups.clearLayers();
        pickupMarkers.clear();
        pickupInfos.clear();
        for (const point of points) {
          const pin = L.marker(toLeaflet(point.location), {
            icon: pickupIcon(false),
            title: point.title,
            alt: point.title,
            keyboard: true,
          })
            .on('click', () => onSelect(point.id))
            .addTo(pickups);
          pickupMarkers.set(point.id, pin);
          pickupInfos.set(point.id, point.info);
        }
      },
      openPickupInfo(id) {
        for (const [pinId, pin] of pickupMarkers) pin.setIcon(pickupIcon(pinId === id));
        const pin = pickupMarkers.get(id);
        const info = pickupInfos.get(id);
        if (pin && info) infoWindow.setLatLng(pin.getLatLng()).setContent(info).openOn(map);
      },
      destroy: () => map.remove(),
    };
    return view;
  };
}
