import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CaptchaCheck } from './captcha-check.ts';

const TIMEOUT_MS = 5_000;

const smartCaptchaAnswer = z.object({
  status: z.string(),
  message: z.string().optional(),
  host: z.string().optional(),
});

/** Yandex SmartCaptcha's server-side check. */
export function smartCaptchaCheck(
  settings: { serverKey: string; url: string; host: string },
  log: FastifyBaseLogger,
): CaptchaCheck {
  return {
    kind: 'smartcaptcha',
    /**
     * POST {url}/validate, form secret/token/ip. 'ok' only with status ok and the host we expect; the
     * service being unreachable or answering garbage refuses the request (fail closed). The host is the
     * configured one: the request's Host header is the client's to write.
     */
    async verify({ token, ip }) {
      if (!token) return 'failed';
      const expectedHost = settings.host.toLowerCase();
      let raw: unknown;
      try {
        const response = await fetch(`${settings.url}/validate`, {
          method: 'POST',
          body: new URLSearchParams({ secret: settings.serverKey, token, ip }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        raw = await response.json();
      } catch (error) {
        log.warn({ err: error }, 'SmartCaptcha could not be reached: refusing');
        return 'unavailable';
      }
      const answer = smartCaptchaAnswer.safeParse(raw);
      if (!answer.success) {
        log.warn('SmartCaptcha answered in an unknown format: refusing');
        return 'unavailable';
      }
      if (answer.data.status !== 'ok') return 'failed';
      if ((answer.data.host ?? '').toLowerCase() !== expectedHost) {
        log.warn({ host: answer.data.host, expectedHost }, 'SmartCaptcha token was issued on another host');
        return 'failed';
      }
      return 'ok';
    },
  };
}
