import { type LocalizedText, localeFromAcceptLanguage, pickText } from '@storefront/domain';
import {
  errorBody,
  GEOCODER_DEFAULT_LIMIT,
  geocoderLookupQuery,
  geocoderLookupResponse,
  geocoderReverseQuery,
  geocoderReverseResponse,
  geocoderSearchQuery,
  geocoderSearchResponse,
} from '@storefront/domain/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogSnapshot, CatalogStore } from '../catalog/index.ts';
import {
  type GazetteerFile,
  type GazetteerIndex,
  gazetteerCities,
  indexGazetteer,
  loadGazetteer,
  lookupGazetteer,
  reverseGazetteer,
  searchGazetteer,
} from './gazetteer.ts';
import { type PlaceOptions, toPlace } from './nominatim-place.ts';

export interface GeocoderRoutesOptions {
  catalog: CatalogStore;
  /** The brand this deployment serves: its cities bound the answers, its name signs them. */
  brand: { whiteLabel: string; name: LocalizedText };
  /** Where brands/<id>/geocoder/addresses.json is looked for. */
  brandDir: string;
}

/** The gazetteer changes only with a deployment: browsers and proxies may keep answers five minutes. */
const GEOCODER_CACHE_CONTROL = 'public, max-age=300';

/** Nominatim's answer, with HTTP 200, when nothing is known at a point. */
const UNABLE_TO_GEOCODE = { error: 'Unable to geocode' };

/**
 * The storefront's local-default geocoder: Nominatim's /search, /reverse and /lookup answered from the
 * brand's gazetteer and its catalog cities, so nothing leaves the machine by default. A chain with its own
 * Nominatim (or Google) points `maps.geocoderUrl` there instead.
 */
export const geocoderRoutes: FastifyPluginAsyncZod<GeocoderRoutesOptions> = async (
  app,
  { catalog, brand, brandDir },
) => {
  const file: GazetteerFile | null = loadGazetteer(brandDir);
  // Rebuilt when the catalog snapshot (and so the brand's cities) changes.
  const indexes = new WeakMap<CatalogSnapshot, GazetteerIndex>();
  const currentIndex = (): GazetteerIndex => {
    const snapshot = catalog.snapshot;
    let index = indexes.get(snapshot);
    if (!index) {
      const cities = [...snapshot.cities.values()].filter((city) => city.whiteLabelId === brand.whiteLabel);
      index = indexGazetteer(file, gazetteerCities(file, cities));
      indexes.set(snapshot, index);
    }
    return index;
  };

  // Called straight from the browser at any origin, errors included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });

  const placeOptions = (
    request: FastifyRequest,
    query: { format?: 'jsonv2' | 'json'; addressdetails?: '0' | '1'; 'accept-language'?: string },
    addressDetailsByDefault: boolean,
  ): PlaceOptions => {
    const locale = localeFromAcceptLanguage(query['accept-language'] ?? request.headers['accept-language']);
    return {
      locale,
      format: query.format ?? 'jsonv2',
      addressDetails: query.addressdetails ? query.addressdetails === '1' : addressDetailsByDefault,
      licence: `Demo gazetteer of ${pickText(brand.name, locale)}`,
    };
  };
  const cacheable = (reply: FastifyReply) =>
    reply.header('cache-control', GEOCODER_CACHE_CONTROL).header('vary', 'Accept-Language');

  app.get(
    '/geocoder/search',
    {
      schema: {
        tags: ['geocoder'],
        summary: 'Nominatim-compatible address search over the brand gazetteer (address autocomplete)',
        querystring: geocoderSearchQuery,
        response: { 200: geocoderSearchResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const options = placeOptions(request, query, false);
      const index = currentIndex();
      const layers = query.layer?.split(',');
      const items =
        layers && !layers.includes('address')
          ? []
          : searchGazetteer(index, query.q ?? '', {
              limit: query.limit ?? GEOCODER_DEFAULT_LIMIT,
              ...(query.viewbox ? { viewbox: query.viewbox } : {}),
              bounded: query.bounded === '1',
            });
      cacheable(reply);
      return items.map((item) => toPlace({ kind: 'address', item }, index, options));
    },
  );

  app.get(
    '/geocoder/reverse',
    {
      schema: {
        tags: ['geocoder'],
        summary:
          'Nominatim-compatible reverse geocoding: the nearest gazetteer address within 120 m, else the city',
        querystring: geocoderReverseQuery,
        response: { 200: geocoderReverseResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const index = currentIndex();
      const hit = reverseGazetteer(index, { lat: query.lat, lng: query.lon }, query.zoom);
      cacheable(reply);
      return hit ? toPlace(hit, index, placeOptions(request, query, true)) : UNABLE_TO_GEOCODE;
    },
  );

  app.get(
    '/geocoder/lookup',
    {
      schema: {
        tags: ['geocoder'],
        summary: 'Nominatim-compatible lookup of places by id (N<address id>, R<city id>)',
        querystring: geocoderLookupQuery,
        response: { 200: geocoderLookupResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const index = currentIndex();
      const options = placeOptions(request, query, false);
      cacheable(reply);
      return lookupGazetteer(index, query.osm_ids.split(',')).map((hit) => toPlace(hit, index, options));
    },
  );
};
