import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LATE_ACCEPT_MINUTES } from '@storefront/domain';
import { type BrandConfig, brandConfig } from '@storefront/domain/contracts';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { developmentSecrets, type GeneratedSecrets, testProcessSecrets } from './core/development-secrets.ts';

/** The repository root; relative paths in the environment are read from here. */
// The same depth from src/config.ts and from the compiled dist/server.js (decision 26): apps/api/<dir>/.
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** 'https://shop.example.com' or 'http://127.0.0.1:4173': what a browser sends as Origin, nothing more. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Documents one key for docs/configuration.md (npm run docs:config writes it from this schema). `unset`
 * says in words what an optional key without a value stands for, where that is not simply "off".
 */
function key<T extends z.ZodType>(schema: T, description: string, unset?: string): T {
  return schema.meta(unset === undefined ? { description } : { description, unset });
}

const YOOKASSA_PUBLISHED_RANGES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.154.128/25',
  '77.75.156.11',
  '77.75.156.35',
  '2a02:5180::/32',
];

/** Every environment variable the API reads: its type, its default and what it means. */
const envShape = {
  NODE_ENV: key(
    z.enum(['development', 'production', 'test']).default('development'),
    'The mode. `production` refuses the unsafe settings listed under "Refused together" and never seeds the demo staff logins.',
  ),
  HOST: key(z.string().min(1).default('127.0.0.1'), 'Address to listen on (`0.0.0.0` in a container).'),
  PORT: key(z.coerce.number().int().min(0).max(65_535).default(3000), 'Port to listen on.'),
  DATABASE_URL: key(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    '`postgres://…` of a PostgreSQL server.',
    'PGlite runs in-process, its files under DATA_DIR',
  ),
  DATABASE_POOL_SIZE: key(
    z.coerce.number().int().min(1).max(100).default(10),
    "Connections per instance to that server; N instances × pool must stay under the server's `max_connections`.",
  ),
  DATA_DIR: key(
    z.string().min(1).default('data'),
    "PGlite's files (relative paths are from the repository root).",
  ),
  BRAND: key(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a folder name under brands/')
      .default('demo'),
    'The brand folder under `BRANDS_DIR` this deployment serves.',
  ),
  BRANDS_DIR: key(z.string().min(1).default('brands'), 'Where brand folders live.'),
  WEB_DIST_DIR: key(
    z.string().min(1).default('apps/web/dist'),
    'The built storefront; without it only the API is served.',
  ),
  BACKOFFICE_DIST_DIR: key(
    z.string().min(1).default('apps/backoffice/dist'),
    'The built back office, served at /admin (decision 48); without it /admin is not served.',
  ),
  WEB_SERVER_BUILD: key(
    z.string().min(1).default('apps/web/dist-server/render-first-screen.js'),
    "The storefront's server build, which draws a returning customer's home and a first visit's location popup into the page (decision 44); without it the browser draws them.",
  ),
  LOG_LEVEL: key(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'The lowest level written to the log.',
  ),
  LOG_REQUESTS: key(
    boolean.default(false),
    'Log every request (a reverse proxy usually keeps the access log).',
  ),
  SHUTDOWN_TIMEOUT_MS: key(
    z.coerce.number().int().min(0).max(600_000).default(25_000),
    'On SIGTERM, how long the requests in flight may take before the process exits anyway (with 1).',
  ),
  CATALOG_REFRESH_MS: key(
    z.coerce.number().int().min(100).max(3_600_000).default(1000),
    'How often each instance checks the catalog revision (a one-row read) and re-reads stop-lists and busy: a back-office edit shows on every instance within this plus one reload (docs/benchmarks.md: within 2 s at a chain’s size).',
  ),
  STAFF_LATE_MINUTES: key(
    z.coerce.number().int().min(1).max(1440).default(DEFAULT_LATE_ACCEPT_MINUTES),
    'The order board marks an order left unaccepted this many minutes as late.',
  ),
  TRUST_PROXY: key(
    z
      .string()
      .trim()
      .refine(
        (value) =>
          /^(false|0|[1-9]\d?)$/.test(value) ||
          value.split(',').every((part) => ipaddr.isValid(part.trim()) || ipaddr.isValidCIDR(part.trim())),
        "must be 'false', a number of proxies (1–99) or their addresses, comma-separated",
      )
      .transform((value): false | number | string[] => {
        if (value === 'false' || value === '0') return false;
        if (/^\d+$/.test(value)) return Number(value);
        return value.split(',').map((part) => part.trim());
      })
      .default(false),
    // Not 'true': with an appending proxy the client would choose its own address, and with it a fresh
    // SMS budget per request.
    "Which `X-Forwarded-*` hops to believe: `false`, the number of proxies in front (usually `1`), or their addresses/CIDRs comma-separated. `true` is refused: behind a proxy that appends to `X-Forwarded-For` a client could name its own address, and a fresh SMS budget with it. Behind a proxy, set it, or every customer shares the proxy's budgets.",
  ),
  MAP_TILE_URL: key(
    z.string().optional(),
    'Leaflet tile URL template (`{z}/{x}/{y}`); empty draws no tiles. Overrides the brand, so tests and local runs can point the storefront at a fake.',
    "the brand's `maps.tileUrl`",
  ),
  GEOCODER_URL: key(
    z.string().optional(),
    'Nominatim-compatible geocoder: a URL or a path on this server.',
    "the brand's `maps.geocoderUrl`",
  ),
  GOOGLE_MAPS_KEY: key(
    z.string().optional(),
    "A browser key: Google Maps and Google geocoding instead of Leaflet; empty switches the brand's key off.",
    "the brand's `maps.googleMapsKey`",
  ),
  GOOGLE_GEOCODING_URL: key(
    z.string().optional(),
    'Where the Google geocoding adapter sends requests (tests point it at a fake).',
    "Google's own host",
  ),
  GOOGLE_PLACES_URL: key(
    z.string().optional(),
    'Where the Google Places adapter sends requests (tests point it at a fake).',
    "Google's own host",
  ),
  AUTH_TOKEN_SECRET: key(
    z.string().min(32, 'must be at least 32 characters').optional(),
    'Signs access tokens and keys the SMS code HMAC; at least 32 characters, the same on every instance.',
    'outside production, a random secret made on the first start and kept in `DATA_DIR/secrets.json` (mode 0600) for the next ones; refused in production',
  ),
  SMS_SENDER: key(
    z.enum(['log', 'smsru']).default('log'),
    '`log` (the code goes to the server log, with the phone masked) or `smsru`.',
  ),
  SMSRU_API_ID: key(z.string().min(1).optional(), 'SMS.ru `api_id`.'),
  SMSRU_URL: key(z.url().default('https://sms.ru'), "SMS.ru's address."),
  SMS_REQUESTS_PER_CLIENT_HOUR: key(
    z.coerce.number().int().min(1).max(1_000_000).default(20),
    'Code requests one client address (IPv6: its /64) may make in an hour, across phones (against SMS pumping).',
  ),
  SMS_REQUESTS_PER_BRAND_HOUR: key(
    z.coerce.number().int().min(1).max(10_000_000).default(2000),
    "Code requests the whole brand may make in an hour (the SMS bill's cap).",
  ),
  QUOTE_SECRET: key(
    z.string().min(32, 'must be at least 32 characters').optional(),
    "Signs the preflight's quote that order placement checks; at least 32 characters, the same on every instance.",
    'derived from `AUTH_TOKEN_SECRET`; without that too, outside production, a random secret kept in `DATA_DIR/secrets.json`; refused in production',
  ),
  PROMO_CODE_GUESSES_PER_CLIENT_HOUR: key(
    z.coerce.number().int().min(1).max(1_000_000).default(30),
    'Unknown promo codes one client address (IPv6: its /64) may try in an hour.',
  ),
  SMARTCAPTCHA_SERVER_KEY: key(
    z.string().min(1).optional(),
    'Yandex SmartCaptcha server key: the captcha in front of SMS code requests.',
    'bot protection is off (refused in production unless `SMS_CAPTCHA_OFF=true`)',
  ),
  SMARTCAPTCHA_URL: key(
    z.url().default('https://smartcaptcha.yandexcloud.net'),
    'Where `/validate` is asked (tests point it at a fake).',
  ),
  SMARTCAPTCHA_HOST: key(
    z.string().min(1).optional(),
    "The site host a captcha token must have been passed on. Never the request's `Host` header, which the client writes.",
    "`PUBLIC_URL`'s host name (or `HOST` without it)",
  ),
  SMS_CAPTCHA_OFF: key(
    boolean.default(false),
    'Let customers request SMS codes without a captcha even when `SMARTCAPTCHA_SERVER_KEY` is set; production then starts without one, and every start with it logs a warning: floods of code requests reach the paid SMS gateway with only the hourly budgets in front.',
  ),
  GOOGLE_JWKS_URL: key(
    z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    'The only place Google ID-token keys are read from. Google sign-in is on when the brand has its client id and lists it in `features.auth`.',
  ),
  APPLE_JWKS_URL: key(
    z.url().default('https://appleid.apple.com/auth/keys'),
    'The only place Apple identity-token keys are read from.',
  ),
  VK_ID_URL: key(
    z.url().default('https://id.vk.com'),
    "VK ID's `/oauth2/auth` and `/oauth2/user_info` (tests use a fake).",
  ),
  SIGN_IN_PROVIDER_TIMEOUT_MS: key(
    z.coerce.number().int().min(100).max(60_000).default(8000),
    'A JWKS or VK ID call slower than this is `503 auth.provider-unavailable`.',
  ),
  PUBLIC_URL: key(
    z.url().optional(),
    "The storefront's public origin: the payment return page and the demo payment page addresses, sitemap and canonical URLs, the host a captcha must have been passed on; always allowed across origins (CORS).",
    '`http://HOST:PORT`',
  ),
  PUBLIC_API_BASE: key(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .refine((value) => !/[?#]/.test(value), 'must be a base address without a query or fragment')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    "The API's public base address as the browser reaches it, when the API has an origin of its own; `/config.json` publishes it to the storefront as `apiBase`.",
    "the storefront's own origin",
  ),
  CORS_ORIGINS: key(
    z
      .string()
      .trim()
      .refine(
        (value) => value === '' || value.split(',').every((part) => isOrigin(part.trim())),
        "must be origins like 'https://shop.example.com', comma-separated (scheme, host and port only)",
      )
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      )
      .default([]),
    'Further storefront origins (`https://shop.example`, comma-separated) whose pages may call this API from another origin; any other origin gets no CORS headers and its preflight a `403`.',
  ),
  YOOKASSA_URL: key(
    z.url().default('https://api.yookassa.ru/v3'),
    "YooKassa's API (tests point it at a fake).",
  ),
  YOOKASSA_SHOPS: key(
    z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' || value.split(',').every((part) => /^[^=,\s]+=[^:,\s]+:[^,\s]+$/.test(part.trim())),
        "must be 'name=shopId:secretKey', comma-separated",
      )
      .transform((value) =>
        Object.fromEntries(
          value
            .split(',')
            .filter((part) => part.trim() !== '')
            .map((part) => {
              const [name, credentials] = part.trim().split('=') as [string, string];
              const colon = credentials.indexOf(':');
              return [name, { shopId: credentials.slice(0, colon), secretKey: credentials.slice(colon + 1) }];
            }),
        ),
      )
      .default({}),
    "YooKassa shops: `name=shopId:secretKey`, comma-separated, where `name` is a restaurant's `payConfig…cardOnline` value. Without it no restaurant on YooKassa offers card payment online.",
  ),
  YOOKASSA_NOTIFICATION_IPS: key(
    z
      .string()
      .trim()
      .refine(
        (value) =>
          value.split(',').every((part) => ipaddr.isValid(part.trim()) || ipaddr.isValidCIDR(part.trim())),
        'must be addresses or CIDRs, comma-separated',
      )
      .transform((value) => value.split(',').map((part) => part.trim()))
      .default(YOOKASSA_PUBLISHED_RANGES),
    "Addresses and CIDRs payment notifications are believed from (YooKassa's published ranges by default), as read through `TRUST_PROXY`.",
  ),
  PAYMENT_PROVIDER_TIMEOUT_MS: key(
    z.coerce.number().int().min(100).max(60_000).default(10_000),
    'A payment provider call slower than this has an unknown outcome and is repeated.',
  ),
  IIKO_API_URL: key(
    z.url().default('https://api-ru.iiko.services'),
    "iiko Cloud API's address (tests point it at a fake).",
  ),
  IIKO_API_LOGINS: key(
    z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' || value.split(',').every((part) => /^[a-z0-9-]+=[^=,\s]+$/.test(part.trim())),
        "must be 'brand=apiLogin', comma-separated",
      )
      .transform(
        (value): Record<string, string> =>
          Object.fromEntries(
            value
              .split(',')
              .filter((part) => part.trim() !== '')
              .map((part) => part.trim().split('=') as [string, string]),
          ),
      )
      .default({}),
    "iiko API logins per brand: `brand=apiLogin`, comma-separated. A brand named here can link its restaurants to iiko (docs/iiko.md); without it the POS is `none` and the order board is the kitchen's.",
  ),
  IIKO_TIMEOUT_MS: key(
    z.coerce.number().int().min(1000).max(120_000).default(20_000),
    "An iiko call slower than this is a timeout; above iiko's own 8 s wait for the terminal.",
  ),
  POS_SYNC_INTERVAL_MS: key(
    z.coerce.number().int().min(10_000).max(86_400_000).default(900_000),
    "How often a linked organization's menu and stop-lists are read again without a webhook (15 minutes).",
  ),
  POS_POLL_MS: key(
    z.coerce.number().int().min(500).max(600_000).default(5_000),
    'How often the POS worker sends waiting orders, checks creations in progress and, when webhooks have stopped, reads orders by revision.',
  ),
  PAYMENT_VAT_CODE: key(z.coerce.number().int().min(1).max(12).default(1), 'The VAT code of receipt items.'),
  PAYMENT_RECEIPTS: key(boolean.default(true), 'Send 54-FZ receipts with payments and refunds.'),
  PAYMENTS_DEMO_ALLOWED: key(
    boolean.default(false),
    'Production only: let restaurants on the `demo` engine offer online payment (the demo engine takes no money, so in production they offer none unless this is set).',
  ),
  PAYMENT_UNPAID_CANCEL_MINUTES: key(
    z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 60)
      .default(60),
    'An unpaid card-online order is cancelled after this many minutes (at least 60).',
  ),
  PAYMENT_SWEEP_MS: key(
    z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    'How often pending payments, refunds and unpaid orders are looked at; `0` is off.',
  ),
  BONUS_PROGRAM_CACHE_MS: key(
    z.coerce.number().int().min(0).max(60_000).default(5_000),
    'How long an instance keeps the brand’s bonus program in memory; an owner’s change on another instance shows within it. `0`: read on every use.',
  ),
  BONUS_SWEEP_MS: key(
    z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    'How often bonus points past their day are expired and orders whose points lag their status are settled; `0` is off.',
  ),
  POSITION_PAIRS_RECOMPUTE_MS: key(
    z.coerce.number().int().min(0).max(604_800_000).default(21_600_000),
    "How often 'often ordered with' is recomputed from the last 90 days of orders (one instance a round; the first round soon after start unless the pairs are fresher); `0` is off.",
  ),
  REPORT_ROLLUP_MS: key(
    z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    'How often the days reports are behind on (marked by every order change) are recomputed into the daily roll-ups (one instance a round; a report reads days still behind from the orders); `0` is off.',
  ),
  POSITION_PAIRS_RELOAD_MS: key(
    z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    "How often every instance reads 'often ordered with' into memory again; `0` is only at start.",
  ),
  RATING_INVITE_SWEEP_MS: key(
    z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    'How often orders done an hour ago are looked at to send the customer one SMS with the link to rate the order (one instance claims each order); `0` is off. Under `NODE_ENV=test` the timer never starts: tests run rounds by hand.',
  ),
  EVENTS_POLL_MS: key(
    z.coerce.number().int().min(10).max(60_000).default(500),
    'How often an instance reads new order events while at least one event stream is open on it.',
  ),
  MEDIA_STORE: key(
    z.enum(['local', 's3']).default('local'),
    'Where uploaded photos are kept (decision 46): `local` files under `DATA_DIR/media` (one instance), `s3` an S3-compatible bucket every instance shares.',
  ),
  S3_ENDPOINT: key(
    z.url().optional(),
    'The S3-compatible service (MinIO, Yandex Object Storage, …), e.g. `https://storage.yandexcloud.net`.',
    "AWS's own endpoint for `S3_REGION`",
  ),
  S3_BUCKET: key(z.string().min(1).optional(), 'The bucket of uploaded photos (`MEDIA_STORE=s3`).'),
  S3_REGION: key(z.string().min(1).default('us-east-1'), 'The region the bucket is in.'),
  S3_ACCESS_KEY_ID: key(
    z.string().min(1).optional(),
    'Access key of the bucket.',
    "the AWS SDK's default credentials (environment, instance role)",
  ),
  S3_SECRET_ACCESS_KEY: key(z.string().min(1).optional(), 'Secret key of `S3_ACCESS_KEY_ID`.'),
  S3_FORCE_PATH_STYLE: key(
    boolean.default(true),
    'Address objects as `endpoint/bucket/key` (MinIO and most S3-compatible services) rather than `bucket.endpoint/key`.',
  ),
  CLOCK_NOW: key(
    z.iso.datetime({ offset: true }).optional(),
    'Test only: the server clock starts at this instant (ISO 8601 with an offset) and runs on from there, so the journeys meet the same open and closed restaurants at any hour.',
    'the real clock',
  ),
};

