import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type PayEngine, parsePhotoVariantKey } from '@storefront/domain';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { REQUEST_LIMITS, type RequestLimits } from './core/request-limits.ts';
import type { Database } from './db/client.ts';
import { mediaStoreOf } from './integrations/media-store/media-stores.ts';
import type { PaymentGateway } from './integrations/payments/payment-gateway.ts';
import { type BrandStore, openBrandStore } from './modules/brand/index.ts';
import type { CapacityStore } from './modules/capacity/index.ts';
import type { AvailabilityStore, CatalogStore } from './modules/catalog/index.ts';
import { API_MODULES, type ModuleDeps, OPENAPI_TAGS, startSharedServices } from './modules/index.ts';
import type { PaymentsContext } from './modules/payments/index.ts';
import type { PositionPairsStore } from './modules/selling/index.ts';
import { registerSeo } from './modules/seo/index.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { BACK_OFFICE_PATH, isBackOfficePage, registerBackOfficeFiles } from './plugins/back-office-files.ts';
import { registerCors } from './plugins/cors.ts';
import { errorBody, registerErrorHandler, requestLocale, sendBadRequest } from './plugins/error-handler.ts';
import { maskedLogger, registerRequestIds, requestIdGenerator } from './plugins/logging.ts';
import { registerSecurityHeaders, securityHeadersApplier } from './plugins/security-headers.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock the API reads; tests pin it. */
  now?: () => number;
  /** Payment engines in place of the ones built from the settings (tests: a scripted gateway). */
  paymentGateways?: Map<PayEngine, PaymentGateway>;
  /** Limits on orders, payment attempts and event streams other than REQUEST_LIMITS (tests that place many). */
  limits?: Partial<RequestLimits>;
}

export interface StorefrontApp extends FastifyInstance {
  catalog: CatalogStore;
  /** Today's stop-lists and pauses in memory (decision 23): server.ts polls it, tests refresh it by hand. */
  availability: AvailabilityStore;
  /** 'Often ordered with' in memory (decision 56): server.ts polls it, tests reload it by hand. */
  pairs: PositionPairsStore;
  /** Slot counts and delays in memory (decision 56): server.ts polls it (with the automatic delay), tests sweep it by hand. */
  capacity: CapacityStore;
  /** The brand's settings and pages (decision 50): server.ts polls it, tests refresh it by hand. */
  brand: BrandStore;
  /** The payments module's context: tests run its sweeper by hand (payments-sweeper.ts runOnce). */
  payments: PaymentsContext;
}

/** Paths that belong to the API: a miss there is a JSON 404, never the storefront's index.html. */
const API_PREFIXES = ['/1/', '/api/', '/geocoder/'];

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes the function proxy-addr would build from it
 * (trust the n nearest hops), which Fastify's types do not take as a bare number.
 */
function trustedProxies(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Answers that carry no body by definition: 204 No Content, 304 Not Modified. */
const BODILESS_STATUSES = ['204', '304'];

/**
 * The zod transform writes `z.null()` as a nullable string; a status that never has a body must be
 * `type: 'null'`, which @fastify/swagger documents as a response without content.
 */
const openApiTransform: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const response = (transformed.schema as { response?: Record<string, { description?: string }> } | undefined)
    ?.response;
  for (const status of BODILESS_STATUSES) {
    const schema = response?.[status];
    if (response && schema) response[status] = { type: 'null', description: schema.description } as never;
  }
  return transformed;
};

/**
 * Builds the whole HTTP application without listening: server.ts listens, tests use app.inject.
 * The catalog is loaded before the first request is accepted.
 */
