import { createHmac } from 'node:crypto';
import { type AppConfig, ConfigError } from '../../config.ts';

/** Used only outside production when AUTH_TOKEN_SECRET is not set: anyone can read it here. */
export const DEVELOPMENT_TOKEN_SECRET = 'development-only-auth-token-secret-do-not-deploy';

export interface AuthSettings {
  whiteLabel: string;
  brandName: string;
  apiKey: string;
  /** Signs and checks access tokens (HS256). */
  accessTokenKey: Uint8Array;
  /** Keys the HMAC of SMS codes; derived apart from the token key, so one never serves as the other. */
  codeKey: Buffer;
  issuer: string;
  sms: { kind: 'log' } | { kind: 'smsru'; apiId: string; url: string };
  captcha: { kind: 'off' } | { kind: 'smartcaptcha'; serverKey: string; url: string; host?: string };
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();

/**
 * The sign-in settings, refused at start when they would be unsafe: production needs its own token
 * secret and a real SMS gateway (the log sender would put codes in the log), SMS.ru needs its api_id.
 */
export function readAuthSettings(config: AppConfig): AuthSettings {
  const { env, brand } = config;
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !env.AUTH_TOKEN_SECRET)
    problems.push('AUTH_TOKEN_SECRET: required in production (at least 32 characters)');
  if (production && env.SMS_SENDER === 'log')
    problems.push('SMS_SENDER: the log sender writes codes to the log and is refused in production');
  if (env.SMS_SENDER === 'smsru' && !env.SMSRU_API_ID)
    problems.push('SMSRU_API_ID: required when SMS_SENDER=smsru');
  if (problems.length > 0) throw new ConfigError(`Invalid sign-in settings:\n- ${problems.join('\n- ')}`);

  const secret = env.AUTH_TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET;
  const trim = (url: string) => url.replace(/\/+$/, '');
  return {
    whiteLabel: brand.whiteLabel,
    brandName: brand.name.ru,
    apiKey: brand.clients.apiKey,
    accessTokenKey: new Uint8Array(derive(secret, 'access-token')),
    codeKey: derive(secret, 'sms-code'),
    issuer: `storefront/${brand.whiteLabel}`,
    sms:
      env.SMS_SENDER === 'smsru'
        ? { kind: 'smsru', apiId: env.SMSRU_API_ID as string, url: trim(env.SMSRU_URL) }
        : { kind: 'log' },
    captcha: env.SMARTCAPTCHA_SERVER_KEY
      ? {
          kind: 'smartcaptcha',
          serverKey: env.SMARTCAPTCHA_SERVER_KEY,
          url: trim(env.SMARTCAPTCHA_URL),
          ...(env.SMARTCAPTCHA_HOST ? { host: env.SMARTCAPTCHA_HOST } : {}),
        }
      : { kind: 'off' },
  };
}
