import { minor, type PaymentReceipt } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, json, startFake } from '../../test/fakes/fake-server.ts';
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, startFakeYooKassa } from '../../test/fakes/yookassa.ts';
import { type CreatePaymentInput, type PaymentGateway, PaymentProviderError } from './payment-gateway.ts';
import { yookassaGateway } from './yookassa-gateway.ts';

/** Every call to the log, as JSON, so a test can look for what must never be there. */
function recordingLog() {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push(JSON.stringify({ level, args }));
    };
  const logger = {
    level: 'info',
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    silent: () => {},
    child: () => logger,
  };
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

const SHOP = 'nori-main';
const log = recordingLog();
let fake: FakeYooKassa;
let gateway: PaymentGateway;
let keys = 0;
const nextKey = () => `attempt-${process.pid}-${++keys}`;

const receipt: PaymentReceipt = {
  customer: { email: 'guest@example.com', phone: '+79123456789' },
  items: [
    {
      description: 'Филадельфия',
      quantity: 2,
      unitPrice: minor(45000),
      vatCode: 1,
      paymentSubject: 'commodity',
      paymentMode: 'full_prepayment',
    },
    {
      description: 'Доставка',
      quantity: 1,
      unitPrice: minor(39000),
      vatCode: 1,
      paymentSubject: 'service',
      paymentMode: 'full_prepayment',
    },
  ],
};

function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    shop: SHOP,
    idempotenceKey: nextKey(),
    amount: minor(129000),
    currency: 'RUB',
    description: 'Заказ Б-042, Нори-Нори',
    returnUrl: 'https://shop.example/orders/42/paid',
    metadata: { orderId: '42', attempt: '1' },
    receipt,
    method: 'card',
    ...overrides,
  };
}

const gatewayFor = (target: { url: string }, timeoutMs = 2000) =>
  yookassaGateway(
    { yookassaUrl: target.url, yookassaShops: { [SHOP]: FAKE_YOOKASSA_SHOP }, timeoutMs },
    log.logger,
  );

