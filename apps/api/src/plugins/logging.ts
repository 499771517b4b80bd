import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Logs (docs/operations.md, 'Logs'): every line carries the request id (Fastify's reqId), which each answer echoes in
 * X-Request-Id; phone numbers and e-mail addresses never reach the log. Known fields are redacted by pino;
 * everything else is masked on its way out: each serialized line passes maskPersonalData before it is
 * written, whatever logged it (our code, Fastify, a library's error message).
 */

/**
 * +7 912 345-67-89, 8 (912) 345 67 89, +79123456789, +44 7911 123456, %2B79123456789 in a URL: '+' and 9–15
 * digits, or a Russian 11. E-mail addresses also with %40 for '@'.
 */
const PHONE =
  /(?<![\w.+])\+\d[\d\s()-]{7,18}\d(?!\d)|%2[Bb]\d{9,15}(?!\d)|(?<![\w.+-])[78][\s-]?\(?\d{3}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}(?!\d)/g;
const EMAIL = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*(?:@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

/** '+7 912 ***-**-89': the operator code and the last two digits, enough to tell numbers apart in support. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^%2B/i, '').replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8')))
    return `+7 ${digits.slice(1, 4)} ***-**-${digits.slice(-2)}`;
  return `+${digits.slice(0, 2)} ***-**-${digits.slice(-2)}`;
}

/** Phone numbers and e-mail addresses in a text masked: '+7 912 ***-**-89', 'a***@example.com'. */
export function maskPersonalData(text: string): string {
  return text.replace(PHONE, (phone) => maskPhone(phone)).replace(EMAIL, '$1***@$2');
}

/** Fields that never reach the log at all (tokens, and personal data fields should a body be logged). */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.phone',
  'req.body.email',
  'req.body.person.phone',
  'req.body.person.email',
  'res.headers["set-cookie"]',
];

type LoggerOption = FastifyServerOptions['logger'];
type LoggerOptions = Exclude<LoggerOption, boolean | undefined>;
interface LineStream {
  write(line: string): unknown;
}

/** The logger options buildApp gets, with redaction and the masking stream added (false stays off). */
export function maskedLogger(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options: LoggerOptions = logger === true ? {} : logger;
  const target: LineStream = (options as { stream?: LineStream }).stream ?? process.stdout;
  return {
    ...options,
    redact: { paths: REDACTED, censor: '[redacted]' },
    stream: { write: (line: string) => target.write(maskPersonalData(line)) },
  } as LoggerOptions;
}

/** What a proxy's X-Request-Id may look like to be taken as ours (ids of common proxies and tracers). */
const INCOMING_ID = /^[\w.:/+=-]{1,128}$/;

/**
 * Fastify's genReqId: behind a trusted proxy (TRUST_PROXY set) its X-Request-Id is kept, so one id follows
 * the request through the proxy's log and ours; otherwise, and for an id that looks wrong, a fresh UUID.
 */
export function requestIdGenerator(trustProxy: false | number | string[]) {
  return (request: IncomingMessage): string => {
    const incoming = request.headers['x-request-id'];
    if (trustProxy !== false && typeof incoming === 'string' && INCOMING_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}

/** Every answer carries its request id, the one its log lines show. */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
