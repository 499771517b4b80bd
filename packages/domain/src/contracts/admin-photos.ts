import { z } from 'zod';
import { errorBody, id, idParam } from './common.ts';

/**
 * Dish and group photos in the back office (decision 46). An upload is the raw image as the request body
 * (Content-Type image/* or application/octet-stream), told by its bytes: JPEG, PNG or WebP, at most 10 MiB and
 * 40 megapixels. The server keeps it in 320/640/960 px wide AVIF, WebP and JPEG under the hash of its bytes.
 */

/** A photo's id: the upload's key (32 hex digits of the SHA-256 of its bytes), or that of a seed's URL. */
export const adminPhotoId = z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 hexadecimal digits');

export const adminPhoto = z.object({
  id: adminPhotoId,
  /** The URL the storefront shows (an upload's: its 640 px JPEG; the others come from it, photoSrcSets). */
  src: z.string(),
  /** Per format, the srcset of an upload; null for a URL the server did not make (the seed's). */
  srcSets: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }).nullable(),
});
export type AdminPhoto = z.infer<typeof adminPhoto>;

/** A dish's or a group's photos, the first the main one, with the row's version (its ETag). */
export const adminPhotoList = z.object({
  id,
  version: z.number().int(),
  photos: z.array(adminPhoto),
});
export type AdminPhotoList = z.infer<typeof adminPhotoList>;

/** 412: the photos as they are now. */
export const adminPhotosStaleBody = errorBody.extend({ current: adminPhotoList });

export const adminDishPhotoParams = z.object({ positionId: idParam, photoId: adminPhotoId });
export const adminGroupPhotoParams = z.object({ groupId: idParam, photoId: adminPhotoId });
export const adminRestoPhotoParams = z.object({ restoId: idParam, photoId: adminPhotoId });
