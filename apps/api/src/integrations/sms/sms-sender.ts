/** Sends one text to one phone (+7…); throws SmsSendError when the gateway did not take it. */
export interface SmsSender {
  readonly kind: 'log' | 'smsru';
  send(phone: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {}

/** Which sender: the embedded `log` default, or SMS.ru with its api_id and base URL. */
export type SmsSettings = { kind: 'log' } | { kind: 'smsru'; apiId: string; url: string };