export type EnvKey = keyof typeof envShape;
type Env = z.output<z.ZodObject<typeof envShape>>;

/** A setting that is valid alone but refused with another one, or in production. */
export interface EnvRule {
  key: EnvKey;
  /** Every other key the rule reads: it is judged only when those are valid. */
  reads: EnvKey[];
  /** For docs/configuration.md. */
  rule: string;
  /** What a refused start says after the key's name. */
  message: string;
  broken: (env: Env) => boolean;
}

const production = (env: Env) => env.NODE_ENV === 'production';

/** 127.0.0.0/8, ::1 or localhost: a relay on the same machine, where plain http crosses no network. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * A plain-http address of another machine. Tile templates' `{s}`, `{z}`… are read as letters; a path on
 * this server (`/geocoder`) and anything that is not an http(s) URL at all are not this rule's business.
 */
export function isPlainHttpElsewhere(value: string | undefined): boolean {
  if (value === undefined || !/^http:\/\//i.test(value.trim())) return false;
  try {
    return !isLoopback(new URL(value.trim().replace(/\{[^}]*\}/g, 'x')).hostname);
  } catch {
    return true;
  }
}

/** Addresses of the services the server (or the customer's browser, for tiles) talks to. */
type ProviderKey =
  | 'SMSRU_URL'
  | 'SMARTCAPTCHA_URL'
  | 'GOOGLE_JWKS_URL'
  | 'APPLE_JWKS_URL'
  | 'VK_ID_URL'
  | 'YOOKASSA_URL'
  | 'GEOCODER_URL'
  | 'GOOGLE_GEOCODING_URL'
  | 'GOOGLE_PLACES_URL'
  | 'MAP_TILE_URL'
  | 'PUBLIC_URL'
  | 'PUBLIC_API_BASE';