async function providerError(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

/** Follows the hosted page's form as a browser would, without following the redirect. */
async function submit(confirmationUrl: string, action: 'pay' | 'decline' | 'abandon', form = {}) {
  return fetch(`${confirmationUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  fake = await startFakeYooKassa({ timeoutHoldMs: 1000 });
  gateway = gatewayFor(fake);
});
afterAll(() => fake.close());

describe('YooKassa adapter: payments', () => {
  it('creates a payment with Basic auth, an Idempotence-Key and the documented body', async () => {
    const input = paymentInput();
    const payment = await gateway.createPayment(input);
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v3/payments');
    expect(request?.headers['idempotence-key']).toBe(input.idempotenceKey);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('123456:test_secret').toString('base64')}`,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount: { value: '1290.00', currency: 'RUB' },
      capture: true,
      payment_method_data: { type: 'bank_card' },
      confirmation: { type: 'redirect', return_url: 'https://shop.example/orders/42/paid' },
      description: 'Заказ Б-042, Нори-Нори',
      metadata: { attempt: '1', orderId: '42' },
      receipt: {
        customer: { email: 'guest@example.com' },
        items: [
          {
            description: 'Филадельфия',
            quantity: 2,
            amount: { value: '450.00', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
          },
          {
            description: 'Доставка',
            quantity: 1,
            amount: { value: '390.00', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'service',
            payment_mode: 'full_prepayment',
          },
        ],
      },
    });
    expect(payment).toMatchObject({
      status: 'pending',
      amount: 129000,
      currency: 'RUB',
      metadata: { orderId: '42', attempt: '1' },
      cancellation: null,
      test: true,
      method: 'card',
    });
    expect(payment.confirmationUrl).toMatch(/\/checkout\//);
  });

  it('names SBP and SberPay as YooKassa’s types, one-stage, and reads the method back (decision 55)', async () => {
    const sbp = await gateway.createPayment(paymentInput({ method: 'sbp' }));
    const sbpBody = JSON.parse(fake.requests.at(-1)?.body ?? '');
    expect(sbpBody).toMatchObject({ capture: true, payment_method_data: { type: 'sbp' } });
    expect(sbp.method).toBe('sbp');
    const sberpay = await gateway.createPayment(paymentInput({ method: 'sberpay' }));
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '').payment_method_data).toEqual({ type: 'sberbank' });
    expect(sberpay.method).toBe('sberpay');
    fake.pay(sberpay.id);
    expect(await gateway.getPayment(SHOP, sberpay.id)).toMatchObject({
      status: 'succeeded',
      method: 'sberpay',
    });
    // The receipt goes as with a card: the same items, the same customer.
    await gateway.createPayment(paymentInput());
    expect(sbpBody.receipt).toEqual(JSON.parse(fake.requests.at(-1)?.body ?? '').receipt);
  });

  it('a method the shop has not enabled is refused with 403 forbidden, not an unknown outcome', async () => {
    fake.setShopMethods(FAKE_YOOKASSA_SHOP.shopId, ['bank_card']);
    try {
      const error = await gateway.createPayment(paymentInput({ method: 'sbp' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ kind: 'refused', details: { status: 403, code: 'forbidden' } });
      expect((await gateway.createPayment(paymentInput())).method).toBe('card');
    } finally {
      fake.setShopMethods(FAKE_YOOKASSA_SHOP.shopId, ['bank_card', 'sbp', 'sberbank']);
    }
  });

  it('writes a phone as digits from 7 when there is no e-mail, and no receipt when there is none', async () => {
    await gateway.createPayment(
      paymentInput({ receipt: { ...receipt, customer: { email: null, phone: '+7 (912) 345-67-89' } } }),
    );
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '').receipt.customer).toEqual({ phone: '79123456789' });
    await gateway.createPayment(paymentInput({ receipt: null, description: `Заказ ${'ё'.repeat(200)}` }));
    const body = JSON.parse(fake.requests.at(-1)?.body ?? '');
    expect(body).not.toHaveProperty('receipt');
    expect(body.description).toHaveLength(128);
  });

  it('sends the same bytes for the same input, whatever the metadata order, and gets the same payment', async () => {
    const input = paymentInput();
    const first = await gateway.createPayment(input);
    const firstBody = fake.requests.at(-1)?.body;
    const again = await gateway.createPayment({ ...input, metadata: { attempt: '1', orderId: '42' } });
    expect(fake.requests.at(-1)?.body).toBe(firstBody);
    expect(again.id).toBe(first.id);
  });

  it('is refused when the same key comes with another body', async () => {
    const input = paymentInput();
    await gateway.createPayment(input);
    const error = await providerError(
      gateway.createPayment({ ...input, amount: minor(129100), receipt: null }),
    );
    expect(error.kind).toBe('refused');
    expect(error.details).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(error.message).toContain('Idempotence key duplicated');
  });

  it('is refused when the receipt does not add up to the amount', async () => {
    const error = await providerError(gateway.createPayment(paymentInput({ amount: minor(129001) })));
    expect(error).toMatchObject({ kind: 'refused', details: { code: 'invalid_request' } });
  });

  it('reads a payment back, and not-found for one it does not know', async () => {
    const created = await gateway.createPayment(paymentInput());
    expect(await gateway.getPayment(SHOP, created.id)).toEqual(created);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: `/v3/payments/${created.id}` });
    const error = await providerError(gateway.getPayment(SHOP, '2419a771-000f-5000-9000-000000000000'));
    expect(error.kind).toBe('not-found');
  });

  it('reads a payment paid on the hosted page as succeeded, with its amount', async () => {
    const created = await gateway.createPayment(paymentInput());
    const page = await fetch(created.confirmationUrl ?? '');
    const html = await page.text();
    expect(html).toContain(`/checkout/${created.id}/pay`);
    expect(html).toContain('<option value="insufficient_funds">');
    const paid = await submit(created.confirmationUrl ?? '', 'pay');
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe('https://shop.example/orders/42/paid');
    expect(await gateway.getPayment(SHOP, created.id)).toMatchObject({
      id: created.id,
      status: 'succeeded',
      amount: 129000,
      currency: 'RUB',
      confirmationUrl: null,
      cancellation: null,
    });
  });

  it('reads a payment declined on the hosted page as canceled, with who and why', async () => {
    const created = await gateway.createPayment(paymentInput());
    const declined = await submit(created.confirmationUrl ?? '', 'decline', { reason: 'insufficient_funds' });
    expect(declined.status).toBe(302);
    expect(await gateway.getPayment(SHOP, created.id)).toMatchObject({
      status: 'canceled',
      cancellation: { party: 'payment_network', reason: 'insufficient_funds' },
    });
  });

  it('leaves an abandoned payment pending, and an expired one canceled by YooMoney', async () => {
    const created = await gateway.createPayment(paymentInput());
    expect((await submit(created.confirmationUrl ?? '', 'abandon')).status).toBe(302);
    expect((await gateway.getPayment(SHOP, created.id)).status).toBe('pending');
    fake.expire(created.id);
    expect((await gateway.getPayment(SHOP, created.id)).cancellation).toEqual({
      party: 'yoo_money',
      reason: 'expired_on_confirmation',
    });
  });
});

