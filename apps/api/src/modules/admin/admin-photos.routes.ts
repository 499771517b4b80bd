import { PHOTO_MAX_BYTES } from '@storefront/domain';
import {
  adminDishParams,
  adminDishPhotoParams,
  adminGroupParams,
  adminGroupPhotoParams,
  adminPhotoList,
  adminPhotosStaleBody,
  adminRestoParams,
  adminRestoPhotoParams,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import { checkPhoto, storePhotoVariants } from '../../media/photo-pipeline.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import {
  addPhoto,
  assertVersion,
  type PhotoOwner,
  photoListOf,
  photosOrNotFound,
  removePhoto,
  StalePhotos,
} from './admin-photos.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

export interface AdminPhotosRoutesOptions extends AdminRoutesOptions {
  mediaStore: MediaStore;
}

/** Image bodies are read whole, up to the photo limit and a little for nothing else. */
const UPLOAD_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

const OWNERS = {
  dish: {
    path: '/api/v1/admin/dishes/:positionId/photos',
    params: adminDishParams,
    photoParams: adminDishPhotoParams,
    name: 'dish',
    notFound: '404 position.not-found',
  },
  group: {
    path: '/api/v1/admin/groups/:groupId/photos',
    params: adminGroupParams,
    photoParams: adminGroupPhotoParams,
    name: 'group',
    notFound: '404 position-group.not-found',
  },
  resto: {
    path: '/api/v1/admin/restos/:restoId/photos',
    params: adminRestoParams,
    photoParams: adminRestoPhotoParams,
    name: 'restaurant',
    notFound:
      '404 resto.not-found (one of the brand outside the person’s restaurants: 403 staff.forbidden-resto)',
  },
} as const;

const idOf = (params: { positionId: number } | { groupId: number } | { restoId: number }) =>
  'positionId' in params ? params.positionId : 'groupId' in params ? params.groupId : params.restoId;

/** Who may change the owner's photos: the menu's writers; a restaurant's, those who change it (their own ones). */
const WRITE = { dish: 'menu.write', group: 'menu.write', resto: 'restos.write' } as const;

/** A body over the route's limit is refused by Fastify before the handler: said as the photo's own 413. */
function photoErrors(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, 'admin.photo-too-large', 'body');
  throw error;
}

/**
 * Dish and group photos (decision 46): read, upload (the raw image as the body), remove; the upload's variants
 * are written to the media store before the row changes, so a row never names a photo that is not there.
 */
export const adminPhotosRoutes: FastifyPluginAsyncZod<AdminPhotosRoutesOptions> = async (
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
    if (!(error instanceof StalePhotos)) throw error;
    reply.header('etag', etagOfVersion(error.current.version));
    return reply
      .code(412)
      .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
  }

  /** A restaurant's photos: one the person may see (404 another brand's first, then 403 one not theirs). */
  async function assertOwnerAccess(me: StaffAccess, owner: PhotoOwner, id: number) {
    if (owner !== 'resto') return;
    await photosOrNotFound(db, me.whiteLabel, owner, id);
    assertRestoAccess(me, id);
  }

  for (const owner of ['dish', 'group', 'resto'] as PhotoOwner[]) {
    const o = OWNERS[owner];
    const scope = `Staff token only (401 without one). The brand is the token’s: another brand’s ${o.name} is ${o.notFound}.`;
    const write = `${scope} Owner and manager only: an operator gets 403 admin.forbidden-role. If-Match must name the ${o.name}’s version (its ETag here or in the ${o.name}’s own answer): without it 428 admin.version-required, another is 412 admin.version-stale with the photos now in \`current\`. The version moves, one audit entry holds the photo list before and after (revertible), the catalog revision moves.`;

    app.get(
      o.path,
      {
        config: staffOnly,
        schema: {
          tags: ['admin'],
          summary: `The ${o.name}’s photos, the first the main one; the ETag is the ${o.name}’s version`,
          description: `${scope} Every role may read.`,
          params: o.params,
          response: { 200: adminPhotoList, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const me = signedInStaff(request);
        assertMay(me, 'menu.read');
        await assertOwnerAccess(me, owner, idOf(request.params));
        const row = await photosOrNotFound(db, me.whiteLabel, owner, idOf(request.params));
        reply.header('etag', etagOfVersion(row.version));
        return photoListOf(row);
      },
    );

    app.post(
      o.path,
      {
        config: staffOnly,
        bodyLimit: PHOTO_MAX_BYTES,
        errorHandler: photoErrors,
        schema: {
          tags: ['admin'],
          summary: `Adds a photo at the end of the ${o.name}’s photos: the raw image is the body`,
          description:
            `${write} The body is the image itself (Content-Type image/jpeg, image/png, image/webp or ` +
            'application/octet-stream; the bytes decide, not the type): JPEG, PNG or WebP, else 422 ' +
            'admin.photo-not-an-image; over 10 MiB 413 admin.photo-too-large; over 40 megapixels 422 ' +
            'admin.photo-too-many-pixels; nothing is stored then. The server keeps it 320, 640 and 960 px wide ' +
            'in AVIF, WebP and JPEG under the hash of its bytes (`/media/u/<hash>/<width>.<avif|webp|jpg>`, ' +
            'cached for a year); the same image twice changes nothing.',
          headers: ifMatchHeaders,
          params: o.params,
          body: z.unknown().optional(),
          response: {
            200: adminPhotoList,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            412: adminPhotosStaleBody,
            413: errorBody,
            422: errorBody,
            428: errorBody,
          },
        },
      },
      async (request, reply) => {
        const me = signedInStaff(request);
        assertMay(me, WRITE[owner]);
        const id = idOf(request.params);
        await assertOwnerAccess(me, owner, id);
        const ifMatch = request.headers['if-match'];
        if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
        try {
          // The cheap refusals first: the row and its version, then the bytes, before any decoding.
          assertVersion(await photosOrNotFound(db, me.whiteLabel, owner, id), ifMatch);
          const bytes = Buffer.isBuffer(request.body) ? request.body : null;
          if (!bytes) throw new ApiError(422, 'admin.photo-not-an-image', 'body');
          const { key } = await checkPhoto(bytes);
          await storePhotoVariants(mediaStore, bytes, key);
          const list = await db.transaction((tx) =>
            addPhoto(tx, me, owner, id, ifMatch, key, new Date(now())),
          );
          await catalog.refresh();
          reply.header('etag', etagOfVersion(list.version));
          return list;
        } catch (error) {
          return stale(request, reply, error);
        }
      },
    );

    app.delete(
      `${o.path}/:photoId`,
      {
        config: staffOnly,
        schema: {
          tags: ['admin'],
          summary: `Takes a photo off the ${o.name}’s photos`,
          description: `${write} A photo the ${o.name} does not have is 404 admin.photo-not-found. The stored image stays (other rows or a revert may name it).`,
          headers: ifMatchHeaders,
          params: o.photoParams,
          response: {
            200: adminPhotoList,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            412: adminPhotosStaleBody,
            428: errorBody,
          },
        },
      },
      async (request, reply) => {
        const me = signedInStaff(request);
        assertMay(me, WRITE[owner]);
        await assertOwnerAccess(me, owner, idOf(request.params));
        try {
          const list = await db.transaction((tx) =>
            removePhoto(
              tx,
              me,
              owner,
              idOf(request.params),
              request.headers['if-match'],
              request.params.photoId,
              new Date(now()),
            ),
          );
          await catalog.refresh();
          reply.header('etag', etagOfVersion(list.version));
          return list;
        } catch (error) {
          return stale(request, reply, error);
        }
      },
    );
  }
};