const httpsInProduction = (key: ProviderKey): EnvRule => ({
  key,
  reads: ['NODE_ENV'],
  rule: 'must be https:// when `NODE_ENV=production` (plain http only to a loopback address)',
  message:
    'must be https:// in production (keys, codes, payments and addresses travel over it; plain http only to a loopback address)',
  broken: (env) => production(env) && isPlainHttpElsewhere(env[key]),
});

/** YooKassa's test shops have `test_…` secret keys (INTEGRATIONS.md): they take no money. */
export const isYooKassaTestKey = (secretKey: string) => secretKey.startsWith('test_');

/** Every rule across keys; a start breaking several of them hears of all at once, with the type errors. */
export const envRules: EnvRule[] = [
  {
    key: 'AUTH_TOKEN_SECRET',
    reads: ['NODE_ENV'],
    rule: 'required when `NODE_ENV=production`',
    message: 'required in production (at least 32 characters)',
    broken: (env) => production(env) && !env.AUTH_TOKEN_SECRET,
  },
  {
    key: 'QUOTE_SECRET',
    reads: ['NODE_ENV'],
    rule: 'required when `NODE_ENV=production`',
    message: 'required in production (at least 32 characters)',
    broken: (env) => production(env) && !env.QUOTE_SECRET,
  },
  {
    key: 'SMS_SENDER',
    reads: ['NODE_ENV'],
    rule: '`log` is refused when `NODE_ENV=production`',
    message: 'the log sender writes codes to the log and is refused in production',
    broken: (env) => production(env) && env.SMS_SENDER === 'log',
  },
  {
    key: 'SMSRU_API_ID',
    reads: ['SMS_SENDER'],
    rule: 'required when `SMS_SENDER=smsru`',
    message: 'required when SMS_SENDER=smsru',
    broken: (env) => env.SMS_SENDER === 'smsru' && !env.SMSRU_API_ID,
  },
  {
    key: 'SMARTCAPTCHA_SERVER_KEY',
    reads: ['NODE_ENV', 'SMS_CAPTCHA_OFF'],
    rule: 'required when `NODE_ENV=production`, unless `SMS_CAPTCHA_OFF=true`',
    message:
      'required in production: a captcha guards the paid SMS gateway (set SMS_CAPTCHA_OFF=true to start without one, knowingly)',
    broken: (env) => production(env) && !env.SMS_CAPTCHA_OFF && !env.SMARTCAPTCHA_SERVER_KEY,
  },
  {
    key: 'PUBLIC_URL',
    reads: ['NODE_ENV'],
    rule: 'required when `NODE_ENV=production`',
    message:
      "required in production (payment return pages, the captcha's host, canonical addresses are built from it)",
    broken: (env) => production(env) && !env.PUBLIC_URL,
  },
  {
    key: 'YOOKASSA_SHOPS',
    reads: ['NODE_ENV'],
    rule: 'a test shop (secret key `test_…`) is refused when `NODE_ENV=production`',
    message: 'holds a test shop (secret key test_…), which takes no real money: refused in production',
    broken: (env) =>
      production(env) && Object.values(env.YOOKASSA_SHOPS).some((shop) => isYooKassaTestKey(shop.secretKey)),
  },
  {
    key: 'S3_BUCKET',
    reads: ['MEDIA_STORE'],
    rule: 'required when `MEDIA_STORE=s3`',
    message: 'required when MEDIA_STORE=s3',
    broken: (env) => env.MEDIA_STORE === 's3' && !env.S3_BUCKET,
  },
  {
    key: 'S3_SECRET_ACCESS_KEY',
    reads: ['S3_ACCESS_KEY_ID'],
    rule: 'required with `S3_ACCESS_KEY_ID`',
    message: 'required with S3_ACCESS_KEY_ID',
    broken: (env) => Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY),
  },
  httpsInProduction('PUBLIC_URL'),
  httpsInProduction('PUBLIC_API_BASE'),
  httpsInProduction('SMSRU_URL'),
  httpsInProduction('SMARTCAPTCHA_URL'),
  httpsInProduction('GOOGLE_JWKS_URL'),
  httpsInProduction('APPLE_JWKS_URL'),
  httpsInProduction('VK_ID_URL'),
  httpsInProduction('YOOKASSA_URL'),
  httpsInProduction('GEOCODER_URL'),
  httpsInProduction('GOOGLE_GEOCODING_URL'),
  httpsInProduction('GOOGLE_PLACES_URL'),
  httpsInProduction('MAP_TILE_URL'),
  {
    key: 'CLOCK_NOW',
    reads: ['NODE_ENV'],
    rule: 'refused when `NODE_ENV=production`',
    message: 'a test-only setting (it moves the server clock); refused when NODE_ENV=production',
    broken: (env) => production(env) && env.CLOCK_NOW !== undefined,
  },
];

