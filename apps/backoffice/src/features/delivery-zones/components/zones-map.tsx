import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { LatLng } from '@storefront/domain';
import type { AdminZone } from '@storefront/domain/contracts';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { DEFAULT_ZONE_COLOR } from '../model/zone-form.ts';
import styles from './delivery-zones.module.css';

const toLeaflet = (p: LatLng): L.LatLngTuple => [p.lat, p.lng];

/** The outer ring of a Leaflet polygon as the API's points. */
function ringOf(layer: L.Polygon): LatLng[] {
  const rings = layer.getLatLngs() as L.LatLng[][];
  return (rings[0] ?? []).map((p) => ({ lat: p.lat, lng: p.lng }));
}

export interface ZonesMapProps {
  city: { center: LatLng; zoom: number; bounds: { southWest: LatLng; northEast: LatLng } };
  label: string;
  /** Geoman's own hints ('Click to place first vertex') in the person's language. */
  locale: 'ru' | 'en';
  tileUrl: string;
  attribution: string;
  zones: readonly AdminZone[];
  /** The zone open in the form (its border drawn from `editPolygon` with draggable points), or null. */
  selectedId: number | null;
  /** The border being edited: the open zone's, or the new zone's once drawn; [] while none. */
  editPolygon: LatLng[];
  editColor: string;
  onPolygonChange: (polygon: LatLng[]) => void;
  /** Geoman's polygon drawing is on: clicks place points, a click on the first one closes the ring. */
  drawing: boolean;
  onSelect: (zoneId: number) => void;
  /** A map click outside drawing (the "which zone serves" pin), and the pin shown. */
  onMapClick?: (point: LatLng) => void;
  pin: LatLng | null;
}

/**
 * The city's delivery zones on a Leaflet map (decision 52), each in its colour; Geoman draws a new border and moves
 * the open zone's points. Leaflet keeps its own DOM: the layers are redrawn from the props, the map made once per city.
 */
export function ZonesMap(props: ZonesMapProps) {
  const container = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const zonesLayer = useRef<L.LayerGroup | null>(null);
  const latest = useRef(props);
  latest.current = props;
  /** The ring the edit layer last reported: drawn back unchanged, it keeps its layer (and Geoman's handles). */
  const reported = useRef<LatLng[] | null>(null);

  const { city, tileUrl, attribution } = props;
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      center: toLeaflet(city.center),
      zoom: city.zoom,
      maxBounds: L.latLngBounds(toLeaflet(city.bounds.southWest), toLeaflet(city.bounds.northEast)).pad(0.5),
    });
    map.attributionControl.setPrefix(false);
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    zonesLayer.current = L.layerGroup().addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => {
      if (!latest.current.drawing)
        latest.current.onMapClick?.({ lat: event.latlng.lat, lng: event.latlng.lng });
    });
    map.on('pm:create', (event) => {
      const layer = event.layer as L.Polygon;
      const ring = ringOf(layer);
      map.removeLayer(layer);
      latest.current.onPolygonChange(ring);
    });
    mapRef.current = map;
    // Leaflet measures its box once: a panel opening beside it changes the size.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, [city, tileUrl, attribution]);

  const { drawing, editColor, locale } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    map.pm.setLang(locale);
    if (drawing) {
      map.pm.enableDraw('Polygon', {
        allowSelfIntersection: false,
        templineStyle: { color: editColor },
        pathOptions: { color: editColor },
      });
    } else map.pm.disableDraw();
  }, [drawing, editColor, locale]);

  const { zones, selectedId, editPolygon, pin } = props;
  useEffect(() => {
    const group = zonesLayer.current;
    if (!group) return;
    if (reported.current !== null && reported.current === editPolygon) {
      reported.current = null;
      return;
    }
    group.clearLayers();
    for (const zone of zones) {
      if (zone.id === selectedId) continue;
      const color = zone.color ?? DEFAULT_ZONE_COLOR;
      const layer = L.polygon(zone.polygon.map(toLeaflet), {
        color,
        weight: 2,
        fillOpacity: zone.isActive ? 0.25 : 0.05,
        dashArray: zone.isActive ? undefined : '6 6',
        pmIgnore: true,
      });
      layer.bindTooltip(zone.name.ru, { sticky: true });
      layer.on('click', (event) => {
        if (latest.current.drawing || latest.current.onMapClick) return;
        L.DomEvent.stopPropagation(event);
        latest.current.onSelect(zone.id);
      });
      layer.addTo(group);
    }
    if (editPolygon.length >= 3) {
      const edited = L.polygon(editPolygon.map(toLeaflet), {
        color: editColor,
        weight: 3,
        fillOpacity: 0.35,
      });
      edited.addTo(group);
      edited.pm.enable({ allowSelfIntersection: false, snappable: false });
      edited.on('pm:edit', () => {
        const ring = ringOf(edited);
        reported.current = ring;
        latest.current.onPolygonChange(ring);
      });
    }
    if (pin) L.circleMarker(toLeaflet(pin), { radius: 8, color: '#D62828', fillOpacity: 0.9 }).addTo(group);
    reported.current = null;
  }, [zones, selectedId, editPolygon, editColor, pin]);

  return <section ref={container} className={styles.map} aria-label={props.label} />;
}
