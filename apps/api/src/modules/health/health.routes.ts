import { errorBody as errorBodySchema } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorBody, requestLocale } from '../../plugins/error-handler.ts';

/** How long readiness waits for the database's answer to `select 1` before it says not ready. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

export interface HealthOptions {
  db: Database;
  /** The catalog store: ready only once it holds a snapshot. */
  catalog: { readonly loaded: boolean };
}

const healthy = z.object({ alive: z.literal(true) });
const ready = z.object({ ready: z.literal(true) });

/** Answers whether the database said `select 1` in time; never throws. */
async function databaseAnswers(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators (docs/operations.md, 'Health'): /healthz says the process answers (liveness, no
 * database); /readyz says this instance can serve (its database answers, its catalog is loaded).
 * Neither is written to the request log, which probes every few seconds would fill.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, catalog }) => {
  app.get(
    '/healthz',
    {
      logLevel: 'silent',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: { 200: healthy },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { alive: true as const };
    },
  );

  app.get(
    '/readyz',
    {
      logLevel: 'silent',
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the catalog is loaded; 503 service.not-ready otherwise',
        response: { 200: ready, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const problem = !catalog.loaded
        ? 'the catalog is not loaded'
        : !(await databaseAnswers(db, READY_DATABASE_TIMEOUT_MS))
          ? `the database did not answer within ${READY_DATABASE_TIMEOUT_MS} ms`
          : null;
      if (problem === null) return { ready: true as const };
      // The instance's logger: this route's own is silent.
      app.log.warn({ problem }, 'readiness check: not ready');
      return reply.code(503).send(errorBody(requestLocale(request), 'service.not-ready'));
    },
  );
};
