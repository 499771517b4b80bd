import { PHOTO_MAX_BYTES, uploadedPhotoUrl } from '@storefront/domain';
import {
  adminPromotion,
  adminPromotionCreate,
  adminPromotionList,
  adminPromotionListQuery,
  adminPromotionParams,
  adminPromotionPatch,
  adminPromotionStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import { checkPhoto, storePhotoVariants } from '../../media/photo-pipeline.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion, versionOfIfMatch } from './admin-dishes.ts';
import { brandTimezone } from './admin-marketing-scope.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  patchPromotion,
  promotionOfBrand,
  setPromotionPicture,
} from './admin-promotions.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

export interface AdminPromotionsRoutesOptions extends AdminRoutesOptions {
  mediaStore: MediaStore;
}

const WRITE =
  `${MENU_SCOPE} Owner and manager only ('marketing.write'; an operator gets 403 admin.forbidden-role), and only ` +
  'promotions whose restaurants are all the person’s (none listed: every restaurant of the brand), else 403 ' +
  'staff.forbidden-resto. One transaction with its audit entry (kind promotion); the carousel follows at once.';
const RULES =
  'endsAt after startsAt (else 422 admin.ends-before-start on endsAt); restoIds: the brand’s restaurants (422 ' +
  'admin.resto-not-found); linkMenuId: the brand’s menu (422 menu.not-found), linkPositionId: a dish of that menu ' +
  '(422 admin.promotion-link-invalid), never without linkMenuId.';
const UPLOAD_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

function photoErrors(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, 'admin.photo-too-large', 'body');
  throw error;
}

/** Promotions in the back office: list, read, create, change, delete under If-Match, the picture. */
export const adminPromotionsRoutes: FastifyPluginAsyncZod<AdminPromotionsRoutesOptions> = async (
  app,
  { db, now, catalog, mediaStore },
) => {
  const staffOnly = { auth: 'staff' as const };
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  function stale(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    if (!(error instanceof StaleVersion)) throw error;
    reply.header('etag', etagOfVersion(error.current.version));
    return reply
      .code(412)
      .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
  }

  app.get(
    '/api/v1/admin/promotions',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s promotions, highest priority first, with their state against the clock',
        description: `${MENU_SCOPE} Owner and manager ('marketing.write'). search: words of titles and texts; state: active, scheduled or ended (published or not).`,
        querystring: adminPromotionListQuery,
        response: { 200: adminPromotionList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      return {
        promotions: await listPromotions(db, me.whiteLabel, request.query, now()),
        timezone: await brandTimezone(db, me.whiteLabel),
      };
    },
  );

  app.get(
    '/api/v1/admin/promotions/:promotionId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One promotion, its version as the ETag',
        description: `${MENU_SCOPE} Owner and manager ('marketing.write').`,
        params: adminPromotionParams,
        response: { 200: adminPromotion, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const promotion = await promotionOfBrand(db, me.whiteLabel, request.params.promotionId, now());
      reply.header('etag', etagOfVersion(promotion.version));
      return promotion;
    },
  );

  app.post(
    '/api/v1/admin/promotions',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a promotion (its picture is uploaded after, to …/picture)',
        description: `${WRITE} ${RULES} Its creation is not revertible: delete it instead.`,
        body: adminPromotionCreate,
        response: { 201: adminPromotion, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const promotion = await db.transaction((tx) => createPromotion(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(promotion.version));
      return reply.code(201).send(promotion);
    },
  );

  app.patch(
    '/api/v1/admin/promotions/:promotionId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a promotion under If-Match',
        description: `${WRITE} ${IF_MATCH} ${RULES} restoIds is a whole new list; another linkMenuId drops the dish unless one is named. Revertible.`,
        headers: ifMatchHeaders,
        params: adminPromotionParams,
        body: adminPromotionPatch,
        response: {
          200: adminPromotion,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminPromotionStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      return answerVersioned(request, reply, async () => {
        const promotion = await db.transaction((tx) =>
          patchPromotion(
            tx,
            me,
            request.params.promotionId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return promotion;
      });
    },
  );

  app.delete(
    '/api/v1/admin/promotions/:promotionId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a promotion under If-Match',
        description: `${WRITE} ${IF_MATCH} Revertible: the promotion comes back with its id.`,
        headers: ifMatchHeaders,
        params: adminPromotionParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminPromotionStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      try {
        await db.transaction((tx) =>
          deletePromotion(tx, me, request.params.promotionId, request.headers['if-match'], new Date(now())),
        );
      } catch (error) {
        return stale(request, reply, error);
      }
      await catalog.refresh();
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v1/admin/promotions/:promotionId/picture',
    {
      config: staffOnly,
      bodyLimit: PHOTO_MAX_BYTES,
      errorHandler: photoErrors,
      schema: {
        tags: ['admin'],
        summary: 'Sets the promotion’s picture: the raw image is the body',
        description:
          `${WRITE} ${IF_MATCH} The image pipeline of dish photos (decision 46): JPEG, PNG or WebP told by its ` +
          'bytes (else 422 admin.photo-not-an-image), at most 10 MiB (413 admin.photo-too-large) and 40 megapixels ' +
          '(422 admin.photo-too-many-pixels); kept 320, 640 and 960 px wide in AVIF, WebP and JPEG. Revertible.',
        headers: ifMatchHeaders,
        params: adminPromotionParams,
        body: z.unknown().optional(),
        response: {
          200: adminPromotion,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminPromotionStaleBody,
          413: errorBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const ifMatch = request.headers['if-match'];
      if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
      const id = request.params.promotionId;
      try {
        // The cheap refusals first: the row and its version, then the bytes, before any decoding.
        const current = await promotionOfBrand(db, me.whiteLabel, id, now());
        if (versionOfIfMatch(ifMatch) !== current.version) throw new StaleVersion(current);
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        if (!bytes) throw new ApiError(422, 'admin.photo-not-an-image', 'body');
        const { key } = await checkPhoto(bytes);
        await storePhotoVariants(mediaStore, bytes, key);
        const promotion = await db.transaction((tx) =>
          setPromotionPicture(tx, me, id, ifMatch, uploadedPhotoUrl(key), new Date(now())),
        );
        await catalog.refresh();
        reply.header('etag', etagOfVersion(promotion.version));
        return promotion;
      } catch (error) {
        return stale(request, reply, error);
      }
    },
  );

  app.delete(
    '/api/v1/admin/promotions/:promotionId/picture',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Takes the promotion’s picture off under If-Match',
        description: `${WRITE} ${IF_MATCH} The stored image stays (a revert may need it). Revertible.`,
        headers: ifMatchHeaders,
        params: adminPromotionParams,
        response: {
          200: adminPromotion,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminPromotionStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      return answerVersioned(request, reply, async () => {
        const promotion = await db.transaction((tx) =>
          setPromotionPicture(
            tx,
            me,
            request.params.promotionId,
            request.headers['if-match'],
            null,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return promotion;
      });
    },
  );
};