/**
 * The one schema of the environment: each key's type, default and meaning, then the rules across keys.
 * The rules run even when some key is wrong (`when`), each only if the keys it reads are valid, so one
 * refused start lists every problem. docs/configuration.md is generated from it.
 */
export const envSchema = z.object(envShape).check(
  z.superRefine(
    (env, ctx) => {
      const wrong = new Set(ctx.issues.map((issue) => issue.path?.[0]));
      for (const rule of envRules) {
        if (wrong.has(rule.key) || rule.reads.some((read) => wrong.has(read))) continue;
        if (rule.broken(env)) ctx.addIssue({ code: 'custom', path: [rule.key], message: rule.message });
      }
    },
    { when: () => true },
  ),
);

/** The brand file's maps settings with the environment's overrides applied. */
function mapsOverrides(env: z.infer<typeof envSchema>, maps: Record<string, unknown>) {
  const pick = (value: string | undefined, key: string) =>
    value === undefined ? {} : { [key]: value === '' && key === 'googleMapsKey' ? null : value };
  return {
    ...maps,
    ...pick(env.MAP_TILE_URL, 'tileUrl'),
    ...pick(env.GEOCODER_URL, 'geocoderUrl'),
    ...pick(env.GOOGLE_MAPS_KEY, 'googleMapsKey'),
    ...pick(env.GOOGLE_GEOCODING_URL, 'googleGeocodingUrl'),
    ...pick(env.GOOGLE_PLACES_URL, 'googlePlacesUrl'),
  };
}