describe('YooKassa adapter: refunds and receipts', () => {
  async function paidPayment() {
    const created = await gateway.createPayment(paymentInput());
    fake.pay(created.id);
    return created;
  }
  const refundInput = (paymentId: string, amount: number) => ({
    shop: SHOP,
    idempotenceKey: nextKey(),
    paymentId,
    amount: minor(amount),
    currency: 'RUB',
    description: 'Возврат по заказу Б-042',
    receipt: null,
  });

  it('refunds a payment in full and reads the refund back', async () => {
    const payment = await paidPayment();
    const input = refundInput(payment.id, 129000);
    const refund = await gateway.createRefund(input);
    const request = fake.requests.at(-1);
    expect(request?.url).toBe('/v3/refunds');
    expect(request?.headers['idempotence-key']).toBe(input.idempotenceKey);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      payment_id: payment.id,
      amount: { value: '1290.00', currency: 'RUB' },
      description: 'Возврат по заказу Б-042',
    });
    expect(refund).toMatchObject({
      paymentId: payment.id,
      status: 'succeeded',
      amount: 129000,
      currency: 'RUB',
    });
    expect(await gateway.getRefund(SHOP, refund.id)).toEqual(refund);
  });

  it('refunds in parts, and refuses more than is left', async () => {
    const payment = await paidPayment();
    const part = await gateway.createRefund(refundInput(payment.id, 39000));
    expect(part.amount).toBe(39000);
    const error = await providerError(gateway.createRefund(refundInput(payment.id, 90001)));
    expect(error).toMatchObject({ kind: 'refused', details: { status: 400, code: 'invalid_request' } });
    expect((await gateway.createRefund(refundInput(payment.id, 90000))).status).toBe('succeeded');
  });

  it('refuses to refund a payment that is not paid', async () => {
    const created = await gateway.createPayment(paymentInput());
    const error = await providerError(gateway.createRefund(refundInput(created.id, 100)));
    expect(error.kind).toBe('refused');
  });

  it('sends a refund receipt that adds up to the refund', async () => {
    const payment = await paidPayment();
    const refund = await gateway.createRefund({
      ...refundInput(payment.id, 39000),
      receipt: { customer: receipt.customer, items: receipt.items.slice(1) },
    });
    expect(refund.status).toBe('succeeded');
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '').receipt.items).toHaveLength(1);
  });

  it('answers a pending refund as pending until YooKassa completes it', async () => {
    const payment = await paidPayment();
    fake.setRefundStatus('pending');
    try {
      const refund = await gateway.createRefund(refundInput(payment.id, 1000));
      expect(refund.status).toBe('pending');
      fake.succeedRefund(refund.id);
      expect((await gateway.getRefund(SHOP, refund.id)).status).toBe('succeeded');
    } finally {
      fake.setRefundStatus('succeeded');
    }
  });

  it('sends the settlement receipt at handover: full_payment items against the prepayment', async () => {
    const payment = await paidPayment();
    const key = nextKey();
    await gateway.sendSettlementReceipt({
      shop: SHOP,
      idempotenceKey: key,
      paymentId: payment.id,
      amount: minor(129000),
      currency: 'RUB',
      receipt,
    });
    const request = fake.requests.at(-1);
    expect(request?.url).toBe('/v3/receipts');
    expect(request?.headers['idempotence-key']).toBe(key);
    const body = JSON.parse(request?.body ?? '');
    expect(body).toMatchObject({
      type: 'payment',
      payment_id: payment.id,
      customer: { email: 'guest@example.com' },
      send: true,
      settlements: [{ type: 'prepayment', amount: { value: '1290.00', currency: 'RUB' } }],
    });
    expect(body.items.map((item: { payment_mode: string }) => item.payment_mode)).toEqual([
      'full_payment',
      'full_payment',
    ]);
    expect(fake.receipts.at(-1)).toEqual(body);
  });
});

