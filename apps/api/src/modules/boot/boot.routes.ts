import { type BootChoice, bootMenuPaths, firstBootPaths } from '@storefront/domain';
import {
  type BootAnswer,
  bootQuery,
  bootResponse,
  errorBody,
  type LocationResponse,
} from '@storefront/domain/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendFreshlyCompressed } from '../../plugins/catalog-reply.ts';

export interface BootRoutesOptions {
  /** The brand this instance serves: its own id when the query names none, and whether it takes pre-orders. */
  whiteLabel: string;
  /** Read per call: an owner turns pre-orders on and off in the back office (decision 50). */
  preOrder: () => boolean;
}

/**
 * One call of the boot, answered by the call itself (Fastify's inject): the same validation, cache and
 * body as when the storefront asks it alone, so the two can never differ.
 */
async function answerOf(
  app: FastifyInstance,
  path: string,
  language: string | undefined,
): Promise<BootAnswer> {
  const response = await app.inject({
    method: 'GET',
    url: path,
    headers: { accept: 'application/json', ...(language ? { 'accept-language': language } : {}) },
  });
  let body: unknown = null;
  try {
    body = response.body ? JSON.parse(response.body) : null;
  } catch {
    body = response.body;
  }
  return { path, status: response.statusCode, body };
}

/** GET /1/p/boot: a returning customer's boot in one answer (decision 33). */
export const bootRoutes: FastifyPluginAsync<BootRoutesOptions> = async (app, { whiteLabel, preOrder }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/1/p/boot',
    {
      schema: {
        tags: ['location'],
        summary:
          "A returning customer's boot (docs/product.md §4) in one answer: the clock, cities, the city's location, the restaurant's promotions, modifiers, time slots, working hours and the method's menus, each as its own call answers",
        querystring: bootQuery,
        response: { 200: bootResponse, 400: errorBody },
      },
    },
    async ({ query, headers }, reply) => {
      const language = headers['accept-language'];
      const choice: BootChoice = {
        whiteLabel: query.whiteLabel ?? whiteLabel,
        cityId: query.cityId,
        restoId: query.restoId,
        method: query.method,
      };
      const first = firstBootPaths(choice, preOrder());
      const ask = (path: string) => answerOf(app, path, language);
      const [clock, cities, location, promotions, ...resto] = await Promise.all(
        [first.clock, first.cities, first.location, first.promotions, ...first.resto].map(ask),
      );
      const menus =
        location?.status === 200
          ? await Promise.all(bootMenuPaths(choice, location.body as LocationResponse).map(ask))
          : [];
      const answers = [clock, cities, location, promotions, ...resto, ...menus].filter(
        (answer): answer is BootAnswer => answer !== undefined,
      );
      // The clock is read now: the answer is everyone's own, never cached.
      reply.header('cache-control', 'no-store');
      reply.type('application/json; charset=utf-8');
      return sendFreshlyCompressed(headers['accept-encoding'], reply, JSON.stringify({ answers }));
    },
  );
};
