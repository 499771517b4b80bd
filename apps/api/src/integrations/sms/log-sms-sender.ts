import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../../plugins/logging.ts';
import type { SmsSender } from './sms-sender.ts';

/**
 * Which recipient a logged code is for, without the number: the first 12 hex digits of its SHA-256. The
 * journeys and tests that read codes from the log compute it from the phone they signed in with (a masked
 * phone alone is not unique among test numbers). Only the development sender writes it.
 */
export function smsLogRef(phone: string): string {
  return createHash('sha256').update(phone).digest('hex').slice(0, 12);
}

/**
 * The development sender: nothing leaves the machine, the text (with the code) goes to the server log at
 * info level, with the phone masked (docs/operations.md, 'Logs'). The environment's rules (config.ts,
 * envRules) refuse it in production.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'log',
    async send(phone, text) {
      log.info(
        { sms: { phone: maskPhone(phone), ref: smsLogRef(phone), text } },
        'SMS not sent (log sender)',
      );
    },
  };
}
