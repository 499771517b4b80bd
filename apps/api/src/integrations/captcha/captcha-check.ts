import type { FastifyBaseLogger } from 'fastify';
import { smartCaptchaCheck } from './smart-captcha.ts';

export type CaptchaVerdict = 'ok' | 'failed' | 'unavailable';

/** Bot protection in front of the SMS code request: off by default, Yandex SmartCaptcha when configured. */
export interface CaptchaCheck {
  readonly kind: 'off' | 'smartcaptcha';
  /**
   * The token is checked against the configured host (CaptchaSettings.host), never a host the request
   * names: `host`, if a caller still passes one, is ignored.
   */
  verify(input: { token: string; ip: string; host?: string }): Promise<CaptchaVerdict>;
}

/**
 * Off (the embedded default), or SmartCaptcha with its server key, base URL and the site host its tokens
 * must have been passed on (SMARTCAPTCHA_HOST, else PUBLIC_URL's host: auth-settings.ts captchaHost).
 */
export type CaptchaSettings =
  | { kind: 'off' }
  | { kind: 'smartcaptcha'; serverKey: string; url: string; host: string };

/** The embedded default: every request passes, nothing leaves the machine. */
const captchaOff: CaptchaCheck = { kind: 'off', verify: async () => 'ok' };

export function createCaptchaCheck(settings: CaptchaSettings, log: FastifyBaseLogger): CaptchaCheck {
  return settings.kind === 'off' ? captchaOff : smartCaptchaCheck(settings, log);
}
