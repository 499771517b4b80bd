/**
 * Uploaded photos (decision 46): the server stores each upload in a few widths and formats under the hash of the
 * uploaded bytes, and the dish keeps one URL, the JPEG of the middle width. From that URL the storefront derives
 * the others (srcset), so the catalog's `photos: string[]` stays as it is and the seed's plain URLs keep working.
 */

/** The widths made of every upload, in CSS pixels × density: a card (two to four columns), the dish layer at 2×. */
export const PHOTO_WIDTHS = [320, 640, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The formats made of every upload, best first; JPEG is the fallback every client reads. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MIME: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
const EXTENSION: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The width the stored URL names: what a client that knows nothing of srcset shows. */
export const PHOTO_MAIN_WIDTH: PhotoWidth = 640;

/** Where the API serves uploaded media. */
export const UPLOADED_MEDIA_PREFIX = '/media/u/';

/** An upload's key: the first 32 hex digits of the SHA-256 of its bytes. */
export const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** The store's key of one variant: `<hash>/<width>.<ext>`. */
export function photoVariantKey(key: string, width: PhotoWidth, format: PhotoFormat): string {
  return `${key}/${width}.${EXTENSION[format]}`;
}

/** The URL a dish keeps for an upload. */
export function uploadedPhotoUrl(key: string): string {
  return `${UPLOADED_MEDIA_PREFIX}${photoVariantKey(key, PHOTO_MAIN_WIDTH, 'jpeg')}`;
}

const UPLOADED_URL = /^(.*\/media\/u\/([0-9a-f]{32}))\/\d+\.jpg$/;

/** The upload's key when the URL is one the server made, else null (a seed's or an outside URL). */
export function uploadedPhotoKey(url: string): string | null {
  return UPLOADED_URL.exec(url)?.[2] ?? null;
}

/** Per format, the `srcset` of an uploaded photo's URL (`… 320w, … 640w, … 960w`); null for any other URL. */
export function photoSrcSets(url: string): Record<PhotoFormat, string> | null {
  const base = UPLOADED_URL.exec(url)?.[1];
  if (!base) return null;
  const setOf = (format: PhotoFormat) =>
    PHOTO_WIDTHS.map((width) => `${base}/${width}.${EXTENSION[format]} ${width}w`).join(', ');
  return { avif: setOf('avif'), webp: setOf('webp'), jpeg: setOf('jpeg') };
}

/** The variant a served path names (`<hash>/<width>.<ext>`), or null: the media route serves nothing else. */
export function parsePhotoVariantKey(key: string): { key: string; format: PhotoFormat } | null {
  const match = /^([0-9a-f]{32})\/(\d+)\.(avif|webp|jpg)$/.exec(key);
  if (!match || !PHOTO_WIDTHS.includes(Number(match[2]) as PhotoWidth)) return null;
  const format = (['avif', 'webp', 'jpeg'] as const).find((f) => EXTENSION[f] === match[3]);
  return match[1] && format ? { key: match[1], format } : null;
}

/** The most bytes an upload may have: 10 MiB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels an upload may have (width × height): 40 megapixels. */
export const PHOTO_MAX_PIXELS = 40_000_000;
