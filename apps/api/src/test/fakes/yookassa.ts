import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  amountStringToMinor,
  minor,
  minorToAmountString,
  PAYMENT_CANCELLATION_REASONS,
} from '@storefront/domain';
import { json } from './fake-server.ts';

/** The shop the fake knows unless started with others. */
export const FAKE_YOOKASSA_SHOP = { shopId: '123456', secretKey: 'test_secret' } as const;

export type FakeYooKassaOperation = 'create' | 'get' | 'refund';
/**
 * '500-before': nothing done, 500. '500-after': done (stored under the idempotence key), yet 500.
 * '429': too_many_requests with retry_after. 'timeout': the request is held, then its connection dropped.
 */
export type FakeYooKassaFault = '500-before' | '500-after' | '429' | 'timeout';

/** YooKassa's payment_method_data types the fake takes (INTEGRATIONS.md 'SBP and SberPay'). */
export const FAKE_YOOKASSA_METHOD_TYPES = ['bank_card', 'sbp', 'sberbank'] as const;
export type FakeYooKassaMethodType = (typeof FAKE_YOOKASSA_METHOD_TYPES)[number];

export interface FakeYooKassaOptions {
  /** `methods`: the payment methods the shop has enabled (all three unless said); others are 403 forbidden. */
  shops?: { shopId: string; secretKey: string; methods?: readonly FakeYooKassaMethodType[] }[];
  /** 0 (the default) picks a free port. */
  port?: number;
  notificationUrl?: string | null;
  /** Wait before each notification is sent. */
  notificationDelayMs?: number;
  /** Send each notification this many times (YooKassa may deliver one more than once). */
  duplicate?: number;
  /** Hold notifications until flushNotifications(), which sends them newest first. */
  reorder?: boolean;
  /** Tries per notification while the receiver answers other than 200, with a growing pause between. */
  retry?: { tries: number; backoffMs: number };
  /** How long a 'timeout' fault holds a request before dropping it: longer than the client's timeout. */
  timeoutHoldMs?: number;
  /** The retry_after (ms) a '429' fault answers. */
  retryAfterMs?: number;
  /** The status new refunds get. */
  refundStatus?: 'succeeded' | 'pending';
  /**
   * Random faults (the chaos harness): per operation, the chance of each fault on a request no queued fault
   * (failNext) answers. None unless set.
   */
  faultRates?: Partial<Record<FakeYooKassaOperation, Partial<Record<FakeYooKassaFault, number>>>>;
  /** A random extra wait, up to this, before each notification copy: copies arrive late and in any order. */
  notificationJitterMs?: number;
  /** The chance that a notification is sent once more than `duplicate` says. */
  duplicateRate?: number;
  /** The source of the random choices above (a seeded one makes a run repeatable); Math.random by default. */
  random?: () => number;
}

export interface FakeYooKassaRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeNotificationDelivery {
  event: string;
  objectId: string;
  attempt: number;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
}

type Json = Record<string, unknown>;

interface StoredPayment {
  shopId: string;
  object: Json;
  amount: number;
  refunded: number;
}

const AMOUNT = /^\d{1,13}\.\d{2}$/;
const IDEMPOTENCE_KEY = /^[0-9a-zA-Z+\-_.]{1,64}$/;

/**
 * A fake YooKassa API v3 on 127.0.0.1 (INTEGRATIONS.md 'YooKassa'): payments, refunds and receipts with Basic
 * auth and idempotence keys, a hosted checkout page (pay, decline, abandon), notifications with the delivery
 * quirks the real one has (delay, duplicates, any order, redelivery until 200), and faults on demand. It
 * validates requests where that catches our bugs (amount strings, receipt sums, lengths), not everywhere.
 */
