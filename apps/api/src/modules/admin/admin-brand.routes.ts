import { PHOTO_MAX_BYTES, uploadedPhotoUrl } from '@storefront/domain';
import {
  adminBrandPage,
  adminBrandPageCreate,
  adminBrandPageList,
  adminBrandPageParams,
  adminBrandPagePatch,
  adminBrandPageStaleBody,
  adminBrandPictureParams,
  adminBrandSecretList,
  adminBrandSettings,
  adminBrandSettingsPatch,
  adminBrandStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import { checkPhoto, storePhotoVariants } from '../../media/photo-pipeline.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import {
  createBrandPage,
  deleteBrandPage,
  listBrandPages,
  pageOfBrand,
  patchBrandPage,
  patchBrandSettings,
  readBrandSettings,
} from './admin-brand.ts';
import { brandSecrets } from './admin-brand-secrets.ts';
import { etagOfVersion, versionOfIfMatch } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const OWNERS =
  'The brand of the staff token (decision 50). Owners only: a manager or an operator gets 403 admin.forbidden-role. ' +
  'One transaction with its audit entry (revertible from the audit log); the catalog revision moves, so every ' +
  'instance serves the change (/config.json, the pages) within its refresh, this one at once.';
const SETTINGS_RULES =
  'Each section is given whole; a field the back office does not set (a secret, the brand id, the API key, the ' +
  'maps addresses) is 400 with its name. Links are https:// only; logo and favicon are addresses under /media/ ' +
  '(an uploaded photo’s url); theme.primary is #RRGGBB; defaults.cityId must be the brand’s city (422 ' +
  'admin.brand-city-not-found). Sign-in methods and client ids reach sign-in checks and the Content-Security-Policy ' +
  'at the next start of the instances; everything else at once.';
const PAGE_RULES =
  'slug: lower-case latin letters, digits and hyphens, unique within the brand (422 admin.brand-page-slug-taken); ' +
  'title and body in ru and en (markdown; raw HTML is shown as text by the storefront). An unpublished page is 404 ' +
  'at /content/pages/{ru|en}/{slug}.md.';

const UPLOAD_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

function photoErrors(error: FastifyError) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, 'admin.photo-too-large', 'body');
  throw error;
}

/** The brand in the back office (decision 50): its settings, its static pages, and which secrets the server has. */
export const adminBrandRoutes: FastifyPluginAsyncZod<
  AdminRoutesOptions & { config: AppConfig; mediaStore: MediaStore }
> = async (app, { db, now, catalog, config, mediaStore }) => {
  const staffOnly = { auth: 'staff' as const };
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.get(
    '/api/v1/admin/brand',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s public settings with their version (the ETag)',
        description: `${OWNERS}`,
        response: { 200: adminBrandSettings, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      const settings = await readBrandSettings(db, me.whiteLabel);
      reply.header('etag', etagOfVersion(settings.version));
      return settings;
    },
  );

  app.patch(
    '/api/v1/admin/brand',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes sections of the brand’s settings under If-Match',
        description: `${OWNERS} ${IF_MATCH} ${SETTINGS_RULES}`,
        headers: ifMatchHeaders,
        body: adminBrandSettingsPatch,
        response: {
          200: adminBrandSettings,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminBrandStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      return answerVersioned(request, reply, async () => {
        const settings = await db.transaction((tx) =>
          patchBrandSettings(tx, me, request.headers['if-match'], request.body, new Date(now())),
        );
        await catalog.refresh();
        return settings;
      });
    },
  );

  app.put(
    '/api/v1/admin/brand/pictures/:which',
    {
      config: staffOnly,
      bodyLimit: PHOTO_MAX_BYTES,
      errorHandler: photoErrors,
      schema: {
        tags: ['admin'],
        summary: 'Uploads the logo or the favicon: the raw image is the body',
        description:
          `${OWNERS} ${IF_MATCH} The image pipeline of dish photos (decision 46): JPEG, PNG or WebP told by its bytes ` +
          '(else 422 admin.photo-not-an-image), at most 10 MiB (413 admin.photo-too-large) and 40 megapixels (422 ' +
          'admin.photo-too-many-pixels); the settings then name its /media/u/ address, a change like any other.',
        headers: ifMatchHeaders,
        params: adminBrandPictureParams,
        body: z.unknown().optional(),
        response: {
          200: adminBrandSettings,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminBrandStaleBody,
          413: errorBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      const ifMatch = request.headers['if-match'];
      if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
      return answerVersioned(request, reply, async () => {
        // The cheap refusals first: the version, then the bytes, before any decoding.
        const current = await readBrandSettings(db, me.whiteLabel);
        if (versionOfIfMatch(ifMatch) !== current.version) throw new StaleVersion(current);
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        if (!bytes) throw new ApiError(422, 'admin.photo-not-an-image', 'body');
        const { key } = await checkPhoto(bytes);
        await storePhotoVariants(mediaStore, bytes, key);
        const settings = await db.transaction((tx) =>
          patchBrandSettings(
            tx,
            me,
            ifMatch,
            { [request.params.which]: uploadedPhotoUrl(key) },
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return settings;
      });
    },
  );

  app.get(
    '/api/v1/admin/brand/secrets',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The secrets the server reads: whether each is set, never its value',
        description:
          'Owners only. Secrets live in the server’s environment (docs/configuration.md), never in the brand’s ' +
          'settings; this answers each one’s name, purpose, what fails without it, and present: true/false.',
        response: { 200: adminBrandSecretList, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      reply.header('cache-control', 'no-store');
      return { secrets: brandSecrets(config.env) };
    },
  );

  app.get(
    '/api/v1/admin/brand/pages',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s static pages, published or not, in their order',
        description: OWNERS,
        response: { 200: adminBrandPageList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      return { pages: await listBrandPages(db, me.whiteLabel) };
    },
  );

  app.get(
    '/api/v1/admin/brand/pages/:pageId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One static page, its version as the ETag',
        description: OWNERS,
        params: adminBrandPageParams,
        response: { 200: adminBrandPage, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      const page = await pageOfBrand(db, me.whiteLabel, request.params.pageId);
      reply.header('etag', etagOfVersion(page.version));
      return page;
    },
  );

  app.post(
    '/api/v1/admin/brand/pages',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a static page',
        description: `${OWNERS} ${PAGE_RULES} Its creation is not revertible: delete the page instead.`,
        body: adminBrandPageCreate,
        response: { 201: adminBrandPage, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      const page = await db.transaction((tx) => createBrandPage(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(page.version));
      return reply.code(201).send(page);
    },
  );

  app.patch(
    '/api/v1/admin/brand/pages/:pageId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a static page under If-Match',
        description: `${OWNERS} ${IF_MATCH} ${PAGE_RULES}`,
        headers: ifMatchHeaders,
        params: adminBrandPageParams,
        body: adminBrandPagePatch,
        response: {
          200: adminBrandPage,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminBrandPageStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      return answerVersioned(request, reply, async () => {
        const page = await db.transaction((tx) =>
          patchBrandPage(
            tx,
            me,
            request.params.pageId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return page;
      });
    },
  );

  app.delete(
    '/api/v1/admin/brand/pages/:pageId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a static page under If-Match',
        description: `${OWNERS} ${IF_MATCH} The deletion is revertible: the page comes back with its id and address.`,
        headers: ifMatchHeaders,
        params: adminBrandPageParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminBrandPageStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'brand.manage');
      try {
        await db.transaction((tx) =>
          deleteBrandPage(tx, me, request.params.pageId, request.headers['if-match'], new Date(now())),
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
