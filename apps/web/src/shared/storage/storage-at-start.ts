import { RENAMED_KEYS, STORAGE_KEYS, STORAGE_VERSION } from './keys.ts';
import { clearStorage, readRaw, removeStored, writeRaw } from './local-storage.ts';

/** What version 2 stored as the address of a point without a street. */
const LEGACY_MAP_POINT_LABEL = 'Точка на карте';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Migrations from a stored version to the next one; each may throw, which clears the storage. */
const MIGRATIONS: Readonly<Record<string, () => void>> = {
  // Version 1 kept the five renamed keys under their older names.
  '1': () => {
    for (const [older, current] of Object.entries(RENAMED_KEYS)) {
      const value = readRaw(older);
      if (value !== null && readRaw(current) === null) writeRaw(current, value);
      removeStored(older);
    }
  },
  // Version 2 kept a bare point on the map as its Russian label in the delivery place's address; it is
  // data now, an address of null beside the location, and the UI names it in the customer's language.
  '2': () => {
    const raw = readRaw(STORAGE_KEYS.deliveryPlace);
    if (raw === null) return;
    let place: unknown;
    try {
      place = JSON.parse(raw);
    } catch {
      return; // Unreadable: the store's guard ignores it, as it would have before.
    }
    if (isRecord(place) && place.address === LEGACY_MAP_POINT_LABEL) {
      writeRaw(STORAGE_KEYS.deliveryPlace, JSON.stringify({ ...place, address: null }));
    }
  },
};

export type StorageOutcome =
  | 'kept'
  | 'cleared-white-label'
  | 'migrated'
  | 'cleared-failed-migration'
  | 'initialised';

/**
 * docs/product.md §4 'Storage at start': a different white label clears everything; a different version is
 * migrated (cleared on failure); a missing label or version clears and sets both.
 */
export function prepareStorage(whiteLabel: string): StorageOutcome {
  const storedLabel = readRaw(STORAGE_KEYS.whiteLabel);
  const storedVersion = readRaw(STORAGE_KEYS.version);
  const stamp = () => {
    writeRaw(STORAGE_KEYS.whiteLabel, whiteLabel);
    writeRaw(STORAGE_KEYS.version, STORAGE_VERSION);
  };

  if (storedLabel === null || storedVersion === null) {
    clearStorage();
    stamp();
    return 'initialised';
  }
  if (storedLabel !== whiteLabel) {
    clearStorage();
    stamp();
    return 'cleared-white-label';
  }
  if (storedVersion !== STORAGE_VERSION) {
    try {
      let version = Number(storedVersion);
      if (!Number.isInteger(version) || version > Number(STORAGE_VERSION)) throw new Error('unknown version');
      while (version < Number(STORAGE_VERSION)) {
        const migrate = MIGRATIONS[String(version)];
        if (!migrate) throw new Error(`no migration from ${version}`);
        migrate();
        version++;
      }
      stamp();
      return 'migrated';
    } catch {
      clearStorage();
      stamp();
      return 'cleared-failed-migration';
    }
  }
  return 'kept';
}