export async function startFakeYooKassa(options: FakeYooKassaOptions = {}) {
  const shops: NonNullable<FakeYooKassaOptions['shops']> = options.shops ?? [FAKE_YOOKASSA_SHOP];
  /** shopId → its enabled methods (setShopMethods changes them). */
  const shopMethods = new Map<string, readonly FakeYooKassaMethodType[]>(
    shops.map((shop) => [shop.shopId, shop.methods ?? FAKE_YOOKASSA_METHOD_TYPES]),
  );
  const requests: FakeYooKassaRequest[] = [];
  const payments = new Map<string, StoredPayment>();
  const refunds = new Map<string, { shopId: string; object: Json }>();
  const receipts: Json[] = [];
  /** `${shopId} ${path} ${key}` → the body first sent and the object it made. */
  const idempotence = new Map<string, { body: string; object: Json }>();
  const faults = new Map<FakeYooKassaOperation, FakeYooKassaFault[]>();
  const deliveries: FakeNotificationDelivery[] = [];
  const held: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let notificationUrl = options.notificationUrl ?? null;
  let refundStatus = options.refundStatus ?? 'succeeded';
  let base = '';

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function error(
    response: ServerResponse,
    status: number,
    code: string,
    description: string,
    parameter?: string,
  ) {
    json(response, status, {
      type: 'error',
      id: randomUUID(),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    });
  }

  function shopOf(request: IncomingMessage): string | null {
    const match = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const [shopId, ...rest] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
    const secretKey = rest.join(':');
    return shops.find((shop) => shop.shopId === shopId && shop.secretKey === secretKey)?.shopId ?? null;
  }

  const random = options.random ?? Math.random;

  /** With no fault queued for the operation, queues one drawn at its rates (if any). */
  function drawFault(operation: FakeYooKassaOperation) {
    const rates = options.faultRates?.[operation];
    if (!rates || (faults.get(operation)?.length ?? 0) > 0) return;
    let roll = random();
    for (const [fault, rate] of Object.entries(rates) as [FakeYooKassaFault, number][]) {
      if (roll < rate) {
        faults.set(operation, [fault]);
        return;
      }
      roll -= rate;
    }
  }

  /** Applies the next fault queued for an operation; true when the request has been answered. */
  function faultBefore(operation: FakeYooKassaOperation, request: IncomingMessage, response: ServerResponse) {
    drawFault(operation);
    const fault = faults.get(operation)?.[0];
    if (!fault || fault === '500-after') return false;
    faults.get(operation)?.shift();
    if (fault === '500-before') error(response, 500, 'internal_server_error', 'Internal server error');
    if (fault === '429')
      json(response, 429, {
        type: 'error',
        id: randomUUID(),
        code: 'too_many_requests',
        description: 'Too many requests',
        retry_after: options.retryAfterMs ?? 1500,
      });
    if (fault === 'timeout')
      void sleep(options.timeoutHoldMs ?? 1000).then(() => {
        request.socket.destroy();
      });
    return true;
  }

  function faultAfter(operation: FakeYooKassaOperation) {
    if (faults.get(operation)?.[0] !== '500-after') return false;
    faults.get(operation)?.shift();
    return true;
  }

  // ---- notifications ----

  async function post(body: string): Promise<number | null> {
    if (!notificationUrl) return null;
    try {
      const answer = await fetch(notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(5000),
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return null;
    }
  }

  async function deliver(body: string) {
    const { event, object } = JSON.parse(body) as { event: string; object: { id: string } };
    const tries = Math.max(1, options.retry?.tries ?? 1);
    for (let attempt = 1; attempt <= tries; attempt++) {
      const status = await post(body);
      deliveries.push({ event, objectId: object.id, attempt, status });
      if (status === 200) return;
      if (attempt < tries) await sleep((options.retry?.backoffMs ?? 50) * attempt);
    }
  }

  function send(body: string) {
    const copies =
      Math.max(1, options.duplicate ?? 1) +
      (options.duplicateRate && random() < options.duplicateRate ? 1 : 0);
    for (let copy = 0; copy < copies; copy++) {
      const wait =
        (options.notificationDelayMs ?? 0) +
        (options.notificationJitterMs ? Math.floor(random() * options.notificationJitterMs) : 0);
      const delivery = (async () => {
        if (wait) await sleep(wait);
        await deliver(body);
      })();
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    }
  }

  function notifyObject(event: string, object: Json) {
    if (!notificationUrl) return;
    const body = JSON.stringify({ type: 'notification', event, object });
    if (options.reorder) held.push(body);
    else send(body);
  }

  // ---- payments ----

  function payment(id: string): StoredPayment {
    const stored = payments.get(id);
    if (!stored) throw new Error(`the fake YooKassa has no payment ${id}`);
    return stored;
  }

  function finish(id: string, change: Json) {
    const stored = payment(id);
    if (stored.object.status !== 'pending')
      throw new Error(`payment ${id} is ${String(stored.object.status)}`);
    const { confirmation: _gone, ...rest } = stored.object;
    stored.object = { ...rest, ...change };
    notifyObject(`payment.${String(stored.object.status)}`, visible(stored.object));
    return stored.object;
  }

  const controls = {
    pay(id: string) {
      const chosen = payment(id).object.payment_method;
      return finish(id, {
        payment_method: chosen ?? { type: 'bank_card', id, saved: false },
        status: 'succeeded',
        paid: true,
        captured_at: new Date().toISOString(),
        refundable: true,
        refunded_amount: { value: '0.00', currency: 'RUB' },
      });
    },
    decline(id: string, reason: string) {
      return finish(id, { status: 'canceled', cancellation_details: { party: 'payment_network', reason } });
    },
    expire(id: string) {
      return finish(id, {
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
      });
    },
  };

  function validatePayment(body: Json): [string, string] | null {
    const amount = body.amount as Json | undefined;
    if (typeof amount?.value !== 'string' || !AMOUNT.test(amount.value) || Number(amount.value) <= 0)
      return ['amount.value', 'Invalid amount value'];
    if (typeof amount.currency !== 'string') return ['amount.currency', 'Invalid currency'];
    // The fake does one-stage payments only; we never hold money.
    if (body.capture !== true) return ['capture', 'The fake supports capture: true only'];
    const confirmation = body.confirmation as Json | undefined;
    if (confirmation?.type !== 'redirect') return ['confirmation.type', 'Invalid confirmation type'];
    if (body.payment_method_data !== undefined) {
      const data = body.payment_method_data as Json | null;
      if (
        typeof data !== 'object' ||
        data === null ||
        !(FAKE_YOOKASSA_METHOD_TYPES as readonly unknown[]).includes(data.type)
      )
        return ['payment_method_data.type', 'Invalid payment method type'];
    }
    if (
      typeof confirmation.return_url !== 'string' ||
      confirmation.return_url.length > 2048 ||
      !URL.canParse(confirmation.return_url)
    )
      return ['confirmation.return_url', 'Invalid return_url'];
    if (
      body.description !== undefined &&
      (typeof body.description !== 'string' || body.description.length > 128)
    )
      return ['description', 'Description is longer than 128 characters'];
    if (body.metadata !== undefined) {
      const metadata = body.metadata as Json;
      if (typeof metadata !== 'object' || metadata === null || Object.keys(metadata).length > 16)
        return ['metadata', 'Invalid metadata'];
      if (Object.values(metadata).some((value) => typeof value !== 'string'))
        return ['metadata', 'Metadata values must be strings'];
    }
    if (body.receipt !== undefined)
      return validateReceipt(body.receipt as Json, amountStringToMinor(amount.value) ?? 0);
    return null;
  }

  /** Items must add up to the amount, each one priced above zero (see buildPaymentReceipt). */
  function validateReceipt(receipt: Json, total: number, prefix = 'receipt'): [string, string] | null {
    const customer = receipt.customer as Json | undefined;
    if (!customer || (typeof customer.email !== 'string' && typeof customer.phone !== 'string'))
      return [`${prefix}.customer`, 'Receipt customer needs an email or a phone'];
    if (typeof customer.phone === 'string' && !/^7\d{10}$/.test(customer.phone))
      return [`${prefix}.customer.phone`, 'Invalid phone'];
    return validateItems(receipt.items, total, prefix);
  }

  function validateItems(items: unknown, total: number, prefix: string): [string, string] | null {
    if (!Array.isArray(items) || items.length === 0 || items.length > 100)
      return [`${prefix}.items`, 'Receipt needs 1 to 100 items'];
    let sum = 0;
    for (const item of items as Json[]) {
      if (
        typeof item.description !== 'string' ||
        item.description.length === 0 ||
        item.description.length > 128
      )
        return [`${prefix}.items.description`, 'Item description must be 1 to 128 characters'];
      const quantity = typeof item.quantity === 'string' ? Number(item.quantity) : item.quantity;
      if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0)
        return [`${prefix}.items.quantity`, 'Invalid quantity'];
      const amount = item.amount as Json | undefined;
      const unit =
        typeof amount?.value === 'string' && AMOUNT.test(amount.value)
          ? amountStringToMinor(amount.value)
          : null;
      if (unit === null || unit <= 0) return [`${prefix}.items.amount`, 'Invalid item amount'];
      if (
        typeof item.vat_code !== 'number' ||
        !Number.isInteger(item.vat_code) ||
        item.vat_code < 1 ||
        item.vat_code > 12
      )
        return [`${prefix}.items.vat_code`, 'Invalid vat_code'];
      if (typeof item.payment_subject !== 'string' || typeof item.payment_mode !== 'string')
        return [`${prefix}.items.payment_subject`, 'Invalid payment_subject or payment_mode'];
      sum += Math.round(quantity * unit);
    }
    if (sum !== total) return [`${prefix}.items`, `Items add up to ${minorToAmountString(minor(sum))}`];
    return null;
  }

  function createPayment(shopId: string, body: Json): Json {
    const id = randomUUID();
    const methodType = (body.payment_method_data as Json | undefined)?.type;
    const amount = body.amount as { value: string; currency: string };
    const object: Json = {
      id,
      status: 'pending',
      paid: false,
      amount,
      confirmation: { type: 'redirect', confirmation_url: `${origin()}/checkout/${id}` },
      created_at: new Date().toISOString(),
      description: body.description,
      metadata: body.metadata ?? {},
      recipient: { account_id: shopId, gateway_id: '100500' },
      refundable: false,
      test: true,
      // Named at creation: the hosted page offers only it. Otherwise the customer picks on the page (a card here).
      ...(methodType ? { payment_method: { type: methodType, id, saved: false } } : {}),
      // Kept for the hosted page's redirect; YooKassa keeps it too (confirmation.return_url).
      _return_url: (body.confirmation as Json).return_url,
    };
    payments.set(id, { shopId, object, amount: amountStringToMinor(amount.value) ?? 0, refunded: 0 });
    return object;
  }

  /** What YooKassa answers: the object without the fake's own bookkeeping. */
  const visible = (object: Json) => {
    const { _return_url: _hidden, ...rest } = object;
    return rest;
  };

  function createRefund(shopId: string, body: Json, response: ServerResponse): Json | null {
    const stored = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!stored || stored.shopId !== shopId) {
      error(response, 400, 'invalid_request', 'Payment not found', 'payment_id');
      return null;
    }
    if (stored.object.status !== 'succeeded') {
      error(response, 400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
      return null;
    }
    const amount = body.amount as Json | undefined;
    const value =
      typeof amount?.value === 'string' && AMOUNT.test(amount.value)
        ? amountStringToMinor(amount.value)
        : null;
    if (value === null || value <= 0) {
      error(response, 400, 'invalid_request', 'Invalid amount value', 'amount.value');
      return null;
    }
    if (value > stored.amount - stored.refunded) {
      error(
        response,
        400,
        'invalid_request',
        'Refund amount exceeds the amount left to refund',
        'amount.value',
      );
      return null;
    }
    if (body.receipt !== undefined) {
      const problem = validateReceipt(body.receipt as Json, value);
      if (problem) {
        error(response, 400, 'invalid_request', problem[1], problem[0]);
        return null;
      }
    }
    const object: Json = {
      id: randomUUID(),
      payment_id: body.payment_id,
      status: refundStatus,
      amount,
      created_at: new Date().toISOString(),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
    };
    refunds.set(object.id as string, { shopId, object });
    if (refundStatus === 'succeeded') applyRefund(object);
    return object;
  }

  function applyRefund(refund: Json) {
    const stored = payment(refund.payment_id as string);
    stored.refunded += amountStringToMinor((refund.amount as Json).value as string) ?? 0;
    stored.object = {
      ...stored.object,
      refunded_amount: {
        value: minorToAmountString(minor(stored.refunded)),
        currency: (stored.object.amount as Json).currency,
      },
      refundable: stored.refunded < stored.amount,
    };
    notifyObject('refund.succeeded', refund);
  }

  function origin() {
    return base.replace(/\/v3$/, '');
  }

  // ---- HTTP ----

  /** A write under an idempotence key: the same key and body answer the first result again. */
  function idempotent(
    request: IncomingMessage,
    response: ServerResponse,
    shopId: string,
    path: string,
    raw: string,
    operation: FakeYooKassaOperation | null,
    make: (body: Json) => Json | null,
  ) {
    const key = request.headers['idempotence-key'];
    if (typeof key !== 'string' || !IDEMPOTENCE_KEY.test(key))
      return error(
        response,
        400,
        'invalid_request',
        'Idempotence key is missing or invalid',
        'Idempotence-Key',
      );
    const slot = `${shopId} ${path} ${key}`;
    const earlier = idempotence.get(slot);
    if (earlier && earlier.body !== raw)
      return error(response, 400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
    if (operation && faultBefore(operation, request, response)) return;
    if (earlier) return json(response, 200, visible(earlier.object));
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return error(response, 400, 'invalid_request', 'Body is not JSON');
    }
    const object = make(body);
    if (!object) return;
    idempotence.set(slot, { body: raw, object });
    if (operation && faultAfter(operation))
      return error(response, 500, 'internal_server_error', 'Internal server error');
    json(response, 200, visible(object));
  }

  function api(request: IncomingMessage, raw: string, response: ServerResponse, path: string) {
    const shopId = shopOf(request);
    if (!shopId)
      return error(
        response,
        401,
        'invalid_credentials',
        'Authentication error: invalid shopId or secret key',
      );
    const method = request.method ?? 'GET';
    if (method === 'POST' && path === '/payments')
      return idempotent(request, response, shopId, path, raw, 'create', (body) => {
        const problem = validatePayment(body);
        if (problem) {
          error(response, 400, 'invalid_request', problem[1], problem[0]);
          return null;
        }
        // As YooKassa: a method the shop has not enabled is forbidden, and nothing is stored under the key.
        const type = (body.payment_method_data as Json | undefined)?.type as
          | FakeYooKassaMethodType
          | undefined;
        if (type && !shopMethods.get(shopId)?.includes(type)) {
          error(response, 403, 'forbidden', `The ${type} payment method is not enabled for this shop`);
          return null;
        }
        return createPayment(shopId, body);
      });
    if (method === 'POST' && path === '/refunds')
      return idempotent(request, response, shopId, path, raw, 'refund', (body) =>
        createRefund(shopId, body, response),
      );
    if (method === 'POST' && path === '/receipts')
      return idempotent(request, response, shopId, path, raw, null, (body) => {
        const stored = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
        const settlements = body.settlements as Json[] | undefined;
        const settled = settlements?.reduce(
          (sum, settlement) =>
            sum + (amountStringToMinor(String((settlement.amount as Json)?.value)) ?? Number.NaN),
          0,
        );
        const problem =
          !stored || stored.shopId !== shopId
            ? (['payment_id', 'Payment not found'] as [string, string])
            : body.type !== 'payment' || body.send !== true || settled === undefined || Number.isNaN(settled)
              ? (['type', 'Invalid receipt'] as [string, string])
              : validateReceipt({ customer: body.customer, items: body.items }, settled, 'receipt');
        if (problem) {
          error(response, 400, 'invalid_request', problem[1], problem[0]);
          return null;
        }
        const object = { id: randomUUID(), type: 'payment', payment_id: body.payment_id, status: 'pending' };
        receipts.push(body);
        return object;
      });
    const paymentMatch = /^\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && paymentMatch?.[1]) {
      if (faultBefore('get', request, response)) return;
      if (faultAfter('get')) return error(response, 500, 'internal_server_error', 'Internal server error');
      const stored = payments.get(decodeURIComponent(paymentMatch[1]));
      if (!stored || stored.shopId !== shopId) return error(response, 404, 'not_found', 'Payment not found');
      return json(response, 200, visible(stored.object));
    }
    const refundMatch = /^\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundMatch?.[1]) {
      const stored = refunds.get(decodeURIComponent(refundMatch[1]));
      if (!stored || stored.shopId !== shopId) return error(response, 404, 'not_found', 'Refund not found');
      return json(response, 200, stored.object);
    }
    error(response, 404, 'not_found', 'Not found');
  }

  function checkout(
    request: IncomingMessage,
    raw: string,
    response: ServerResponse,
    id: string,
    action?: string,
  ) {
    const stored = payments.get(id);
    if (!stored) return response.writeHead(404, { 'content-type': 'text/plain' }).end('No such payment');
    const back = () => response.writeHead(302, { location: String(stored.object._return_url) }).end();
    if (request.method === 'GET' && !action) return checkoutPage(response, id, stored);
    if (request.method !== 'POST') return response.writeHead(405).end();
    if (stored.object.status !== 'pending' && action !== 'abandon') return back();
    if (action === 'pay') controls.pay(id);
    else if (action === 'decline') {
      const reason = new URLSearchParams(raw).get('reason') ?? 'general_decline';
      controls.decline(id, reason);
    } else if (action !== 'abandon') return response.writeHead(404).end();
    back();
  }

  function checkoutPage(response: ServerResponse, id: string, stored: StoredPayment) {
    const amount = (stored.object.amount as Json).value;
    const options = PAYMENT_CANCELLATION_REASONS.map(
      (reason) => `<option value="${reason}">${reason}</option>`,
    ).join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (fake): ${amount} ₽</title></head>
<body><h1>Оплата ${amount} ₽</h1><p>Статус: ${String(stored.object.status)}</p>
<p>Способ: ${String((stored.object.payment_method as Json | undefined)?.type ?? 'на выбор')}</p>
<form method="post" action="/checkout/${id}/pay"><button type="submit">Оплатить</button></form>
<form method="post" action="/checkout/${id}/decline"><select name="reason">${options}</select><button type="submit">Отклонить</button></form>
<form method="post" action="/checkout/${id}/abandon"><button type="submit">Вернуться в магазин</button></form>
</body></html>`);
  }

  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: raw,
      });
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const page = /^\/checkout\/([^/]+)(?:\/(pay|decline|abandon))?$/.exec(path);
      try {
        if (path.startsWith('/v3/')) return api(request, raw, response, path.slice(3));
        if (page?.[1]) return checkout(request, raw, response, page[1], page[2]);
        error(response, 404, 'not_found', 'Not found');
      } catch (failure) {
        error(response, 500, 'internal_server_error', String(failure));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/v3`;

  return {
    /** The API base, for PaymentsSettings.yookassaUrl. */
    url: base,
    requests,
    receipts,
    deliveries,
    ...controls,
    /** Every payment's id, oldest first. */
    paymentIds: () => [...payments.keys()],
    /** The payment as YooKassa would answer it now. */
    payment: (id: string) => visible(payment(id).object),
    refund: (id: string) => refunds.get(id)?.object,
    failNext(operation: FakeYooKassaOperation, fault: FakeYooKassaFault) {
      faults.set(operation, [...(faults.get(operation) ?? []), fault]);
    },
    setNotificationUrl(url: string | null) {
      notificationUrl = url;
    },
    setRefundStatus(status: 'succeeded' | 'pending') {
      refundStatus = status;
    },
    /** The payment methods a shop has enabled from now on (a payment of another is 403 forbidden). */
    setShopMethods(shopId: string, methods: readonly FakeYooKassaMethodType[]) {
      shopMethods.set(shopId, methods);
    },
    /** A pending refund goes through. */
    succeedRefund(id: string) {
      const stored = refunds.get(id);
      if (stored?.object.status !== 'pending') throw new Error(`refund ${id} is not pending`);
      stored.object = { ...stored.object, status: 'succeeded' };
      applyRefund(stored.object);
    },
    /** Sends a notification about a payment or refund as it is now, whatever its status. */
    notify(id: string, event: string) {
      const object = event.startsWith('refund.') ? refunds.get(id)?.object : payments.get(id)?.object;
      if (!object) throw new Error(`the fake YooKassa has no object ${id}`);
      notifyObject(event, event.startsWith('refund.') ? object : visible(object));
    },
    /** Sends the held notifications (reorder), newest first. */
    flushNotifications() {
      for (const body of held.splice(0).reverse()) send(body);
    },
    /** Resolves when every notification under way has been delivered or given up. */
    async notificationsSettled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeYooKassa = Awaited<ReturnType<typeof startFakeYooKassa>>;

// Standalone: `PORT=… NOTIFICATION_URL=… node --import tsx apps/api/src/test/fakes/yookassa.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeYooKassa({
    port: Number(process.env.PORT ?? 0),
    notificationUrl: process.env.NOTIFICATION_URL ?? null,
  });
  process.stdout.write(`${fake.url}\n`);
}
