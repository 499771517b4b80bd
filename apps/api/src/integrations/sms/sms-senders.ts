import type { FastifyBaseLogger } from 'fastify';
import { logSmsSender } from './log-sms-sender.ts';
import type { SmsSender, SmsSettings } from './sms-sender.ts';
import { smsRuSender } from './smsru-sms-sender.ts';

/**
 * The sender the settings pick. A file of its own, as payments' payment-gateways.ts: the adapters import
 * SmsSendError from sms-sender.ts, so a factory there would import them back (an import cycle).
 */
export function createSmsSender(settings: SmsSettings, log: FastifyBaseLogger): SmsSender {
  return settings.kind === 'smsru' ? smsRuSender(settings, log) : logSmsSender(log);
}
