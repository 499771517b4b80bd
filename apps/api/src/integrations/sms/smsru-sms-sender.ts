import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SmsSendError, type SmsSender } from './sms-sender.ts';

const TIMEOUT_MS = 10_000;

/** SMS.ru's answer to /sms/send?json=1: an overall status, and one status per number. */
const smsRuAnswer = z.object({
  status: z.string(),
  status_code: z.number(),
  status_text: z.string().optional(),
  sms: z
    .record(
      z.string(),
      z.object({
        status: z.string(),
        status_code: z.number(),
        status_text: z.string().optional(),
        sms_id: z.string().optional(),
      }),
    )
    .optional(),
});

/**
 * SMS.ru: GET {url}/sms/send?api_id&to&msg&json=1. The message counts as sent only when both the call and
 * the entry for our number say OK; anything else (a refused number, flood protection, no money, a network
 * failure) is an SmsSendError. The log gets the status, never the text.
 */
export function smsRuSender(settings: { apiId: string; url: string }, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'smsru',
    async send(phone, text) {
      const to = phone.replace(/^\+/, '');
      const query = new URLSearchParams({ api_id: settings.apiId, to, msg: text, json: '1' });
      let raw: unknown;
      try {
        const response = await fetch(`${settings.url}/sms/send?${query}`, {
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        raw = await response.json();
      } catch (error) {
        log.warn({ err: error, phone }, 'SMS.ru could not be reached');
        throw new SmsSendError('SMS.ru could not be reached');
      }
      const answer = smsRuAnswer.safeParse(raw);
      if (!answer.success) {
        log.warn({ phone }, 'SMS.ru answered in an unknown format');
        throw new SmsSendError('unknown answer');
      }
      const { status, status_code, status_text, sms } = answer.data;
      const entry = sms?.[to];
      if (status !== 'OK' || !entry || entry.status !== 'OK') {
        log.warn(
          {
            phone,
            status,
            statusCode: status_code,
            statusText: status_text,
            number: entry && {
              status: entry.status,
              statusCode: entry.status_code,
              statusText: entry.status_text,
            },
          },
          'SMS.ru did not send the SMS',
        );
        throw new SmsSendError(entry?.status_text ?? status_text ?? status);
      }
      log.info({ phone, smsId: entry.sms_id }, 'SMS sent through SMS.ru');
    },
  };
}
