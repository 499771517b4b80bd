import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { type BrandConfig, brandConfig } from '@storefront/domain/contracts';
import { z } from 'zod';

/** The repository root; relative paths in the environment are read from here. */
export const REPO_ROOT = resolve(new URL('.', import.meta.url).pathname, '../../..');

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
  CATALOG_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  TRUST_PROXY: boolean.default(false),
});

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
  const brandDir = join(fromRoot(env.data.BRANDS_DIR), env.data.BRAND);
  const brandFile = join(brandDir, 'brand.json');
  if (!existsSync(brandFile)) throw new ConfigError(`BRAND: ${brandFile} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(brandFile, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${brandFile}: ${(error as Error).message}`);
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
