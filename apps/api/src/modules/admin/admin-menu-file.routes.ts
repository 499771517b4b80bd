import {
  dishesToCsv,
  MENU_ARCHIVE_MAX_BYTES,
  MENU_FILE_MAX_BYTES,
  menuFile,
  menuFileJsonSchema,
} from '@storefront/domain';
import { adminImportQuery, adminMenuFileImportResult, errorBody } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { importMenuArchive } from './admin-menu-archive.ts';
import {
  exportMenuFile,
  importDishesCsv,
  importMenuFile,
  type MenuFileError,
  MenuFileInvalid,
} from './admin-menu-file.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  'Staff token only (401 without one). The brand is the token’s: the file holds its menus only, and names its ' +
  'restaurants and tags only.';
const IMPORT =
  'Every problem is checked first and answered together: 422 admin.menu-file-invalid with one error per problem, ' +
  'its `field` the JSON path (menus.0.dishes.3.price) or the CSV row and column (row 4.price); nothing changes. ' +
  '?dryRun=true (the default) answers what would change; dryRun=false applies it in one transaction with one audit ' +
  'entry (menu-import, not revertible: import the previous file instead) and moves the catalog revision. ' +
  'Owner and manager only: an operator gets 403 admin.forbidden-role.';

/** The answer of a refused file: the general message first in each error's place, the field naming the path. */
export function invalidFileBody(locale: 'ru' | 'en', errors: MenuFileError[]) {
  const code = 'admin.menu-file-invalid' as const;
  const general = errorBodyOf(locale, code).errors[0]?.message ?? '';
  return {
    errors: errors.map((error) => ({ code, message: `${general} — ${error.message}`, field: error.field })),
  };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const WINDOWS_1251 = new TextDecoder('windows-1251');

/** A sheet's text: UTF-8 (with or without a byte order mark) when its bytes are, else Windows-1251. */
export function decodeSheet(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return WINDOWS_1251.decode(bytes);
  }
}

/** A brand's menu as one file (decision 47): export, JSON Schema, import with dry run. */
export const adminMenuFileRoutes: FastifyPluginAsyncZod<
  AdminRoutesOptions & { mediaStore: MediaStore }
> = async (app, { db, now, catalog, mediaStore }) => {
  const staffOnly = { auth: 'staff' as const };

  // The import takes a menu file as JSON (5 MB) or as a .zip with its photos (100 MB): each parser has its own
  // limit, so the route sets none. This plugin's JSON parser is the default one with the smaller limit.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MENU_FILE_MAX_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed'],
    { parseAs: 'buffer', bodyLimit: MENU_ARCHIVE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/v1/admin/menu-file.schema.json',
    {
      schema: {
        tags: ['admin'],
        summary: 'The JSON Schema of a menu file (docs/menu-file.schema.json), for editors and tools',
        description: 'Public: it describes the format only.',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return menuFileJsonSchema();
    },
  );

  app.get(
    '/api/v1/admin/menu-file',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s whole menu as one file: menus, groups, dishes, modifier groups, time slots',
        description: `${SCOPE} Every role may read. Hidden groups and dishes are in it with published false. Importing it back changes nothing.`,
        response: { 200: menuFile, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="menu-${me.whiteLabel}.json"`);
      return exportMenuFile(db, me.whiteLabel);
    },
  );

  app.post(
    '/api/v1/admin/menu-file',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Imports a menu file: checks all of it, answers the difference, applies all of it or nothing',
        description:
          `${SCOPE} The body is a menu file (GET /api/v1/admin/menu-file.schema.json, application/json, at most 5 MB), ` +
          'or a .zip (application/zip, at most 100 MB) with menu.json at its top and the photos it names by their path ' +
          'in the archive (photos/roll.jpg): each is checked as an upload is (413/422 reasons as errors at its path), ' +
          'made into the storefront’s sizes when applied, and named by its /media/u/ address. Groups and dishes the ' +
          `file leaves out are hidden, never deleted. ${IMPORT}`,
        querystring: adminImportQuery,
        body: z.unknown(),
        response: {
          200: adminMenuFileImportResult,
          401: errorBody,
          403: errorBody,
          413: errorBody,
          415: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const locale = requestLocale(request);
      const dryRun = request.query.dryRun !== 'false';
      const at = new Date(now());
      try {
        const result = Buffer.isBuffer(request.body)
          ? await importMenuArchive(db, me, request.body, { dryRun, locale, at, mediaStore })
          : await importMenuFile(db, me, request.body, { dryRun, locale, at });
        if (result.applied) await catalog.refresh();
        return result;
      } catch (error) {
        if (!(error instanceof MenuFileInvalid)) throw error;
        return reply.code(422).send(invalidFileBody(locale, error.errors));
      }
    },
  );

  // The sheet comes as text: text/csv as a browser's file input sends it, or text/plain. A Russian Excel saves
  // "CSV (разделители — запятые)" in Windows-1251: bytes that are not UTF-8 are read as that.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'],
    { parseAs: 'buffer', bodyLimit: MENU_FILE_MAX_BYTES },
    (_request, body, done) => done(null, decodeSheet(body as Buffer)),
  );

  app.get(
    '/api/v1/admin/dishes.csv',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The brand’s dishes as CSV for spreadsheet work: key, menu, group, names, price in rubles, published',
        description: `${SCOPE} Every role may read. UTF-8 with a byte order mark, ';' between cells, prices as 450,00 (a Russian spreadsheet opens it as is). docs/menu-file.md lists the columns.`,
        response: { 200: z.string(), 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="dishes-${me.whiteLabel}.csv"`);
      return dishesToCsv(await exportMenuFile(db, me.whiteLabel));
    },
  );

  app.post(
    '/api/v1/admin/dishes.csv',
    {
      config: staffOnly,
      bodyLimit: MENU_FILE_MAX_BYTES,
      schema: {
        tags: ['admin'],
        summary:
          'Edits dishes from a CSV sheet: names, price, published; the dishes it leaves out stay as they are',
        description:
          `${SCOPE} The body is text/csv: a header row naming the columns (key, name_ru and price required; menu and ` +
          "group are informative), ';' or ',' between cells, with or without a byte order mark; prices in rubles as " +
          `450, 450,5, 450.50 or 1 250,00. Each row edits the dish its key names. ${IMPORT}`,
        querystring: adminImportQuery,
        body: z.string(),
        response: {
          200: adminMenuFileImportResult,
          401: errorBody,
          403: errorBody,
          415: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const locale = requestLocale(request);
      const dryRun = request.query.dryRun !== 'false';
      try {
        const result = await importDishesCsv(db, me, request.body, { dryRun, locale, at: new Date(now()) });
        if (result.applied) await catalog.refresh();
        return result;
      } catch (error) {
        if (!(error instanceof MenuFileInvalid)) throw error;
        return reply.code(422).send(invalidFileBody(locale, error.errors));
      }
    },
  );
};
