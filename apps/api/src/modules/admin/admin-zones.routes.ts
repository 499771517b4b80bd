import {
  adminZone,
  adminZoneCheck,
  adminZoneCheckQuery,
  adminZoneCreate,
  adminZoneExportQuery,
  adminZoneImport,
  adminZoneImportResult,
  adminZoneList,
  adminZoneListQuery,
  adminZoneParams,
  adminZonePatch,
  adminZoneSaved,
  adminZoneStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';
import { createZone, deleteZone, listZones, patchZone, zoneOfBrand } from './admin-zones.ts';
import { zonesGeoJson, zonesKml } from './admin-zones-files.ts';
import { checkZonePoint, cityZones, importZones } from './admin-zones-tools.ts';

const ZONE_SCOPE = `${MENU_SCOPE} Owner and manager; a manager sees and changes only their restaurants’ zones (another’s is 404, a zone given one 403 staff.forbidden-resto).`;
const ZONE_WRITE = `${ZONE_SCOPE} An operator gets 403 admin.forbidden-role. One transaction with its audit entry (kind 'zone'); the catalog revision moves, so the storefront follows at once.`;
const RULES =
  'polygon: at least three distinct points (422 admin.zone-polygon-too-few-points), no two non-adjacent edges ' +
  'crossing (422 admin.zone-polygon-self-intersecting), some area (422 admin.zone-polygon-zero-area), all on field ' +
  '`polygon`. bands: sorted by orderPriceMin, none overlapping the previous, only the last open-ended (422 ' +
  'admin.zone-bands-overlap on bands.N.field); kopecks and minutes ≥ 0. A polygon partly outside its restaurant’s ' +
  'cities’ bounds is saved, with a `warnings` entry admin.zone-outside-city. Where zones overlap the highest priority ' +
  'serves the point.';

/** Delivery zones in the back office (decision 52): list, read, create, change, delete, check, import, export. */
export const adminZonesRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/zones',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The delivery zones of the person’s restaurants, of a city or one restaurant',
        description: ZONE_SCOPE,
        querystring: adminZoneListQuery,
        response: { 200: adminZoneList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      return { zones: await listZones(db, me, request.query) };
    },
  );

  app.get(
    '/api/v1/admin/zones/check',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Which zone, restaurant and band serve a point for an order sum, as the storefront would',
        description:
          `${MENU_SCOPE} Owner and manager. The storefront’s own rule (GET /1/p/location/delivery-point) over the ` +
          'published catalog, every restaurant of the city; `others` lists the other zones holding the point and why ' +
          'they do not serve it (lower priority, inactive, restaurant hidden or not delivering).',
        querystring: adminZoneCheckQuery,
        response: { 200: adminZoneCheck, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      await catalog.refresh();
      return checkZonePoint(db, me, catalog.snapshot, request.query);
    },
  );

  app.get(
    '/api/v1/admin/zones/export',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The city’s zones as GeoJSON (default) or KML, for Yandex Maps, Google My Maps or an import back',
        description: `${ZONE_SCOPE} GeoJSON features carry name, description, fill and stroke, and the zone’s bands, priority and restaurant under properties.zone.`,
        querystring: adminZoneExportQuery,
        response: { 200: z.unknown(), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const { city, zones } = await cityZones(db, me, request.query.cityId);
      const file = `zones-${city.id}`;
      if (request.query.format === 'kml') {
        reply
          .header('content-type', 'application/vnd.google-earth.kml+xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}.kml"`);
        return zonesKml(zones, city.name.ru);
      }
      reply
        .header('content-type', 'application/geo+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}.geojson"`);
      return JSON.stringify(zonesGeoJson(zones));
    },
  );

  app.post(
    '/api/v1/admin/zones/import',
    {
      config: staffOnly,
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary:
          'Creates zones of a restaurant from a GeoJSON FeatureCollection (dryRun: lists them, saves nothing)',
        description:
          `${ZONE_WRITE} Each Polygon, and each part of a MultiPolygon, becomes a zone with the given bands, named by ` +
          'properties name or description, coloured by fill or stroke; holes are dropped. Features that are no ' +
          'polygon, or a polygon no zone can have, are listed in `skipped`. KML: convert it to GeoJSON first (the ' +
          'back office does, with @tmcw/togeojson). No polygon at all: 422 admin.zone-import-empty.',
        body: adminZoneImport,
        response: { 200: adminZoneImportResult, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const locale = requestLocale(request);
      const result = await db.transaction((tx) => importZones(tx, me, request.body, new Date(now()), locale));
      if (!result.dryRun) await catalog.refresh();
      return result;
    },
  );

  app.get(
    '/api/v1/admin/zones/:zoneId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One delivery zone with its bands, its version as the ETag',
        description: ZONE_SCOPE,
        params: adminZoneParams,
        response: { 200: adminZone, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const zone = await zoneOfBrand(db, me, request.params.zoneId);
      reply.header('etag', etagOfVersion(zone.version));
      return zone;
    },
  );

  app.post(
    '/api/v1/admin/zones',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a delivery zone with its polygon and bands',
        description: `${ZONE_WRITE} ${RULES} Its creation is not revertible: delete the zone instead.`,
        body: adminZoneCreate,
        response: { 201: adminZoneSaved, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const locale = requestLocale(request);
      const zone = await db.transaction((tx) => createZone(tx, me, request.body, new Date(now()), locale));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(zone.version));
      return reply.code(201).send(zone);
    },
  );

  app.patch(
    '/api/v1/admin/zones/:zoneId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a delivery zone under If-Match',
        description: `${ZONE_WRITE} ${IF_MATCH} ${RULES} bands is a whole new list.`,
        headers: ifMatchHeaders,
        params: adminZoneParams,
        body: adminZonePatch,
        response: {
          200: adminZoneSaved,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminZoneStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const locale = requestLocale(request);
      return answerVersioned(request, reply, async () => {
        const zone = await db.transaction((tx) =>
          patchZone(
            tx,
            me,
            request.params.zoneId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
            locale,
          ),
        );
        await catalog.refresh();
        return zone;
      });
    },
  );

  app.delete(
    '/api/v1/admin/zones/:zoneId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a delivery zone and its bands under If-Match',
        description: `${ZONE_WRITE} ${IF_MATCH} The deletion is revertible: the zone comes back with its id and bands.`,
        headers: ifMatchHeaders,
        params: adminZoneParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminZoneStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      try {
        await db.transaction((tx) =>
          deleteZone(tx, me, request.params.zoneId, request.headers['if-match'], new Date(now())),
        );
      } catch (error) {
        if (!(error instanceof StaleVersion)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
      await catalog.refresh();
      return reply.code(204).send(null);
    },
  );
};
