import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth: equal bodies give equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The SHA-256 (hex) of a body's canonical JSON: what an idempotency key is bound to. */
export const fingerprintOf = (body: unknown) =>
  createHash('sha256').update(canonicalJson(body)).digest('hex');