/**
 * The brand's public settings as served: the maps settings with the environment's overrides on top (the settings
 * themselves now live in the database, decision 50; the overrides still win, so tests and local runs can point the
 * storefront at fakes).
 */
export function withEnvOverrides(env: z.infer<typeof envSchema>, brand: BrandConfig): BrandConfig {
  return { ...brand, maps: mapsOverrides(env, brand.maps) as BrandConfig['maps'] };
}

/** The brand's maps addresses a browser or the server fetches from. */
const MAPS_URL_FIELDS = ['tileUrl', 'geocoderUrl', 'googleGeocodingUrl', 'googlePlacesUrl'] as const;

/**
 * What a start that is allowed but weaker than it could be says in its log, once, at start-up (server.ts):
 * settings an operator must have chosen knowingly.
 */
export function startWarnings(config: Pick<AppConfig, 'env'>): string[] {
  const warnings: string[] = [];
  if (config.env.SMS_CAPTCHA_OFF)
    warnings.push(
      'SMS_CAPTCHA_OFF=true: SMS codes are sent without a captcha; only the hourly budgets stand between a bot and the SMS bill',
    );
  return warnings;
}

export interface AppConfig {
  env: z.infer<typeof envSchema>;
  /**
   * The brand file with the environment's overrides, as read at start. What an owner may change (name, theme,
   * features, links, client ids) is read from the brand store instead (decision 50); this stays right for what
   * only the file sets (the brand's id, locales).
   */
  brand: BrandConfig;
  /** brands/<id>/brand.json as written, without the overrides: what a brand's settings row is seeded with. */
  brandFile: BrandConfig;
  brandDir: string;
  dataDir: string;
  webDistDir: string;
  /** The storefront's server build (decision 44). */
  webServerBuild: string;
  /** The built back office (decision 48). */
  backOfficeDistDir: string;
}

