import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MediaStore, StoredMedia } from './media-store.ts';
import { isMediaKey } from './media-store.ts';

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The embedded default: files under DATA_DIR/media, one per key. A file is written beside its place and renamed
 * into it, so a reader never sees half of one. The content type comes back from the key's extension.
 */
export class LocalMediaStore implements MediaStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return join(this.dir, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!isMediaKey(key)) return null;
    const path = this.pathOf(key);
    try {
      const found = await stat(path);
      if (!found.isFile()) return null;
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return {
        body: createReadStream(path),
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        size: found.size,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
