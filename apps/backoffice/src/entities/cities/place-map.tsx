import 'leaflet/dist/leaflet.css';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { pickupPinSvg } from '@storefront/web/src/shared/map/marker-icons.ts';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import styles from './place-map.module.css';

type Point = { lat: number; lng: number };
export type MapBounds = { southWest: Point; northEast: Point };

const PIN = 36;
const CORNER = 18;
const toLeaflet = (p: Point): L.LatLngTuple => [p.lat, p.lng];
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const fromLeaflet = (p: L.LatLng): Point => ({ lat: round(p.lat), lng: round(p.lng) });

/**
 * A small Leaflet map over the brand's tiles (brand config maps.tileUrl) for placing things: a pin dropped by a click
 * and dragged (a restaurant, a city's centre), and a city's bounds drawn as a rectangle, its two corners dragged when
 * `onBounds` is given. The map follows its props; what the person does comes back through the callbacks, so a form
 * stays the one source of truth. Shared by the restaurants' and the cities' screens.
 */
export function PlaceMap({
  center,
  zoom,
  pin,
  onPin,
  bounds,
  onBounds,
  onView,
  fit = false,
  label,
}: {
  center: Point;
  zoom: number;
  pin: Point | null;
  onPin?: (point: Point) => void;
  bounds: MapBounds | null;
  onBounds?: (bounds: MapBounds) => void;
  /** The map's centre, zoom and visible bounds after it moved (a city may take them as its own). */
  onView?: (view: { center: Point; zoom: number; bounds: MapBounds }) => void;
  /** Opens showing the whole of `bounds` (a city's editor) rather than at `center` and `zoom`. */
  fit?: boolean;
  label: string;
}) {
  const brand = useBrand();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  const callbacks = useRef({ onPin, onBounds, onView });
  callbacks.current = { onPin, onBounds, onView };

  // The map itself, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first centre only; later ones move the view below
  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { center: toLeaflet(center), zoom, zoomControl: true });
    created.attributionControl.setPrefix(false);
    if (brand.maps.tileUrl)
      L.tileLayer(brand.maps.tileUrl, { attribution: brand.maps.attribution, maxZoom: 19 }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => callbacks.current.onPin?.(fromLeaflet(event.latlng)));
    const reportView = () => {
      const visible = created.getBounds();
      callbacks.current.onView?.({
        center: fromLeaflet(created.getCenter()),
        zoom: created.getZoom(),
        bounds: {
          southWest: fromLeaflet(visible.getSouthWest()),
          northEast: fromLeaflet(visible.getNorthEast()),
        },
      });
    };
    created.on('moveend', reportView);
    if (fit && bounds)
      created.fitBounds([toLeaflet(bounds.southWest), toLeaflet(bounds.northEast)], { padding: [24, 24] });
    layers.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, [brand.maps.tileUrl, brand.maps.attribution]);

  // A new place to look at (another city picked): the view moves there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the centre's value, not the object
  useEffect(() => {
    map.current?.setView(toLeaflet(center), zoom);
  }, [center.lat, center.lng, zoom]);

  const pinKey = pin ? `${pin.lat},${pin.lng}` : '';
  const boundsKey = bounds ? JSON.stringify(bounds) : '';
  const editsPin = !!onPin;
  const editsBounds = !!onBounds;
  // The pin and the rectangle, redrawn when they (not their callbacks) change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by value, the callbacks read through a ref
  useEffect(() => {
    const group = layers.current;
    if (!group) return;
    group.clearLayers();
    if (bounds) {
      L.rectangle([toLeaflet(bounds.southWest), toLeaflet(bounds.northEast)], {
        color: brand.theme.primary,
        weight: 2,
        dashArray: editsBounds ? undefined : '6 6',
        fillOpacity: 0.05,
        interactive: false,
      }).addTo(group);
      if (editsBounds) {
        const corner = (which: 'southWest' | 'northEast') => {
          const marker = L.marker(toLeaflet(bounds[which]), {
            draggable: true,
            keyboard: true,
            title: which,
            icon: L.divIcon({ className: styles.corner, iconSize: [CORNER, CORNER] }),
          }).addTo(group);
          marker.on('dragend', () =>
            callbacks.current.onBounds?.({ ...bounds, [which]: fromLeaflet(marker.getLatLng()) }),
          );
        };
        corner('southWest');
        corner('northEast');
      }
    }
    if (pin) {
      const marker = L.marker(toLeaflet(pin), {
        draggable: editsPin,
        keyboard: true,
        icon: L.divIcon({
          html: pickupPinSvg(brand.theme.primary, true),
          className: styles.pin,
          iconSize: [PIN, PIN],
          iconAnchor: [PIN / 2, PIN],
        }),
      }).addTo(group);
      marker.on('dragend', () => callbacks.current.onPin?.(fromLeaflet(marker.getLatLng())));
    }
  }, [pinKey, boundsKey, brand.theme.primary, editsPin, editsBounds]);

  return <div ref={container} className={styles.map} role="application" aria-label={label} />;
}
