import { RENAMED_KEYS, STORAGE_KEYS, STORAGE_VERSION } from './keys.ts';
import { clearStorage, readRaw, removeStored, writeRaw } from './local-storage.ts';

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
};

export type StorageOutcome =
  | 'kept'
  | 'cleared-white-label'
  | 'migrated'
  | 'cleared-failed-migration'
  | 'initialised';

/**
 * SPEC §4 'Storage at start': a different white label clears everything; a different version is
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
