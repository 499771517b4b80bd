import type { Readable } from 'node:stream';

/**
 * Where uploaded media (dish and group photos, decision 46) is kept: a flat key → bytes store. Keys are
 * content-addressed by the caller (the hash of the uploaded bytes, then the variant), so a key's bytes never
 * change and any instance may write the same key twice. Modules depend on this interface, never on an adapter.
 */
export interface MediaStore {
  /** Writes the bytes under the key (overwriting: the same key always holds the same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored object, or null when the key holds nothing. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes the key; no error when it holds nothing. */
  delete(key: string): Promise<void>;
}

export interface StoredMedia {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows them. */
  size?: number | undefined;
}

/** The settings that pick an implementation (read from the environment once, in media-stores.ts). */
export type MediaStoreSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string | undefined;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** A key of the store: lower-case letters, digits, '-', '.', '_' in '/'-separated parts, never '..'. */
export function isMediaKey(key: string): boolean {
  return /^[a-z0-9_-]+(?:\.[a-z0-9]+)?(?:\/[a-z0-9_-]+(?:\.[a-z0-9]+)?){0,3}$/.test(key) && key.length <= 200;
}
