/**
 * The API's base address (decision 25): '' when the API shares the storefront's origin (the default), else
 * e.g. 'https://api.example.com' from /config.json's apiBase. Every path of the API — its calls, server-sent
 * events, /media pictures, /content pages and its own geocoder — goes through apiUrl.
 */
let apiBase = '';

/** Set once at start from /config.json; a trailing slash is dropped. */
export function setApiBase(base: string | null | undefined): void {
  apiBase = (base ?? '').trim().replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

/**
 * A path on the API ('/1/now') as the address to call. Absolute URLs (an outside service, a picture
 * elsewhere) and protocol-relative ones pass unchanged, as does everything while the API is same-origin.
 */
export function apiUrl(path: string): string {
  if (!apiBase || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${apiBase}${path}`;
}
