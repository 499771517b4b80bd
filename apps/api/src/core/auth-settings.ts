import { createHmac } from 'node:crypto';
import { type AppConfig, ConfigError } from '../config.ts';
import type { CaptchaSettings } from '../integrations/captcha/captcha-check.ts';
import type { SmsSettings } from '../integrations/sms/sms-sender.ts';

/**
 * The token secret: always one of the deployment's own. loadConfig fills it outside production with a
 * random one (kept in DATA_DIR) when the environment names none; there is no fallback to a known value.
 */
export function tokenSecret(config: Pick<AppConfig, 'env'>): string {
  const secret = config.env.AUTH_TOKEN_SECRET;
  if (!secret) throw new ConfigError('AUTH_TOKEN_SECRET: no secret to sign tokens with');
  return secret;
}

export interface AuthSettings {
  whiteLabel: string;
  brandName: string;
  apiKey: string;
  /** Signs and checks access tokens (HS256). */
  accessTokenKey: Uint8Array;
  /** Signs staff access tokens: a key of their own, so a customer token never passes as staff's or back. */
  staffTokenKey: Uint8Array;
  /** Keys the HMAC of SMS codes; derived apart from the token key, so one never serves as the other. */
  codeKey: Buffer;
  issuer: string;
  sms: SmsSettings;
  /** Hourly code-request budgets across phones: per client address and for the whole brand. */
  smsBudget: { perClient: number; perBrand: number };
  captcha: CaptchaSettings;
  /** ID-token sign-in: clientId is null when the method is off (no client id, or not in features.auth). */
  google: { clientId: string | null; jwksUrl: string };
  apple: { clientId: string | null; jwksUrl: string };
  /** VK ID: appId is null unless the brand's vkAppId is numeric (docs/product.md §5) and VK is in features.auth. */
  vkId: { appId: string | null; url: string };
  /** How long a call to a sign-in provider (JWKS, VK ID) may take before 503 auth.provider-unavailable. */
  providerTimeoutMs: number;
}

/**
 * The host a captcha token must have been passed on: SMARTCAPTCHA_HOST, else PUBLIC_URL's host (required
 * in production), else HOST. Never the request's Host header: the client writes that.
 */
export function captchaHost(env: AppConfig['env']): string {
  if (env.SMARTCAPTCHA_HOST) return env.SMARTCAPTCHA_HOST.toLowerCase();
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname.toLowerCase() : env.HOST.toLowerCase();
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();

/**
 * The sign-in settings. What would be unsafe (production without its own token secret, with the log
 * sender, without a captcha or with plain-http provider URLs; SMS.ru without its api_id) is refused before this, by the
 * environment's rules in config.ts (envRules), together with every other wrong key.
 */
export function readAuthSettings(config: AppConfig): AuthSettings {
  const { env, brand } = config;
  const secret = tokenSecret(config);
  const trim = (url: string) => url.replace(/\/+$/, '');
  const methods = new Set(brand.features.auth);
  const clientId = (method: 'GOOGLE' | 'APPLE', id: string | null) =>
    methods.has(method) && id && id.trim() !== '' ? id : null;
  const vkAppId = brand.clients.vkAppId;
  return {
    whiteLabel: brand.whiteLabel,
    brandName: brand.name.ru,
    apiKey: brand.clients.apiKey,
    accessTokenKey: new Uint8Array(derive(secret, 'access-token')),
    staffTokenKey: new Uint8Array(derive(secret, 'staff-access-token')),
    codeKey: derive(secret, 'sms-code'),
    issuer: `storefront/${brand.whiteLabel}`,
    sms:
      env.SMS_SENDER === 'smsru'
        ? { kind: 'smsru', apiId: env.SMSRU_API_ID as string, url: trim(env.SMSRU_URL) }
        : { kind: 'log' },
    smsBudget: { perClient: env.SMS_REQUESTS_PER_CLIENT_HOUR, perBrand: env.SMS_REQUESTS_PER_BRAND_HOUR },
    captcha:
      env.SMARTCAPTCHA_SERVER_KEY && !env.SMS_CAPTCHA_OFF
        ? {
            kind: 'smartcaptcha',
            serverKey: env.SMARTCAPTCHA_SERVER_KEY,
            url: trim(env.SMARTCAPTCHA_URL),
            host: captchaHost(env),
          }
        : { kind: 'off' },
    google: { clientId: clientId('GOOGLE', brand.clients.googleClientId), jwksUrl: env.GOOGLE_JWKS_URL },
    apple: { clientId: clientId('APPLE', brand.clients.appleClientId), jwksUrl: env.APPLE_JWKS_URL },
    vkId: {
      appId: methods.has('VK') && vkAppId && /^\d{1,20}$/.test(vkAppId) ? vkAppId : null,
      url: trim(env.VK_ID_URL),
    },
    providerTimeoutMs: env.SIGN_IN_PROVIDER_TIMEOUT_MS,
  };
}
