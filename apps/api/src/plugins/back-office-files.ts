import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the back office lives (its Vite build's base); the order board's old address redirects there. */
export const BACK_OFFICE_PATH = '/admin';
const BOARD_PATH = `${BACK_OFFICE_PATH}/board`;

/**
 * The back office's own build (decision 48), served by the API process beside the storefront: its hashed
 * assets for a year, its page for every path under /admin (it routes on the client), never cached. /staff,
 * the board's address before the back office, answers a permanent redirect to the board, so a kitchen
 * tablet's bookmark keeps working. Answers whether the build is there.
 */
export async function registerBackOfficeFiles(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexHtml = join(distDir, 'index.html');
  const hasBackOffice = existsSync(indexHtml);
  const toBoard = { schema: { hide: true } };
  app.get('/staff', toBoard, async (_request, reply) => reply.redirect(BOARD_PATH, 301));
  app.get('/staff/*', toBoard, async (_request, reply) => reply.redirect(BOARD_PATH, 301));
  if (!hasBackOffice) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${BACK_OFFICE_PATH}/`,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // A missing file calls the not-found handler (app.ts): a page path gets the page, an asset a 404.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    setHeaders: (res, path) => {
      const immutable = path.includes('/assets/');
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // The folder itself is the page (the static files would answer a directory with 403).
  const sendPage = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  app.get(BACK_OFFICE_PATH, toBoard, sendPage);
  app.get(`${BACK_OFFICE_PATH}/`, toBoard, sendPage);
  return true;
}

/** Whether a path that found no route is one of the back office's pages (not one of its assets). */
export function isBackOfficePage(path: string): boolean {
  return (
    (path === BACK_OFFICE_PATH || path.startsWith(`${BACK_OFFICE_PATH}/`)) &&
    !path.startsWith(`${BACK_OFFICE_PATH}/assets/`)
  );
}