export class ConfigError extends Error {}

/**
 * Outside production a start without AUTH_TOKEN_SECRET signs with random secrets of its own, never with
 * one published in the repository: a development start keeps them in DATA_DIR (so sessions survive a
 * restart), a test process holds them in memory. Production without them was refused by envRules.
 */
function withSecrets(env: Env, dataDir: string): Env {
  if (env.NODE_ENV === 'production' || env.AUTH_TOKEN_SECRET) return env;
  let secrets: GeneratedSecrets;
  try {
    secrets = env.NODE_ENV === 'test' ? testProcessSecrets() : developmentSecrets(dataDir);
  } catch (error) {
    throw new ConfigError(`AUTH_TOKEN_SECRET: unset, and ${(error as Error).message}`);
  }
  return { ...env, AUTH_TOKEN_SECRET: secrets.authToken, QUOTE_SECRET: env.QUOTE_SECRET ?? secrets.quote };
}

const fromRoot = (path: string) => (isAbsolute(path) ? path : join(REPO_ROOT, path));

/** Reads the environment and the brand; a wrong value stops start-up with every wrong key listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const env = envSchema.safeParse(source);
  if (!env.success) {
    for (const issue of env.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n- ${problems.join('\n- ')}`);
  }
  const brandDir = join(fromRoot(env.data.BRANDS_DIR), env.data.BRAND);
  const brandFile = join(brandDir, 'brand.json');
  if (!existsSync(brandFile)) throw new ConfigError(`BRAND: ${brandFile} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(brandFile, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${brandFile}: ${(error as Error).message}`);
  }
  const asWritten = brandConfig.safeParse(raw);
  if (raw && typeof raw === 'object' && 'maps' in raw && raw.maps && typeof raw.maps === 'object') {
    raw = { ...raw, maps: mapsOverrides(env.data, raw.maps as Record<string, unknown>) };
  }
  const brand = brandConfig.safeParse(raw);
  if (!brand.success) {
    for (const issue of brand.error.issues)
      problems.push(`${brandFile} ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid brand config:\n- ${problems.join('\n- ')}`);
  }
  if (env.data.NODE_ENV === 'production') {
    // The brand file's addresses (with the environment's overrides) are held to the same rule as the keys.
    const maps = brand.data.maps as Record<string, unknown>;
    for (const field of MAPS_URL_FIELDS)
      if (typeof maps[field] === 'string' && isPlainHttpElsewhere(maps[field]))
        problems.push(
          `${brandFile} maps.${field}: must be https:// in production (plain http only to a loopback address)`,
        );
    if (problems.length > 0) throw new ConfigError(`Invalid brand config:\n- ${problems.join('\n- ')}`);
  }
  if (brand.data.whiteLabel !== env.data.BRAND) {
    throw new ConfigError(`${brandFile} whiteLabel: must equal the folder name '${env.data.BRAND}'`);
  }
  const dataDir = fromRoot(env.data.DATA_DIR);
  return {
    env: withSecrets(env.data, dataDir),
    brand: brand.data,
    brandFile: asWritten.success ? asWritten.data : brand.data,
    brandDir,
    dataDir,
    webDistDir: fromRoot(env.data.WEB_DIST_DIR),
    webServerBuild: fromRoot(env.data.WEB_SERVER_BUILD),
    backOfficeDistDir: fromRoot(env.data.BACKOFFICE_DIST_DIR),
  };
}