describe('YooKassa adapter: failures', () => {
  it('treats a 500 after the payment was made as unknown, and the repeat finds the same payment', async () => {
    const input = paymentInput();
    const before = fake.paymentIds().length;
    fake.failNext('create', '500-after');
    const error = await providerError(gateway.createPayment(input));
    expect(error).toMatchObject({ kind: 'unknown-outcome', details: { status: 500 } });
    expect(fake.paymentIds()).toHaveLength(before + 1);
    const repeat = await gateway.createPayment(input);
    expect(repeat.id).toBe(fake.paymentIds().at(-1));
    expect(fake.paymentIds()).toHaveLength(before + 1);
  });

  it('treats a 500 before anything was made as unknown too', async () => {
    const before = fake.paymentIds().length;
    fake.failNext('create', '500-before');
    expect((await providerError(gateway.createPayment(paymentInput()))).kind).toBe('unknown-outcome');
    expect(fake.paymentIds()).toHaveLength(before);
  });

  it('reports 429 as rate-limited with YooKassa’s retry_after', async () => {
    fake.failNext('get', '429');
    const error = await providerError(gateway.getPayment(SHOP, 'any'));
    expect(error).toMatchObject({ kind: 'rate-limited', details: { status: 429, retryAfterMs: 1500 } });
  });

  it('reads Retry-After (seconds) when the body has no retry_after, and 202 as unknown', async () => {
    let status = 429;
    const odd: FakeServer = await startFake((_request, _body, response) => {
      if (status === 429) response.setHeader('retry-after', '2');
      json(response, status, { type: 'error', code: status === 429 ? 'too_many_requests' : 'processing' });
    });
    try {
      const oddGateway = gatewayFor(odd);
      expect((await providerError(oddGateway.getPayment(SHOP, 'x'))).details.retryAfterMs).toBe(2000);
      status = 202;
      expect((await providerError(oddGateway.getPayment(SHOP, 'x'))).kind).toBe('unknown-outcome');
    } finally {
      await odd.close();
    }
  });

  it('refuses an answer whose amount is not a decimal string, never reading it as a float', async () => {
    let value = '1290.005';
    const odd = await startFake((_request, _body, response) =>
      json(response, 200, {
        id: 'p1',
        status: 'succeeded',
        amount: { value, currency: 'RUB' },
        metadata: { orderId: '42', cms_version: 3 },
        some_field_added_later: { any: 'thing' },
      }),
    );
    try {
      expect((await providerError(gatewayFor(odd).getPayment(SHOP, 'p1'))).kind).toBe('unknown-outcome');
      value = '1290.1';
      // Fields YooKassa adds, and metadata that is not ours, do not make a payment unreadable.
      expect(await gatewayFor(odd).getPayment(SHOP, 'p1')).toMatchObject({
        amount: 129010,
        metadata: { orderId: '42' },
      });
    } finally {
      await odd.close();
    }
  });

  it('treats a timeout and an unreachable YooKassa as unknown', async () => {
    fake.failNext('create', 'timeout');
    const slow = gatewayFor(fake, 200);
    expect((await providerError(slow.createPayment(paymentInput()))).kind).toBe('unknown-outcome');
    const nowhere = gatewayFor({ url: 'http://127.0.0.1:9/v3' });
    expect((await providerError(nowhere.getPayment(SHOP, 'x'))).kind).toBe('unknown-outcome');
  });

  it('is refused with invalid_credentials on a wrong secret key', async () => {
    const wrong = yookassaGateway(
      {
        yookassaUrl: fake.url,
        yookassaShops: { [SHOP]: { shopId: '123456', secretKey: 'test_wrong' } },
        timeoutMs: 2000,
      },
      log.logger,
    );
    const error = await providerError(wrong.getPayment(SHOP, 'x'));
    expect(error).toMatchObject({ kind: 'refused', details: { status: 401, code: 'invalid_credentials' } });
  });

  it('knows only the shops it has credentials for, and calls none other', async () => {
    expect(gateway.knowsShop(SHOP)).toBe(true);
    expect(gateway.knowsShop('elsewhere')).toBe(false);
    expect(gateway.knowsShop('toString')).toBe(false);
    const count = fake.requests.length;
    for (const shop of ['elsewhere', 'toString']) {
      const error = await providerError(gateway.createPayment(paymentInput({ shop })));
      expect(error.kind).toBe('refused');
    }
    expect(fake.requests).toHaveLength(count);
  });

  it('logs failures, never the secret key or the Authorization header', () => {
    const logged = log.lines.join('\n');
    expect(logged).toContain('invalid_credentials');
    expect(logged).not.toContain('test_secret');
    expect(logged).not.toContain('test_wrong');
    expect(logged).not.toContain(Buffer.from('123456:test_secret').toString('base64'));
    expect(logged.toLowerCase()).not.toContain('basic ');
  });
});

