import { createHash } from 'node:crypto';
import {
  PHOTO_FORMATS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIME,
  PHOTO_WIDTHS,
  type PhotoFormat,
  photoVariantKey,
} from '@storefront/domain';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { ApiError } from '../core/api-error.ts';
import type { MediaStore } from '../integrations/media-store/media-store.ts';

/**
 * An upload becomes the variants the storefront shows (decision 46): told by its bytes (JPEG, PNG or WebP, never
 * by its name or Content-Type), refused above 10 MiB or 40 megapixels before anything is decoded (the header's
 * size, then sharp's limitInputPixels as a second guard), turned upright by its EXIF orientation with the
 * metadata dropped, and written in PHOTO_WIDTHS × PHOTO_FORMATS under the hash of the uploaded bytes.
 */

type InputFormat = 'jpeg' | 'png' | 'webp';

/** The format the first bytes announce (JPEG SOI, PNG signature, RIFF…WEBP), or null. */
export function sniffImage(bytes: Buffer): InputFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** The key of an upload: the first 32 hex digits of the SHA-256 of its bytes. */
export const photoKeyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const notAnImage = () => new ApiError(422, 'admin.photo-not-an-image', 'body');

/** Checks the upload and answers its key and format; throws the coded refusal otherwise. Decodes nothing. */
export async function checkPhoto(bytes: Buffer): Promise<{ key: string; format: InputFormat }> {
  if (bytes.length > PHOTO_MAX_BYTES) throw new ApiError(413, 'admin.photo-too-large', 'body');
  const format = sniffImage(bytes);
  if (!format) throw notAnImage();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS)
    throw new ApiError(422, 'admin.photo-too-many-pixels', 'body');
  return { key: photoKeyOf(bytes), format };
}

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 78 }),
  // JPEG has no transparency: a transparent PNG lies on white.
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

/**
 * Decodes the upload once, down to the widest variant, and writes every variant to the store. A picture narrower
 * than a width is not enlarged: that variant keeps its own width. A broken file (a truncated JPEG) is
 * 422 admin.photo-not-an-image.
 */
export async function storePhotoVariants(store: MediaStore, bytes: Buffer, key: string): Promise<void> {
  const widest = Math.max(...PHOTO_WIDTHS);
  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }
  const { width, height, channels } = master.info;
  const raw = { raw: { width, height, channels } } as const;
  for (const target of PHOTO_WIDTHS) {
    const resized =
      target >= width
        ? master
        : await sharp(master.data, raw).resize({ width: target }).raw().toBuffer({ resolveWithObject: true });
    const input = {
      raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels },
    };
    const encoded = await Promise.all(
      PHOTO_FORMATS.map(async (format) => ({
        format,
        bytes: await ENCODE[format](sharp(resized.data, input)).toBuffer(),
      })),
    );
    for (const variant of encoded)
      await store.put(
        photoVariantKey(key, target, variant.format),
        variant.bytes,
        PHOTO_MIME[variant.format],
      );
  }
}
