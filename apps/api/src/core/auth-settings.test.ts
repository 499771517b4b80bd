import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { testConfig } from '../test/test-app.ts';
import { readAuthSettings, tokenSecret } from './auth-settings.ts';

const SECRET = 'a-production-secret-of-at-least-32-chars';
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_TOKEN_SECRET: SECRET,
  QUOTE_SECRET: SECRET,
  SMS_SENDER: 'smsru',
  SMSRU_API_ID: 'id',
  SMARTCAPTCHA_SERVER_KEY: 'captcha-key',
  PUBLIC_URL: 'https://shop.example',
};

describe('sign-in settings', () => {
  it("default to the log sender, no captcha and the test process's own secret outside production", () => {
    const settings = readAuthSettings(testConfig());
    expect(settings.sms).toEqual({ kind: 'log' });
    expect(settings.captcha).toEqual({ kind: 'off' });
    expect(settings.apiKey).toBe('demo-public-api-key');
    const other = readAuthSettings(testConfig({ AUTH_TOKEN_SECRET: SECRET }));
    expect(Buffer.from(other.accessTokenKey)).not.toEqual(Buffer.from(settings.accessTokenKey));
    // A test process signs with random secrets of its own, the same for every app it builds.
    expect(tokenSecret(testConfig())).toBe(tokenSecret(testConfig()));
    expect(tokenSecret(testConfig()).length).toBeGreaterThanOrEqual(32);
    expect(() => tokenSecret({ env: { ...testConfig().env, AUTH_TOKEN_SECRET: undefined } })).toThrow(
      /AUTH_TOKEN_SECRET/,
    );
  });

  it('derive different keys for tokens and codes', () => {
    const settings = readAuthSettings(testConfig({ AUTH_TOKEN_SECRET: SECRET }));
    expect(Buffer.from(settings.accessTokenKey).equals(settings.codeKey)).toBe(false);
  });

  it('refuse production without a secret or with the log sender', () => {
    expect(() => readAuthSettings(testConfig({ NODE_ENV: 'production' }))).toThrow(ConfigError);
    expect(() => readAuthSettings(testConfig({ NODE_ENV: 'production' }))).toThrow(
      /AUTH_TOKEN_SECRET[\s\S]*SMS_SENDER/,
    );
    expect(() => readAuthSettings(testConfig({ NODE_ENV: 'production', AUTH_TOKEN_SECRET: SECRET }))).toThrow(
      /log sender/,
    );
    const production = readAuthSettings(testConfig(PRODUCTION));
    expect(production.sms).toEqual({ kind: 'smsru', apiId: 'id', url: 'https://sms.ru' });
    expect(production.captcha).toEqual({
      kind: 'smartcaptcha',
      serverKey: 'captcha-key',
      url: 'https://smartcaptcha.yandexcloud.net',
      host: 'shop.example',
    });
    const switchedOff = readAuthSettings(testConfig({ ...PRODUCTION, SMS_CAPTCHA_OFF: 'true' }));
    expect(switchedOff.captcha).toEqual({ kind: 'off' });
  });

  it('refuse a short secret and SMS.ru without its api_id', () => {
    expect(() => testConfig({ AUTH_TOKEN_SECRET: 'short' })).toThrow(/AUTH_TOKEN_SECRET/);
    expect(() => readAuthSettings(testConfig({ SMS_SENDER: 'smsru' }))).toThrow(/SMSRU_API_ID/);
  });

  it('turn SmartCaptcha on with its server key', () => {
    const settings = readAuthSettings(testConfig({ SMARTCAPTCHA_SERVER_KEY: 'key' }));
    expect(settings.captcha).toEqual({
      kind: 'smartcaptcha',
      serverKey: 'key',
      url: 'https://smartcaptcha.yandexcloud.net',
      // Without PUBLIC_URL, the host the server listens on (HOST's default).
      host: '127.0.0.1',
    });
  });

  it('keep Google, Apple and VK ID off until the brand has their ids, and VK until its id is numeric', () => {
    const config = testConfig();
    const demo = readAuthSettings(config);
    expect(demo.google).toEqual({ clientId: null, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' });
    expect(demo.apple).toEqual({ clientId: null, jwksUrl: 'https://appleid.apple.com/auth/keys' });
    expect(demo.vkId).toEqual({ appId: null, url: 'https://id.vk.com' });
    expect(demo.providerTimeoutMs).toBe(8000);
    const withIds = (clients: Record<string, string>, auth = config.brand.features.auth) =>
      readAuthSettings({
        ...config,
        brand: {
          ...config.brand,
          clients: { ...config.brand.clients, ...clients },
          features: { ...config.brand.features, auth },
        },
      });
    const on = withIds({ googleClientId: 'g', appleClientId: 'a', vkAppId: '51234567' });
    expect([on.google.clientId, on.apple.clientId, on.vkId.appId]).toEqual(['g', 'a', '51234567']);
    expect(withIds({ vkAppId: 'app-51234567' }).vkId.appId).toBeNull();
    const phoneOnly = withIds({ googleClientId: 'g', appleClientId: 'a', vkAppId: '1' }, ['PHONE']);
    expect([phoneOnly.google.clientId, phoneOnly.apple.clientId, phoneOnly.vkId.appId]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('refuse provider URLs without https in production', () => {
    const env = PRODUCTION;
    expect(() =>
      readAuthSettings(testConfig({ ...env, GOOGLE_JWKS_URL: 'http://keys.example/certs' })),
    ).toThrow(/GOOGLE_JWKS_URL/);
    expect(() => readAuthSettings(testConfig({ ...env, VK_ID_URL: 'http://id.vk.com' }))).toThrow(
      /VK_ID_URL/,
    );
  });
});