describe('YooKassa notifications', () => {
  it('reads each event into a hint, and anything else into null', () => {
    const payment = { id: 'p1', status: 'succeeded', amount: { value: '1.00', currency: 'RUB' } };
    for (const event of ['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture'])
      expect(gateway.notificationHint({ type: 'notification', event, object: payment })).toEqual({
        object: 'payment',
        id: 'p1',
        event,
      });
    expect(
      gateway.notificationHint({
        type: 'notification',
        event: 'refund.succeeded',
        object: { id: 'r1', payment_id: 'p1', status: 'succeeded' },
      }),
    ).toEqual({ object: 'refund', id: 'r1', paymentId: 'p1', event: 'refund.succeeded' });
    for (const junk of [
      null,
      'payment.succeeded',
      {},
      { type: 'notification', event: 'payment.refunded', object: payment },
      { type: 'notification', event: 'payment.succeeded' },
      { type: 'notification', event: 'payment.succeeded', object: { id: '' } },
      { type: 'event', event: 'payment.succeeded', object: payment },
    ])
      expect(gateway.notificationHint(junk)).toBeNull();
  });
});

describe('the fake YooKassa delivers notifications as YooKassa does', () => {
  /** A receiver that answers each delivery with the next status of its script, then 200. */
  async function receiver(script: number[] = []) {
    const addresses: string[] = [];
    const server = await startFake((request, _body, response) => {
      addresses.push(request.socket.remoteAddress ?? '');
      response.writeHead(script.shift() ?? 200).end();
    });
    const events = () =>
      server.requests.map((request) => {
        const body = JSON.parse(request.body);
        return { event: body.event as string, id: body.object.id as string, status: body.object.status };
      });
    return { server, addresses, events, url: `${server.url}/payments/yookassa/notifications` };
  }

  it('sends each change late and twice, from 127.0.0.1, with the whole object', async () => {
    const to = await receiver();
    const sender = await startFakeYooKassa({
      notificationUrl: to.url,
      duplicate: 2,
      notificationDelayMs: 20,
    });
    try {
      const created = await gatewayFor(sender).createPayment(paymentInput());
      sender.pay(created.id);
      expect(to.server.requests).toHaveLength(0);
      await sender.notificationsSettled();
      expect(to.events()).toEqual([
        { event: 'payment.succeeded', id: created.id, status: 'succeeded' },
        { event: 'payment.succeeded', id: created.id, status: 'succeeded' },
      ]);
      expect(new Set(to.addresses)).toEqual(new Set(['127.0.0.1']));
      const body = JSON.parse(to.server.requests[0]?.body ?? '');
      expect(body.object).toMatchObject({ amount: { value: '1290.00' }, metadata: { orderId: '42' } });
      expect(gateway.notificationHint(body)).toEqual({
        object: 'payment',
        id: created.id,
        event: 'payment.succeeded',
      });
      expect(sender.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    } finally {
      await sender.close();
      await to.server.close();
    }
  });

  it('holds notifications and sends them newest first when reordering', async () => {
    const to = await receiver();
    const sender = await startFakeYooKassa({ reorder: true });
    sender.setNotificationUrl(to.url);
    try {
      const senderGateway = gatewayFor(sender);
      const first = await senderGateway.createPayment(paymentInput());
      const second = await senderGateway.createPayment(paymentInput());
      sender.pay(first.id);
      sender.decline(second.id, 'card_expired');
      await sender.notificationsSettled();
      expect(to.server.requests).toHaveLength(0);
      sender.flushNotifications();
      await sender.notificationsSettled();
      expect(to.events()).toEqual([
        { event: 'payment.canceled', id: second.id, status: 'canceled' },
        { event: 'payment.succeeded', id: first.id, status: 'succeeded' },
      ]);
    } finally {
      await sender.close();
      await to.server.close();
    }
  });

  it('sends a notification again until the receiver answers 200, and refunds and manual ones too', async () => {
    const to = await receiver([503, 500]);
    const sender = await startFakeYooKassa({ notificationUrl: to.url, retry: { tries: 5, backoffMs: 5 } });
    try {
      const senderGateway = gatewayFor(sender);
      const created = await senderGateway.createPayment(paymentInput());
      sender.pay(created.id);
      await sender.notificationsSettled();
      expect(sender.deliveries).toEqual([
        { event: 'payment.succeeded', objectId: created.id, attempt: 1, status: 503 },
        { event: 'payment.succeeded', objectId: created.id, attempt: 2, status: 500 },
        { event: 'payment.succeeded', objectId: created.id, attempt: 3, status: 200 },
      ]);
      const refund = await senderGateway.createRefund({
        shop: SHOP,
        idempotenceKey: nextKey(),
        paymentId: created.id,
        amount: minor(1000),
        currency: 'RUB',
        description: 'Возврат',
        receipt: null,
      });
      await sender.notificationsSettled();
      sender.notify(created.id, 'payment.succeeded');
      await sender.notificationsSettled();
      const refundBody = JSON.parse(to.server.requests.at(-2)?.body ?? '');
      expect(senderGateway.notificationHint(refundBody)).toEqual({
        object: 'refund',
        id: refund.id,
        paymentId: created.id,
        event: 'refund.succeeded',
      });
      expect(to.events().at(-1)).toEqual({ event: 'payment.succeeded', id: created.id, status: 'succeeded' });
    } finally {
      await sender.close();
      await to.server.close();
    }
  });
});
