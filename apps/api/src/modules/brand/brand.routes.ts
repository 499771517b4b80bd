import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp } from '../../core/api-module.ts';
import { errorBody, requestLocale } from '../../plugins/error-handler.ts';
import type { BrandAnswer, BrandStore } from './brand-store.ts';

/** Whether the request's If-None-Match names this answer's ETag. */
const fresh = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: BrandAnswer,
  type: string,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('etag', answer.etag);
  if (fresh(request, answer.etag)) return reply.code(304).send();
  return reply.type(type).send(answer.body);
}

const PAGE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

/**
 * The brand's public part from the brand store (decision 50): /config.json (no-cache: every start of the
 * storefront revalidates, a 304 when nothing changed) and the published pages' markdown at their old addresses,
 * /content/pages/{ru|en}/{slug}.md, kept 10 minutes as the static files were. An unknown or unpublished page is 404.
 */
export function registerBrandRoutes(app: ApiApp, brand: BrandStore) {
  app.get('/config.json', { schema: { hide: true } }, async (request, reply) =>
    sendAnswer(request, reply, brand.current.configAnswer, 'application/json; charset=utf-8', 'no-cache'),
  );
  app.get('/content/pages/:locale/:file', { schema: { hide: true } }, async (request, reply) => {
    const { locale, file } = request.params as { locale: string; file: string };
    const slug = PAGE_FILE.exec(file)?.[1];
    const answer =
      slug && (locale === 'ru' || locale === 'en')
        ? brand.current.pageAnswers.get(`${locale}/${slug}`)
        : undefined;
    if (!answer)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody(requestLocale(request), 'route.not-found'));
    return sendAnswer(request, reply, answer, 'text/markdown; charset=utf-8', 'public, max-age=600');
  });
}
