import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, envRules, envSchema, loadConfig, REPO_ROOT, startWarnings } from './config.ts';
import { captchaHost } from './core/auth-settings.ts';

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
        YOOKASSA_SHOPS: 'main=1001:live_abc,trial=2002:test_xyz',
        YOOKASSA_URL: 'http://api.yookassa.ru/v3',
        SMSRU_URL: 'http://sms.ru',
        GEOCODER_URL: 'http://nominatim.example/search',
        MAP_TILE_URL: 'http://{s}.tile.example/{z}/{x}/{y}.png',
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
        'SMARTCAPTCHA_SERVER_KEY',
        'PUBLIC_URL',
        'YOOKASSA_SHOPS',
        'YOOKASSA_URL',
        'SMSRU_URL',
        'GEOCODER_URL',
        'MAP_TILE_URL',
      ].sort(),
    );
    expect(message).toMatch(/SMARTCAPTCHA_SERVER_KEY: required in production.*SMS_CAPTCHA_OFF=true/);
    expect(message).toMatch(/PUBLIC_URL: required in production/);
    expect(message).toMatch(/YOOKASSA_SHOPS: holds a test shop/);
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

  const PRODUCTION = {
    NODE_ENV: 'production',
    AUTH_TOKEN_SECRET: 'a'.repeat(32),
    QUOTE_SECRET: 'q'.repeat(32),
    SMS_SENDER: 'smsru',
    SMSRU_API_ID: 'id',
    SMARTCAPTCHA_SERVER_KEY: 'captcha-server-key',
    PUBLIC_URL: 'https://shop.example',
  };

  it('starts in production once every rule holds', () => {
    const config = loadConfig({ ...PRODUCTION, YOOKASSA_SHOPS: 'main=1001:live_abc' });
    expect(config.env.NODE_ENV).toBe('production');
    expect(startWarnings(config)).toEqual([]);
  });

  it('runs production SMS sign-in without a captcha only when switched off by name, and says so at every start', () => {
    const { SMARTCAPTCHA_SERVER_KEY: _key, ...withoutCaptcha } = PRODUCTION;
    expect(() => loadConfig(withoutCaptcha)).toThrow(/SMARTCAPTCHA_SERVER_KEY: required in production/);
    const off = loadConfig({ ...withoutCaptcha, SMS_CAPTCHA_OFF: 'true' });
    expect(startWarnings(off)).toEqual([
      expect.stringMatching(/^SMS_CAPTCHA_OFF=true: SMS codes are sent without a captcha/),
    ]);
    // Switched off by name, it is off even with a server key set.
    expect(startWarnings(loadConfig({ ...PRODUCTION, SMS_CAPTCHA_OFF: '1' }))).toHaveLength(1);
  });

  it('refuses YooKassa test shops in production and keeps them for development', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION, YOOKASSA_SHOPS: 'main=1001:live_abc,sandbox=2002:test_abc' }),
    ).toThrow(/YOOKASSA_SHOPS: holds a test shop/);
    expect(loadConfig({ YOOKASSA_SHOPS: 'sandbox=2002:test_abc' }).env.YOOKASSA_SHOPS).toEqual({
      sandbox: { shopId: '2002', secretKey: 'test_abc' },
    });
  });

  it('refuses plain-http provider addresses in production, except to a loopback address', () => {
    const keys = [
      'SMSRU_URL',
      'SMARTCAPTCHA_URL',
      'GOOGLE_JWKS_URL',
      'APPLE_JWKS_URL',
      'VK_ID_URL',
      'YOOKASSA_URL',
      'GEOCODER_URL',
      'GOOGLE_GEOCODING_URL',
      'GOOGLE_PLACES_URL',
      'MAP_TILE_URL',
      'PUBLIC_URL',
      'PUBLIC_API_BASE',
    ];
    for (const key of keys) {
      expect(() => loadConfig({ ...PRODUCTION, [key]: 'http://provider.example/x' }), key).toThrow(
        new RegExp(`${key}: must be https:// in production`),
      );
      for (const loopback of ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'http://[::1]:9/x'])
        expect(() => loadConfig({ ...PRODUCTION, [key]: loopback }), `${key} ${loopback}`).not.toThrow();
      // Development is not judged.
      expect(() => loadConfig({ [key]: 'http://provider.example/x' }), key).not.toThrow();
    }
    expect(() =>
      loadConfig({ ...PRODUCTION, MAP_TILE_URL: 'http://{s}.tile.example/{z}/{x}/{y}.png' }),
    ).toThrow(/MAP_TILE_URL: must be https/);
    // A path on this server is this server's scheme.
    expect(() => loadConfig({ ...PRODUCTION, GEOCODER_URL: '/geocoder' })).not.toThrow();
  });

  it("refuses the brand file's plain-http maps addresses in production", () => {
    const brands = brandWith((brand) => {
      brand.whiteLabel = 'plain';
      (brand.maps as Record<string, unknown>).tileUrl = 'http://tiles.example/{z}/{x}/{y}.png';
    }, 'plain');
    expect(() => loadConfig({ ...PRODUCTION, BRANDS_DIR: brands, BRAND: 'plain' })).toThrow(
      /maps\.tileUrl: must be https:\/\/ in production/,
    );
  });

  it("takes the captcha's host from SMARTCAPTCHA_HOST, else PUBLIC_URL's host, else HOST", () => {
    expect(captchaHost(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://Shop.Example:8443/' }).env)).toBe(
      'shop.example',
    );
    expect(captchaHost(loadConfig({ ...PRODUCTION, SMARTCAPTCHA_HOST: 'www.shop.example' }).env)).toBe(
      'www.shop.example',
    );
    expect(captchaHost(loadConfig({ HOST: '10.0.0.5' }).env)).toBe('10.0.0.5');
  });

  it('describes every key and names only keys of the schema in its rules', () => {
    for (const [name, field] of Object.entries(envSchema.shape))
      expect(field.meta()?.description, name).toMatch(/\S/);
    for (const rule of envRules)
      for (const name of [rule.key, ...rule.reads]) expect(envSchema.shape).toHaveProperty(name);
  });
});
