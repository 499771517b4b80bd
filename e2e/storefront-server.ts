// The storefront alone, on an origin of its own (decision 25's cross-origin journey, e2e/cross-origin.spec.ts):
// the static build of apps/web/dist and a /config.json whose apiBase points at an API on another port, as
// a static host or CDN in front of a split deployment would serve them. Its security headers come from the
// API's own builder (plugins/security-headers.ts) for a deployment with PUBLIC_API_BASE set, so the page
// runs under the policy such a deployment would send (a static host would be given the same values).
//
// Environment: E2E_STOREFRONT_PORT (this server), E2E_API_URL (the API, e.g. http://127.0.0.1:4173), and
// the API's own settings that shape the policy (MAP_TILE_URL, ...).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { PublicConfig } from '@storefront/domain/contracts';
import { loadConfig } from '../apps/api/src/config.ts';
import { readFolderPages } from '../apps/api/src/modules/brand/brand-content.ts';
import { securityHeaders } from '../apps/api/src/plugins/security-headers.ts';

const port = Number(process.env.E2E_STOREFRONT_PORT ?? 4180);
const apiUrl = process.env.E2E_API_URL;
if (!apiUrl) throw new Error('E2E_STOREFRONT_PORT needs E2E_API_URL: the API this storefront calls');
const ownUrl = `http://127.0.0.1:${port}`;

const config = loadConfig({ ...process.env, PUBLIC_API_BASE: apiUrl, PUBLIC_URL: ownUrl });
const dist = config.webDistDir;
// Not production: the storefront's analytics stays off in the journeys (decision 29).
// The pages as the API seeds them from the brand folder: a static host has no database to read them from.
const publicConfig = JSON.stringify({
  ...config.brand,
  apiBase: apiUrl,
  production: false,
  pages: readFolderPages(config.brandDir).map(({ slug, title, order }) => ({ slug, title, order })),
} satisfies PublicConfig);

const headers = securityHeaders(config);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** A file of the build under dist, or null (no escaping the folder, no directories). */
function buildFile(path: string): string | null {
  const file = normalize(join(dist, decodeURIComponent(path)));
  if (!file.startsWith(`${resolve(dist)}/`) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', ownUrl).pathname;
  const send = (status: number, type: string, body: string | Buffer) => {
    response.writeHead(status, { ...headers, 'content-type': type, 'cache-control': 'no-cache' });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'text/plain', 'GET only');
  if (path === '/config.json') return send(200, TYPES['.json'] as string, publicConfig);
  const file = path === '/' ? null : buildFile(path);
  if (file) return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  // A missing hashed asset is a 404; every other path is a page of the storefront: the shell.
  if (path.startsWith('/assets/')) return send(404, 'text/plain', 'not found');
  return send(200, TYPES['.html'] as string, readFileSync(join(dist, 'index.html')));
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
