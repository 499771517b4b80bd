import {
  amountStringToMinor,
  type Minor,
  minorToAmountString,
  type OnlinePayMethod,
  type PaymentReceipt,
  type ReceiptItem,
} from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type NotificationHint,
  type PaymentGateway,
  PaymentProviderError,
  type PaymentsSettings,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-gateway.ts';

/** YooKassa adds fields over time: every answer is read as a loose object, only what we use is checked. */
const amountAnswer = z.looseObject({ value: z.string(), currency: z.string() });

const paymentAnswer = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: amountAnswer,
  // Ours are strings; anything else someone put there is not ours and must not make the payment unreadable.
  metadata: z.record(z.string(), z.unknown()).nullish(),
  confirmation: z.looseObject({ type: z.string(), confirmation_url: z.string().optional() }).nullish(),
  cancellation_details: z.looseObject({ party: z.string(), reason: z.string() }).nullish(),
  test: z.boolean().optional(),
  // Any type YooKassa may name (wallets, installments…): only ours are read, others leave the method unknown.
  payment_method: z.looseObject({ type: z.string() }).nullish(),
});

/** Our online methods as YooKassa's payment_method_data types (INTEGRATIONS.md 'SBP and SberPay'). */
const YOOKASSA_METHOD_TYPES = {
  card: 'bank_card',
  sbp: 'sbp',
  sberpay: 'sberbank',
} as const satisfies Record<OnlinePayMethod, string>;

function methodOfType(type: string | undefined): OnlinePayMethod | null {
  const found = Object.entries(YOOKASSA_METHOD_TYPES).find(([, t]) => t === type);
  return found ? (found[0] as OnlinePayMethod) : null;
}

const refundAnswer = z.looseObject({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: amountAnswer,
});

const errorAnswer = z.looseObject({
  type: z.literal('error').optional(),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
  retry_after: z.number().optional(),
});

const notification = z.looseObject({
  type: z.literal('notification'),
  event: z.enum(['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture', 'refund.succeeded']),
  object: z.looseObject({ id: z.string().min(1), payment_id: z.string().min(1).optional() }),
});

type Settings = Pick<PaymentsSettings, 'yookassaUrl' | 'yookassaShops' | 'timeoutMs'>;

/**
 * YooKassa's HTTP API v3 (INTEGRATIONS.md 'YooKassa'): HTTP Basic per shop, JSON, an Idempotence-Key on every
 * write. Each body is built with a fixed key order so that a repeat under the same key sends the same bytes
 * (YooKassa refuses the same key with another body). Failures become PaymentProviderError; the log gets the
 * operation, the shop and YooKassa's code, never the key or the Authorization header.
 */
