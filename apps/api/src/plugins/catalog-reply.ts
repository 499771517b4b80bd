import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../modules/catalog/catalog-store.ts';

/**
 * Catalog data changes rarely and is the same for everyone: browsers and CDNs may keep it a minute
 * and then revalidate with If-None-Match, which costs a 304 and no body.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a prepared answer as-is (already serialized), or 304 when the client holds the same bytes. */
export function sendCatalogAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', CATALOG_CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
