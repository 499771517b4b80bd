import type { BrandConfig } from '@storefront/domain/contracts';
import type { CreateMap } from './map-view.ts';

/**
 * Picks and loads the map provider: Google Maps when the brand has a key, Leaflet otherwise. Each
 * provider is its own chunk, loaded only here, so the first visit's JavaScript never includes a map.
 */
export async function loadMapFactory(maps: BrandConfig['maps'], language: string): Promise<CreateMap> {
  if (maps.googleMapsKey) {
    const [{ loadGoogleMaps }, { createGoogleMapFactory }] = await Promise.all([
      import('./google-maps-loader.ts'),
      import('./google-map.ts'),
    ]);
    const googleMaps = await loadGoogleMaps({
      apiKey: maps.googleMapsKey,
      language,
      baseUrl: maps.googleGeocodingUrl,
    });
    return createGoogleMapFactory(googleMaps, maps.googleMapId ?? 'DEMO_MAP_ID');
  }
  const { createLeafletMapFactory } = await import('./leaflet-map.ts');
  return createLeafletMapFactory(maps.tileUrl, maps.attribution);
}
