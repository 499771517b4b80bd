import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A catalog answer ready to send: its exact bytes (UTF-8, encoded once) and their strong ETag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** Compressed once, on first demand; small answers are not worth it. */
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
  /** Epoch ms after which the answer must be rebuilt (promotions start and end); Infinity when never. */
  expiresAt: number;
}

/**
 * Catalog data changes rarely and is the same for everyone: browsers and CDNs may keep it a minute
 * and then revalidate with If-None-Match, which costs a 304 and no body.
 */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Below this size compression saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Sends a body made for this request alone (the boot call, a drawn first screen), compressed at levels that cost
 * about a millisecond for tens of KB, against ten times the bytes on a slow network. The caller sets the rest.
 */
export function sendFreshlyCompressed(
  acceptEncoding: string | undefined,
  reply: FastifyReply,
  body: string,
): FastifyReply {
  reply.header('vary', reply.getHeader('vary') ?? 'accept-encoding');
  const encoding = pickEncoding(acceptEncoding);
  if (encoding === 'identity') return reply.send(body);
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  return reply.header('content-encoding', encoding).send(bytes);
}

function compressed(answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
  let bytes = answer.compressed[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(answer.body, { level: 9 });
    answer.compressed[encoding] = bytes;
  }
  return bytes;
}

/** Each encoding is its own representation: its own strong ETag, derived from the content's. */
function etagFor(answer: CachedAnswer, encoding: Encoding): string {
  return encoding === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${encoding}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a prepared answer: bytes encoded and compressed once per catalog revision, never per
 * request; or 304 when the client already holds them.
 */
export function sendCatalogAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES ? pickEncoding(request.headers['accept-encoding']) : 'identity';
  const etag = etagFor(answer, encoding);
  // Appended: with CORS on, the answer also varies by Origin (plugins/cors.ts).
  const vary = reply.getHeader('vary');
  reply
    .header('etag', etag)
    .header('cache-control', CATALOG_CACHE_CONTROL)
    .header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(compressed(answer, encoding));
}
