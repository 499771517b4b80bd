import type { Guard } from './stored-value-guards.ts';

/** Local storage may be missing or refuse writes (private mode, quota): the app must keep working. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStored<T>(key: string, isValid: Guard<T>): T | undefined {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the customer their saved choice.
  }
}

export function readRaw(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeRaw(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {}
}

export function removeStored(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {}
}

export function clearStorage(): void {
  try {
    storage()?.clear();
  } catch {}
}
