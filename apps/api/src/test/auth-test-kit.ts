import { Writable } from 'node:stream';
import type { BrandConfig } from '@storefront/domain/contracts';
import { buildApp, type StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { smsLogRef } from '../integrations/sms/log-sms-sender.ts';
import { withBrandSettings } from './brand-kit.ts';
import { testConfig } from './test-app.ts';

/**
 * Test helpers of sign-in: a settable clock, a log reader, an app with the brand's sign-in methods set,
 * sign-in shortcuts. Fakes of the outside services are in fakes/.
 */

export const API_KEY = 'demo-public-api-key';
export const T0 = Date.parse('2026-11-22T09:00:00Z');

export function testClock(start = T0) {
  let current = start;
  return {
    now: () => current,
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
}

/** Collects the app's JSON log lines; the log sender's SMS texts can be read back from it. */
export function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    lines,
    /** The last code the log sender 'sent' to this phone (the log masks the phone: found by its ref). */
    lastCode(phone: string): string | undefined {
      const ref = smsLogRef(phone);
      for (const line of [...lines].reverse()) {
        const sms = line.sms as { ref: string; text: string } | undefined;
        if (sms?.ref === ref) return /\b(\d{6})\b/.exec(sms.text)?.[1];
      }
      return undefined;
    },
  };
}

/** The demo brand's client ids are null: tests that sign in with Google, Apple or VK set their own. */
export const TEST_CLIENTS = {
  googleClientId: 'test-google-client.apps.googleusercontent.com',
  appleClientId: 'example.norinori.web',
  vkAppId: '51234567',
} as const;

export async function authApp(
  db: Database,
  options: {
    now?: () => number;
    env?: Record<string, string>;
    log?: ReturnType<typeof logCapture>;
    /** Overrides of the brand's clients (client ids) and of its features.auth. */
    clients?: Partial<BrandConfig['clients']>;
    authMethods?: BrandConfig['features']['auth'];
  } = {},
): Promise<StorefrontApp> {
  const config = testConfig(options.env);
  const brand = {
    ...config.brand,
    clients: { ...config.brand.clients, ...options.clients },
    features: { ...config.brand.features, auth: options.authMethods ?? config.brand.features.auth },
  };
  // The brand's settings live in the database (decision 50) and win over the file's: the test's clients and sign-in
  // methods go there, as an owner would set them, before the app reads them at start.
  await withBrandSettings(db, (saved) => ({
    ...saved,
    clients: brand.clients,
    features: { ...saved.features, auth: brand.features.auth },
  }));
  return buildApp({
    config: { ...config, brand },
    db,
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { logger: options.log.logger } : {}),
  });
}

/** `client`: the address the request comes from, and an X-Forwarded-For it carries (a proxy's view). */
export function requestCode(
  app: StorefrontApp,
  phone: string,
  extra: Record<string, unknown> = {},
  client: { ip?: string; forwardedFor?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/sign/in/phone/code',
    remoteAddress: client.ip ?? '127.0.0.1',
    ...(client.forwardedFor ? { headers: { 'x-forwarded-for': client.forwardedFor } } : {}),
    payload: { apiKey: API_KEY, captchaToken: '', mode: 'WEB', phone, whiteLabel: 'demo', ...extra },
  });
}

export function signIn(app: StorefrontApp, phone: string, code: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/sign/in/phone',
    payload: { apiKey: API_KEY, captchaToken: '', code, phone, ...extra },
  });
}

/** A code for the phone that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
