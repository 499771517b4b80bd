import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalMediaStore } from './local-media-store.ts';
import type { MediaStore, MediaStoreSettings } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';

/** The store's settings from the environment (MEDIA_STORE and the S3_* keys, checked by config.ts). */
export function readMediaStoreSettings(config: Pick<AppConfig, 'env' | 'dataDir'>): MediaStoreSettings {
  const { env } = config;
  if (env.MEDIA_STORE === 'local') return { kind: 'local', dir: join(config.dataDir, 'media') };
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when MEDIA_STORE=s3');
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function createMediaStore(settings: MediaStoreSettings): MediaStore {
  return settings.kind === 'local' ? new LocalMediaStore(settings.dir) : new S3MediaStore(settings);
}

const stores = new WeakMap<object, MediaStore>();

/** One store per app config: the upload calls and the media route share it. */
export function mediaStoreOf(config: Pick<AppConfig, 'env' | 'dataDir'>): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = createMediaStore(readMediaStoreSettings(config));
    stores.set(config, store);
  }
  return store;
}
