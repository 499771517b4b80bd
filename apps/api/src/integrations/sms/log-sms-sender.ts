import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

/**
 * The development sender: nothing leaves the machine, the text (with the code) goes to the server log at
 * info level. readAuthSettings (modules/auth/auth-settings.ts) refuses it in production.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'log',
    async send(phone, text) {
      log.info({ sms: { phone, text } }, 'SMS not sent (log sender)');
    },
  };
}