export async function buildApp({
  config,
  db,
  logger = false,
  now = Date.now,
  paymentGateways,
  limits: limitsGiven = {},
}: BuildAppOptions): Promise<StorefrontApp> {
  const limits: RequestLimits = { ...REQUEST_LIMITS, ...limitsGiven };
  // The brand's settings live in the database (decision 50): read before anything is built from them. The sign-in
  // providers and the Content-Security-Policy take the client ids and sign-in methods as they are at start.
  const brand = await openBrandStore(db, config);
  const asStarted: AppConfig = { ...config, brand: { ...config.brand, ...brand.settings } };
  const applySecurityHeaders = securityHeadersApplier(asStarted);
  const app = Fastify({
    // Request ids on every line, phone numbers and e-mails masked (plugins/logging.ts).
    logger: maskedLogger(logger),
    genReqId: requestIdGenerator(config.env.TRUST_PROXY),
    logController: new LogController({ disableRequestLogging: !config.env.LOG_REQUESTS }),
    trustProxy: trustedProxies(config.env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // While closing (SIGTERM), a request that still arrives on an open keep-alive connection is served, with
    // Connection: close, instead of Fastify's bare 503: a proxy may not resend a POST it already sent
    // (a sign-in code, a refresh), so that 503 would reach the customer (`npm run deploy:smoke` met it).
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // A URL that cannot even be decoded ('%') never reaches the error handler (nor any hook): answer it the
    // same way, with the security headers.
    frameworkErrors: (_error, request, reply) => {
      applySecurityHeaders(request as FastifyRequest, reply as FastifyReply);
      return sendBadRequest(request as FastifyRequest, reply as FastifyReply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of the onRequest hooks: every answer carries the headers, CORS preflights and refusals included.
  registerSecurityHeaders(app, applySecurityHeaders);
  await registerCors(app, config);
  registerRequestIds(app);
  // Before any route: its onRoute hook turns each route's config.auth into checks.
  registerAuthentication(app, { config: asStarted, db, now });
  brand.useLogger(app.log);
  app.decorate('brand', brand);

  const services = await startSharedServices(app, {
    config,
    db,
    now,
    limits,
    ...(paymentGateways ? { paymentGateways } : {}),
  });
  const { catalog } = services;
  // The brand's settings and pages move the catalog revision: they reload with the catalog, on its poll and after
  // a change made on this instance (a revert from the audit log too).
  catalog.follow(() => brand.refresh());

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Storefront API',
        version: '1',
        description:
          'Public catalog, sign-in and ordering calls of the white-label storefront. Money is in minor units; texts customers read are {ru, en}; errors are {errors:[{code, message, field?}]} in the Accept-Language of the request.',
      },
      tags: OPENAPI_TAGS,
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Every module of modules/index.ts, in its order; seo comes after the storefront's files, below.
  const deps: ModuleDeps = { config, db, now, limits, ...services, brand };
  for (const module of API_MODULES) await module.register(app, deps);

  // /config.json and the brand's static pages come from the brand store (modules/brand, decision 50).

  // Uploaded photos (decision 46), from the media store whichever it is: content-addressed keys, so a year's cache.
  const mediaStore = mediaStoreOf(config);
  app.get('/media/u/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const found = parsePhotoVariantKey(key) ? await mediaStore.get(key) : null;
    if (!found)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody(requestLocale(request), 'route.not-found'));
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(found.contentType);
    if (found.size !== undefined) reply.header('content-length', found.size);
    return reply.send(found.body);
  });

  const mediaDir = join(config.brandDir, 'media');
  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      maxAge: '1d',
      decorateReply: false,
    });
  }

  const indexHtml = join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      // Looked up per request, so a rebuilt storefront is served without a restart.
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text asset: sent as they are to browsers that accept
      // them (with Vary: Accept-Encoding), so no request spends CPU on compression.
      preCompressed: true,
      // Vite puts a content hash in every asset name: such a file never changes. The shell must revalidate.
      setHeaders: (res, path) => {
        const immutable = path.includes('/assets/');
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Which copy was sent depends on Accept-Encoding: a shared cache must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // The back office under /admin, and /staff's redirect to its board (decision 46).
  const hasBackOffice = await registerBackOfficeFiles(app, config.backOfficeDistDir);

  // robots.txt, sitemap.xml, and each public page's shell with its title, tags and text (decision 28).
  const seo = registerSeo(app, {
    config,
    catalog,
    now,
    indexHtml: hasWeb ? indexHtml : null,
    brand,
    // The storefront's server build (apps/web/vite.server.config.ts, decision 44).
    serverRenderFile: hasWeb ? config.webServerBuild : null,
  });
  const sendShell = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    seo.sendPage(request, reply, path) ||
    reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
  // A returning customer's home comes drawn by the server (decision 44); anyone else's as every page.
  if (hasWeb)
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      (await seo.sendFirstScreen(request, reply, '/')) ? reply : sendShell(request, reply, '/'),
    );

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    // A missing hashed asset is a 404, not the app shell: a browser would try to run HTML as a script.
    const isAsset = path.startsWith('/assets/') || path.startsWith(`${BACK_OFFICE_PATH}/assets/`);
    if (hasBackOffice && isBackOfficePage(path) && (request.method === 'GET' || request.method === 'HEAD'))
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.backOfficeDistDir);
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The storefront routes on the client: every other page path gets the app shell.
      return sendShell(request, reply, path);
    }
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(errorBody(requestLocale(request), 'route.not-found'));
  });

  return app as unknown as StorefrontApp;
}