export function yookassaGateway(settings: Settings, log: FastifyBaseLogger): PaymentGateway {
  const base = settings.yookassaUrl.replace(/\/+$/, '');

  async function call(
    operation: string,
    shop: string,
    path: string,
    write?: { idempotenceKey: string; body: unknown },
  ): Promise<unknown> {
    const credentials = Object.hasOwn(settings.yookassaShops, shop)
      ? settings.yookassaShops[shop]
      : undefined;
    if (!credentials)
      throw new PaymentProviderError('refused', `no YooKassa credentials for shop ${shop}`, {
        code: 'unknown_shop',
      });
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`,
      accept: 'application/json',
    };
    if (write) {
      headers['content-type'] = 'application/json';
      headers['idempotence-key'] = write.idempotenceKey;
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method: write ? 'POST' : 'GET',
        headers,
        body: write ? JSON.stringify(write.body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // A timeout or a dropped connection: the call may have reached YooKassa.
      const reason = error instanceof Error ? error.name : 'unknown';
      log.warn({ operation, shop, reason }, 'YooKassa could not be reached');
      throw new PaymentProviderError('unknown-outcome', `YooKassa ${operation}: ${reason}`);
    }
    if (response.status === 200 || response.status === 201) {
      try {
        return JSON.parse(text);
      } catch {
        log.warn(
          { operation, shop, status: response.status },
          'YooKassa answered something that is not JSON',
        );
        throw new PaymentProviderError(
          'unknown-outcome',
          `YooKassa ${operation}: an answer that is not JSON`,
          {
            status: response.status,
          },
        );
      }
    }
    throw failure(operation, shop, response, text);
  }

  function failure(operation: string, shop: string, response: Response, text: string): PaymentProviderError {
    const status = response.status;
    let parsed: z.infer<typeof errorAnswer> = {};
    try {
      parsed = errorAnswer.parse(JSON.parse(text));
    } catch {
      // An error page without YooKassa's error object: the status alone decides.
    }
    const { code, description, parameter } = parsed;
    log.warn({ operation, shop, status, code, description, parameter }, 'YooKassa did not do it');
    const message = `YooKassa ${operation}: HTTP ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`;
    // 202: still being processed; 5xx: YooKassa's own doubt. Both: repeat with the same key, or read.
    if (status === 202 || status >= 500)
      return new PaymentProviderError('unknown-outcome', message, { status, code });
    if (status === 429) {
      const header = Number(response.headers.get('retry-after'));
      const retryAfterMs =
        parsed.retry_after ?? (Number.isFinite(header) && header > 0 ? header * 1000 : undefined);
      return new PaymentProviderError('rate-limited', message, { status, code, retryAfterMs });
    }
    if (status === 404) return new PaymentProviderError('not-found', message, { status, code });
    return new PaymentProviderError('refused', message, { status, code: code ?? `http_${status}` });
  }

  function toPayment(operation: string, raw: unknown): ProviderPayment {
    const answer = paymentAnswer.safeParse(raw);
    if (!answer.success) throw unreadable(operation);
    const { id, status, amount, metadata, confirmation, cancellation_details, test, payment_method } =
      answer.data;
    return {
      id,
      status,
      amount: readAmount(operation, amount.value),
      currency: amount.currency,
      metadata: Object.fromEntries(
        Object.entries(metadata ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
      confirmationUrl: (status === 'pending' && confirmation?.confirmation_url) || null,
      cancellation: cancellation_details
        ? { party: cancellation_details.party, reason: cancellation_details.reason }
        : null,
      test: test ?? false,
      method: methodOfType(payment_method?.type),
    };
  }

  function toRefund(operation: string, raw: unknown): ProviderRefund {
    const answer = refundAnswer.safeParse(raw);
    if (!answer.success) throw unreadable(operation);
    const { id, payment_id, status, amount } = answer.data;
    return {
      id,
      paymentId: payment_id,
      status,
      amount: readAmount(operation, amount.value),
      currency: amount.currency,
    };
  }

  function readAmount(operation: string, value: string): Minor {
    const amount = amountStringToMinor(value);
    if (amount === null) throw unreadable(operation);
    return amount;
  }

  // An answer we cannot read leaves us not knowing what happened: treat it like a 500.
  function unreadable(operation: string): PaymentProviderError {
    log.warn({ operation }, 'YooKassa answered in an unknown format');
    return new PaymentProviderError(
      'unknown-outcome',
      `YooKassa ${operation}: an answer in an unknown format`,
    );
  }

  return {
    engine: 'yookassa',
    knowsShop: (shop) => Object.hasOwn(settings.yookassaShops, shop),

    async createPayment(input) {
      const body = {
        amount: money(input.amount, input.currency),
        // One stage for every method: SBP has no hold at all, and cards were always captured at once.
        capture: true,
        // The hosted page offers only the customer's choice; a method the shop lacks is 403 forbidden.
        payment_method_data: { type: YOOKASSA_METHOD_TYPES[input.method] },
        confirmation: { type: 'redirect', return_url: input.returnUrl },
        description: clip(input.description, 128),
        metadata: sortedStrings(input.metadata),
        ...(input.receipt ? { receipt: receiptBody(input.receipt, input.currency) } : {}),
      };
      const raw = await call('create payment', input.shop, '/payments', {
        idempotenceKey: input.idempotenceKey,
        body,
      });
      return toPayment('create payment', raw);
    },

    async getPayment(shop, paymentId) {
      return toPayment(
        'get payment',
        await call('get payment', shop, `/payments/${encodeURIComponent(paymentId)}`),
      );
    },

    async createRefund(input) {
      const body = {
        payment_id: input.paymentId,
        amount: money(input.amount, input.currency),
        description: clip(input.description, 250),
        ...(input.receipt ? { receipt: receiptBody(input.receipt, input.currency) } : {}),
      };
      const raw = await call('create refund', input.shop, '/refunds', {
        idempotenceKey: input.idempotenceKey,
        body,
      });
      return toRefund('create refund', raw);
    },

    async getRefund(shop, refundId) {
      return toRefund(
        'get refund',
        await call('get refund', shop, `/refunds/${encodeURIComponent(refundId)}`),
      );
    },

    async sendSettlementReceipt(input) {
      const settlement = receiptBody(input.receipt, input.currency, 'full_payment');
      const body = {
        type: 'payment',
        payment_id: input.paymentId,
        customer: settlement.customer,
        send: true,
        items: settlement.items,
        settlements: [{ type: 'prepayment', amount: money(input.amount, input.currency) }],
      };
      await call('send settlement receipt', input.shop, '/receipts', {
        idempotenceKey: input.idempotenceKey,
        body,
      });
    },

    notificationHint(body): NotificationHint | null {
      const parsed = notification.safeParse(body);
      if (!parsed.success) return null;
      const { event, object } = parsed.data;
      if (event === 'refund.succeeded')
        return { object: 'refund', id: object.id, paymentId: object.payment_id ?? null, event };
      return { object: 'payment', id: object.id, event };
    },
  };
}

const money = (amount: Minor, currency: string) => ({ value: minorToAmountString(amount), currency });

/** Metadata in key order, so the same input always writes the same body. */
function sortedStrings(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * YooKassa's receipt object. Its own receipts go by e-mail, so the e-mail wins when both are known; a phone is
 * written as digits from the country code ('79…'), as YooKassa documents it.
 */
function receiptBody(receipt: PaymentReceipt, currency: string, paymentMode?: ReceiptItem['paymentMode']) {
  const { email, phone } = receipt.customer;
  const customer = email ? { email } : phone ? { phone: phoneDigits(phone) } : {};
  return {
    customer,
    items: receipt.items.map((item) => ({
      description: clip(item.description, 128),
      // A number: YooKassa takes an integer or up to three decimals; ours are whole dish counts.
      quantity: item.quantity,
      amount: money(item.unitPrice, currency),
      vat_code: item.vatCode,
      payment_subject: item.paymentSubject,
      payment_mode: paymentMode ?? item.paymentMode,
    })),
  };
}

/** At most `max` UTF-16 units, never cutting a surrogate pair in half. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max);
}

function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}
