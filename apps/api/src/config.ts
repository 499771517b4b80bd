import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LATE_ACCEPT_MINUTES } from '@storefront/domain';
import { type BrandConfig, brandConfig } from '@storefront/domain/contracts';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

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

/** Every environment variable the API reads. README's table lists the same names and defaults. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('data'),
  BRAND: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a folder name under brands/')
    .default('demo'),
  BRANDS_DIR: z.string().min(1).default('brands'),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: boolean.default(false),
  /** On SIGTERM the requests in flight get this long to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  CATALOG_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  /** The order board (issue 16): an order left unaccepted this many minutes is marked late. */
  STAFF_LATE_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_LATE_ACCEPT_MINUTES),
  // Which X-Forwarded-For hops to believe: 'false', a count of proxies in front (usually 1), or their
  // addresses/CIDRs comma-separated. Not 'true': with an appending proxy the client would choose its own
  // address, and with it a fresh SMS budget per request.
  TRUST_PROXY: z
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
  // Override the brand's maps settings, so tests and local runs point the storefront at a fake.
  MAP_TILE_URL: z.string().optional(),
  GEOCODER_URL: z.string().optional(),
  GOOGLE_MAPS_KEY: z.string().optional(),
  GOOGLE_GEOCODING_URL: z.string().optional(),
  GOOGLE_PLACES_URL: z.string().optional(),
  // Sign-in (modules/auth). The token secret signs access tokens and keys the SMS code HMAC; without it a
  // fixed development secret is used, and a production start is refused (as is the log sender there).
  AUTH_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMS_SENDER: z.enum(['log', 'smsru']).default('log'),
  SMSRU_API_ID: z.string().min(1).optional(),
  SMSRU_URL: z.url().default('https://sms.ru'),
  // Hourly code-request budgets across phones, against SMS pumping: per client address (IPv6: per /64)
  // and for the whole brand. Behind a proxy, set TRUST_PROXY so the client address is the customer's.
  SMS_REQUESTS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SMS_REQUESTS_PER_BRAND_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(2000),
  // Preflight (modules/preflight). The quote secret signs the preflight's quote that order placement checks;
  // without it a key derived from AUTH_TOKEN_SECRET (or the development secret) is used, and a production
  // start is refused. Unknown promo codes one client (an IPv4 address, an IPv6 /64) may try per hour.
  QUOTE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PROMO_CODE_GUESSES_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Bot protection is off until the server key is set; the host defaults to the request's own host name.
  SMARTCAPTCHA_SERVER_KEY: z.string().min(1).optional(),
  SMARTCAPTCHA_URL: z.url().default('https://smartcaptcha.yandexcloud.net'),
  SMARTCAPTCHA_HOST: z.string().min(1).optional(),
  // Google / Apple / VK ID sign-in: each is on when the brand has its client id (and lists it in
  // features.auth). The URLs are configurable so tests point them at fakes; keys come only from these.
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  VK_ID_URL: z.url().default('https://id.vk.com'),
  SIGN_IN_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  // Online payment (integrations/payments, decision 22). The storefront's public origin builds the return page
  // and the demo page addresses (default: http://HOST:PORT). YooKassa shops: 'name=shopId:secretKey' comma-
  // separated, where name is a restaurant's payConfig cardOnline value. Notifications are believed only from
  // these addresses (YooKassa's published ranges), as read through TRUST_PROXY.
  PUBLIC_URL: z.url().optional(),
  // The API on an origin of its own (issue 19, decision 25). PUBLIC_API_BASE is the API's public base address
  // as the browser reaches it (unset: the storefront's own origin); /config.json publishes it as apiBase.
  // CORS_ORIGINS lists the storefront origins whose pages may call this API from another origin (the origin
  // of PUBLIC_URL is always one); any other origin gets no CORS headers and its preflights a 403.
  PUBLIC_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine((value) => !/[?#]/.test(value), 'must be a base address without a query or fragment')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  CORS_ORIGINS: z
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
  YOOKASSA_URL: z.url().default('https://api.yookassa.ru/v3'),
  YOOKASSA_SHOPS: z
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
  YOOKASSA_NOTIFICATION_IPS: z
    .string()
    .trim()
    .refine(
      (value) =>
        value.split(',').every((part) => ipaddr.isValid(part.trim()) || ipaddr.isValidCIDR(part.trim())),
      'must be addresses or CIDRs, comma-separated',
    )
    .transform((value) => value.split(',').map((part) => part.trim()))
    .default([
      '185.71.76.0/27',
      '185.71.77.0/27',
      '77.75.153.0/25',
      '77.75.154.128/25',
      '77.75.156.11',
      '77.75.156.35',
      '2a02:5180::/32',
    ]),
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PAYMENT_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  PAYMENT_RECEIPTS: boolean.default(true),
  // The demo engine takes no money; in production its restaurants offer no online payment unless this is set.
  PAYMENTS_DEMO_ALLOWED: boolean.default(false),
  PAYMENT_UNPAID_CANCEL_MINUTES: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 60)
    .default(60),
  PAYMENT_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Order event streams (modules/events): how often each instance looks for new order events while at least
  // one stream is open on it.
  EVENTS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  // Test-only: the server's clock starts at this instant (ISO 8601 with an offset) and runs on from there,
  // so the journeys meet the same open and closed restaurants at any hour. Refused in production.
  CLOCK_NOW: z.iso.datetime({ offset: true }).optional(),
});

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

export interface AppConfig {
  env: z.infer<typeof envSchema>;
  brand: BrandConfig;
  brandDir: string;
  dataDir: string;
  webDistDir: string;
}

export class ConfigError extends Error {}

const fromRoot = (path: string) => (isAbsolute(path) ? path : join(REPO_ROOT, path));

/** Reads the environment and the brand; a wrong value stops start-up with every wrong key listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const env = envSchema.safeParse(source);
  if (!env.success) {
    for (const issue of env.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n- ${problems.join('\n- ')}`);
  }
  if (env.data.NODE_ENV === 'production' && env.data.CLOCK_NOW !== undefined) {
    throw new ConfigError(
      'Invalid environment:\n- CLOCK_NOW: a test-only setting (it moves the server clock); refused when NODE_ENV=production',
    );
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
  if (raw && typeof raw === 'object' && 'maps' in raw && raw.maps && typeof raw.maps === 'object') {
    raw = { ...raw, maps: mapsOverrides(env.data, raw.maps as Record<string, unknown>) };
  }
  const brand = brandConfig.safeParse(raw);
  if (!brand.success) {
    for (const issue of brand.error.issues)
      problems.push(`${brandFile} ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid brand config:\n- ${problems.join('\n- ')}`);
  }
  if (brand.data.whiteLabel !== env.data.BRAND) {
    throw new ConfigError(`${brandFile} whiteLabel: must equal the folder name '${env.data.BRAND}'`);
  }
  return {
    env: env.data,
    brand: brand.data,
    brandDir,
    dataDir: fromRoot(env.data.DATA_DIR),
    webDistDir: fromRoot(env.data.WEB_DIST_DIR),
  };
}
