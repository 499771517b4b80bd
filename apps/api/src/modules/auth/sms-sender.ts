import type { FastifyBaseLogger } from 'fastify';
import type { AuthSettings } from './auth-settings.ts';
import { logSmsSender } from './sms-sender-log.ts';
import { smsRuSender } from './sms-sender-smsru.ts';

/** Sends one text to one phone (+7…); throws SmsSendError when the gateway did not take it. */
export interface SmsSender {
  readonly kind: 'log' | 'smsru';
  send(phone: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {}

export function createSmsSender(settings: AuthSettings['sms'], log: FastifyBaseLogger): SmsSender {
  return settings.kind === 'smsru' ? smsRuSender(settings, log) : logSmsSender(log);
}

/** The SMS a customer receives. */
export function codeText(brandName: string, code: string): string {
  return `${brandName}: код для входа ${code}. Никому его не сообщайте.`;
}
