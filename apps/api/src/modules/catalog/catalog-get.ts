import { errorBody } from '@storefront/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import type { CatalogStore, Produced } from './catalog-store.ts';

type Schema = z.ZodType;
type Input<P extends Schema | undefined, Q extends Schema | undefined> = {
  params: P extends Schema ? z.output<P> : Record<string, never>;
  query: Q extends Schema ? z.output<Q> : Record<string, never>;
};

export interface CatalogGet<P extends Schema | undefined, Q extends Schema | undefined, A extends Schema> {
  url: string;
  tag: string;
  summary: string;
  params?: P;
  querystring?: Q;
  answer: A;
  /**
   * Names the answer in the cache; equal keys must mean equal answers for the same snapshot. Null when the
   * input names something the snapshot does not have: answered, never kept (a client inventing ids must
   * not grow the cache).
   */
  key: (input: Input<P, Q>, snapshot: CatalogSnapshot) => string | null;
  produce: (snapshot: CatalogSnapshot, input: Input<P, Q>) => Produced<z.output<A>>;
}

/** What a revalidation with a current If-None-Match gets: no body, the client keeps its copy. */
const notModified = z.null().describe('Not Modified: If-None-Match named the current ETag; no body');

/**
 * Declares one public catalog call: validated input, the answer built once per catalog snapshot and
 * sent with ETag/304 and compression, and the documented 304 and 400/404 error bodies.
 */
export function catalogGet<P extends Schema | undefined, Q extends Schema | undefined, A extends Schema>(
  app: FastifyInstance,
  catalog: CatalogStore,
  route: CatalogGet<P, Q, A>,
) {
  app.get(
    route.url,
    {
      schema: {
        tags: [route.tag],
        summary: route.summary,
        ...(route.params ? { params: route.params } : {}),
        ...(route.querystring ? { querystring: route.querystring } : {}),
        response: { 200: route.answer, 304: notModified, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const input = { params: request.params, query: request.query } as Input<P, Q>;
      const answer = catalog.answer(route.key(input, catalog.snapshot), route.answer, (snapshot) =>
        route.produce(snapshot, input),
      );
      return sendCatalogAnswer(request, reply, answer);
    },
  );
}
