import { createHash } from 'node:crypto';
import { PHOTO_MAX_BYTES, uploadedPhotoUrl } from '@storefront/domain';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import { checkPhoto, storePhotoVariants } from '../../media/photo-pipeline.ts';

/**
 * The POS's dish and group pictures through our image pipeline (decision 46). A picture is stored under the hash
 * of its POS address rather than of its bytes: the address a row keeps then tells which POS picture it came
 * from, so a sync fetches only addresses it has not stored yet, without a column remembering the source.
 * The POS gives each uploaded picture an address of its own, so one address stays one picture.
 */

/** How long one picture may take to arrive. */
export const POS_IMAGE_TIMEOUT_MS = 15_000;

/** The media key a POS picture is stored under: 32 hex digits, as an upload's. */
export const posImageKey = (sourceUrl: string) =>
  createHash('sha256').update(`pos-image:${sourceUrl}`).digest('hex').slice(0, 32);

/** The address a row keeps for a POS picture (the storefront's /media/u/… shape). */
export const posImageAddress = (sourceUrl: string) => uploadedPhotoUrl(posImageKey(sourceUrl));

export class PosImageError extends Error {}

/** The picture's bytes: http(s) only, within the timeout, at most PHOTO_MAX_BYTES. */
export async function fetchPosImage(sourceUrl: string, timeoutMs = POS_IMAGE_TIMEOUT_MS): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    throw new PosImageError('not an address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PosImageError('not http(s)');
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    throw new PosImageError(signal.aborted ? 'timed out' : `unreachable: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new PosImageError(`HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > PHOTO_MAX_BYTES) {
    await response.body.cancel().catch(() => {});
    throw new PosImageError('larger than 10 MB');
  }
  // Read in chunks so a server that does not declare its size cannot make us hold more than the limit.
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > PHOTO_MAX_BYTES) {
        await reader.cancel().catch(() => {});
        throw new PosImageError('larger than 10 MB');
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    if (error instanceof PosImageError) throw error;
    throw new PosImageError(signal.aborted ? 'timed out' : 'the download broke off');
  }
  return Buffer.concat(chunks);
}

/** Fetches one POS picture and writes its variants; answers its address, or throws PosImageError. */
export async function storePosImage(store: MediaStore, sourceUrl: string): Promise<string> {
  const bytes = await fetchPosImage(sourceUrl);
  try {
    await checkPhoto(bytes);
    await storePhotoVariants(store, bytes, posImageKey(sourceUrl));
  } catch {
    throw new PosImageError('not a JPEG, PNG or WebP picture we can read');
  }
  return posImageAddress(sourceUrl);
}

/**
 * The addresses for each row's POS pictures, fetching only those not already in `stored` (what the rows keep now).
 * A picture that fails is left out of its row's list and reported; it is tried again at the next sync.
 */
export async function storePosImages(
  store: MediaStore,
  wanted: Iterable<string>,
  stored: ReadonlySet<string>,
): Promise<{ ready: Set<string>; failed: Map<string, string> }> {
  const ready = new Set<string>();
  const failed = new Map<string, string>();
  const queue = [...new Set(wanted)].filter((url) => {
    if (!stored.has(posImageAddress(url))) return true;
    ready.add(url);
    return false;
  });
  // Two at a time: decoding and encoding a picture is CPU work the storefront shares.
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        await storePosImage(store, url);
        ready.add(url);
      } catch (error) {
        failed.set(url, error instanceof PosImageError ? error.message : 'could not be stored');
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return { ready, failed };
}
