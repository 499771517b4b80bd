import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, envRules, envSchema, loadConfig, REPO_ROOT } from './config.ts';

const scratch = mkdtempSync(join(tmpdir(), 'storefront-brands-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function brandWith(change: (brand: Record<string, unknown>) => void, id = 'demo'): string {
  const brand = JSON.parse(readFileSync(join(REPO_ROOT, 'brands', 'demo', 'brand.json'), 'utf8'));
  change(brand);
  mkdirSync(join(scratch, id), { recursive: true });
  writeFileSync(join(scratch, id, 'brand.json'), JSON.stringify(brand));
  return scratch;
}

describe('configuration', () => {
  it('reads the defaults: demo brand, PGlite under data/, port 3000', () => {
    const config = loadConfig({});
    expect(config.env).toMatchObject({ PORT: 3000, BRAND: 'demo', NODE_ENV: 'development' });
    expect(config.env.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(join(REPO_ROOT, 'data'));
    expect(config.brand.theme.primary).toBe('#5bd0a4');
  });

  it('stops with every wrong environment key listed', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL[\s\S]*TRUST_PROXY/);
  });

  it('believes X-Forwarded-For only as far as TRUST_PROXY says: a hop count or the proxies themselves', () => {
    expect(loadConfig({}).env.TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).env.TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).env.TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).env.TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    // Trusting every hop would let a client pick its own address behind an appending proxy.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be 'false', a number/);
  });

  it('stops on a missing brand or a wrong brand value, naming the key', () => {
    expect(() => loadConfig({ BRAND: 'nobody' })).toThrow(/BRAND: .*nobody.*does not exist/);
    const dir = brandWith((b) => {
      (b.theme as Record<string, unknown>).primary = 'green';
      b.locales = [];
    });
    expect(() => loadConfig({ BRANDS_DIR: dir })).toThrow(/theme\.primary[\s\S]*locales/);
    const renamed = brandWith(() => {}, 'other');
    expect(() => loadConfig({ BRANDS_DIR: renamed, BRAND: 'other' })).toThrow(
      /whiteLabel: must equal the folder name 'other'/,
    );
  });

  it('takes CLOCK_NOW, a test clock, only outside production and only as an ISO instant', () => {
    expect(loadConfig({ CLOCK_NOW: '2026-11-25T12:00:00+03:00' }).env.CLOCK_NOW).toBe(
      '2026-11-25T12:00:00+03:00',
    );
    expect(() => loadConfig({ CLOCK_NOW: 'noon' })).toThrow(/CLOCK_NOW/);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_NOW: '2026-11-25T09:00:00Z' })).toThrow(
      /CLOCK_NOW: a test-only setting[\s\S]*refused when NODE_ENV=production/,
    );
  });

  it('refuses a wrong production start with every problem listed at once, types and production rules alike', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        SMS_SENDER: 'log',
        VK_ID_URL: 'http://id.vk.com',
        CLOCK_NOW: '2026-11-25T09:00:00Z',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const listed = message
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.slice(2, line.indexOf(':')));
    expect(listed.sort()).toEqual(
      [
        'AUTH_TOKEN_SECRET',
        'CLOCK_NOW',
        'LOG_LEVEL',
        'PORT',
        'QUOTE_SECRET',
        'SMS_SENDER',
        'VK_ID_URL',
      ].sort(),
    );
    expect(message).toMatch(/^Invalid environment:/);
    expect(message).toMatch(/AUTH_TOKEN_SECRET: required in production/);
    expect(message).toMatch(
      /SMS_SENDER: the log sender writes codes to the log and is refused in production/,
    );
    expect(message).toMatch(/VK_ID_URL: must be https:\/\/ in production/);
  });

  it('lists SMS.ru without its api_id beside wrong types, and names a wrong key once, by its type', () => {
    expect(() => loadConfig({ SMS_SENDER: 'smsru', PORT: '-1' })).toThrow(
      /PORT[\s\S]*SMSRU_API_ID: required/,
    );
    // A URL that is no URL at all is not also told it lacks https; a wrong NODE_ENV judges no production rule.
    const attempt = () =>
      loadConfig({ NODE_ENV: 'production', GOOGLE_JWKS_URL: 'no url', AUTH_TOKEN_SECRET: 'x'.repeat(32) });
    expect(attempt).toThrow(/GOOGLE_JWKS_URL: Invalid URL/);
    expect(attempt).not.toThrow(/GOOGLE_JWKS_URL: must be https/);
    expect(() => loadConfig({ NODE_ENV: 'prod', SMS_SENDER: 'log' })).not.toThrow(/SMS_SENDER/);
  });

  it('starts in production once every rule holds', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_TOKEN_SECRET: 'a'.repeat(32),
      QUOTE_SECRET: 'q'.repeat(32),
      SMS_SENDER: 'smsru',
      SMSRU_API_ID: 'id',
    });
    expect(config.env.NODE_ENV).toBe('production');
  });

  it('describes every key and names only keys of the schema in its rules', () => {
    for (const [name, field] of Object.entries(envSchema.shape))
      expect(field.meta()?.description, name).toMatch(/\S/);
    for (const rule of envRules)
      for (const name of [rule.key, ...rule.reads]) expect(envSchema.shape).toHaveProperty(name);
  });
});
