import { randomUUID } from 'node:crypto';
import type { CustomerFacts, PlacementRecord } from './checks.ts';
import { between, pick, sleep } from './random.ts';

/**
 * One simulated customer: signs in through the API (the code read from the log sender's line), then builds
 * carts, preflights, places with an Idempotency-Key retried as is after any error or timeout, and pays on the
 * fake YooKassa's hosted page: pays, declines and tries again, walks away, or pays in two tabs. It keeps its
 * own records: every placement key with every answer it got, every payment-page click.
 */

export interface CustomerDeps {
  /** The proxy in front of the API instances. */
  api: string;
  random: () => number;
  /** The latest code the log sender wrote for a phone since a time. */
  smsCode(phone: string, since: number): string | null;
  /** The limited promo code the harness seeded. */
  promoCode: string;
  requestTimeoutMs: number;
}

interface Answer {
  status: number | null;
  body: Record<string, unknown> | null;
  retryAfterS: number | null;
}

interface OrderAnswer {
  id: number;
  status: string;
  paymentStatus: string;
  payable: number;
  payment: {
    attempt: number;
    confirmationUrl: string | null;
    canRetry: boolean;
    status: string;
    refunds: { status: string }[];
  };
}

export interface PageClick {
  orderId: number;
  /** The fake's payment id of the page. */
  providerPaymentId: string;
  action: 'pay' | 'decline' | 'abandon';
  status: number | null;
}

const API_KEY = 'demo-public-api-key';
/** Restaurant 3 works round the clock; delivery into its zone 3 (as bench/orders does). */
const PLACE = {
  deliveryType: 'DELIVERY',
  restoId: 3,
  address: 'Казань, пр. Победы, 100',
  location: { lat: 55.749875, lng: 49.20485 },
  preOrderAt: null,
};
const POSITIONS = [1, 3, 8];
const NAMES = [
  'Анна',
  'Борис',
  'Вера',
  'Глеб',
  'Дарья',
  'Егор',
  'Жанна',
  'Зоя',
  'Игорь',
  'Кира',
  'Лев',
  'Мария',
];

export class Customer {
  readonly phone: string;
  readonly personName: string;
  personId: number | null = null;
  private token = '';
  readonly placements: PlacementRecord[] = [];
  readonly clicks: PageClick[] = [];
  /** Orders it was answered 201 for (id → what it knows). */
  readonly orders = new Map<number, { payType: string; seenPaid: boolean }>();
  /** 4xx answers it did not expect (a finding when not zero); the 5xx are judged from the proxy's records. */
  readonly unexpected: string[] = [];
  requests = 0;
  /** Placements refused as too many for one person in the API's window (429 orders.too-many): expected. */
  limited = 0;
  private readonly address: string;
  signInPath: 'api' | 'none' = 'none';

  constructor(
    readonly name: string,
    index: number,
    private readonly deps: CustomerDeps,
  ) {
    this.phone = `+7999${String(index).padStart(7, '0')}`;
    this.address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    this.personName = NAMES[index % NAMES.length] as string;
  }

  facts(): CustomerFacts {
    return { name: this.name, personId: this.personId, placements: this.placements };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    init: { body?: unknown; key?: string; auth?: boolean; timeoutMs?: number } = {},
  ): Promise<Answer> {
    this.requests += 1;
    try {
      const response = await fetch(`${this.deps.api}${path}`, {
        method,
        headers: {
          'x-chaos-client': this.name,
          // Each customer is a client of its own (the instances trust the proxy's one hop): the API limits
          // orders per client, and twelve households do not share one address.
          'x-forwarded-for': this.address,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.auth === false || !this.token ? {} : { authorization: `Bearer ${this.token}` }),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(init.timeoutMs ?? this.deps.requestTimeoutMs),
      });
      const text = await response.text();
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        status: response.status,
        body,
        retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    } catch {
      return { status: null, body: null, retryAfterS: null };
    }
  }

  /** A call that may be repeated freely (reads, preflight, the return page): until a non-5xx answer. */
  private async retried(
    method: 'GET' | 'POST',
    path: string,
    until: number,
    init: { body?: unknown; auth?: boolean } = {},
  ): Promise<Answer> {
    for (;;) {
      const answer = await this.call(method, path, init);
      if ((answer.status !== null && answer.status < 500) || Date.now() > until) return answer;
      await sleep(between(this.deps.random, 200, 800));
    }
  }

  private codeOf = (answer: Answer) =>
    ((answer.body?.errors as { code?: string }[] | undefined)?.[0]?.code ?? '') as string;

  private note(what: string, answer: Answer) {
    this.unexpected.push(`${what} → ${answer.status} ${this.codeOf(answer)}`.trim());
  }

  /** Phone sign-in through the API: a code (read from the instance's log), the token, the person id. */
  async signIn(until: number): Promise<boolean> {
    while (Date.now() < until) {
      const since = Date.now() - 50;
      const sent = await this.call('POST', '/api/v1/sign/in/phone/code', {
        auth: false,
        body: { apiKey: API_KEY, captchaToken: '', mode: 'WEB', phone: this.phone, whiteLabel: 'demo' },
      });
      if (sent.status === 429) {
        const error = (sent.body?.errors as { retryAfter?: number }[] | undefined)?.[0];
        await sleep(Math.min(90, error?.retryAfter ?? sent.retryAfterS ?? 5) * 1000);
        continue;
      }
      if (sent.status !== null && sent.status !== 200 && sent.status < 500) {
        this.note('sign-in code', sent);
        return false;
      }
      // Sent or not (a kill may have cut the answer off): the log line says.
      let code: string | null = null;
      for (let i = 0; i < 20 && !code; i++) {
        code = this.deps.smsCode(this.phone, since);
        if (!code) await sleep(150);
      }
      if (!code) continue;
      for (let tries = 0; tries < 5; tries++) {
        const signedIn = await this.call('POST', '/api/v1/sign/in/phone', {
          auth: false,
          body: { apiKey: API_KEY, captchaToken: '', code, phone: this.phone },
        });
        if (signedIn.status === 200) {
          this.token = String(signedIn.body?.accessToken ?? '');
          const me = await this.retried('GET', '/api/v1/me', until);
          if (me.status !== 200) {
            if (me.status !== null && me.status < 500) this.note('me', me);
            return false;
          }
          this.personId = Number(me.body?.id);
          this.signInPath = 'api';
          return true;
        }
        if (signedIn.status !== null && signedIn.status < 500) break; // the code was used: ask for another
        await sleep(300);
      }
    }
    return false;
  }

  private cart(promo: boolean, payType: string) {
    const random = this.deps.random;
    const lines = new Map<number, number>();
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) {
      const id = pick(random, POSITIONS);
      lines.set(id, (lines.get(id) ?? 0) + 1 + Math.floor(random() * 2));
    }
    return {
      ...PLACE,
      payType,
      positions: [...lines].map(([id, n]) => ({ id, menu: { id: 1 }, count: n })),
      ...(promo ? { promoCode: this.deps.promoCode } : {}),
    };
  }

  /** Preflight until a clean quote; a promo code refused is dropped. Null when none could be had. */
  private async quote(cart: Record<string, unknown>, until: number) {
    let body = cart;
    for (let round = 0; round < 4; round++) {
      const answer = await this.retried('POST', `/1/persons/${this.personId}/orders/preflight`, until, {
        body,
      });
      if (answer.status !== 200) {
        if (answer.status !== null && answer.status < 500) this.note('preflight', answer);
        return null;
      }
      const problems = (answer.body?.problems as { code: string }[] | undefined) ?? [];
      const spendable = Number((answer.body?.bonus as { spendable?: number } | null)?.spendable ?? 0);
      // A spender: half the time, the points this cart may spend, whole points, asked on a second pricing.
      if (problems.length === 0 && spendable > 0 && !('bonusToSpend' in body) && this.deps.random() < 0.5) {
        body = {
          ...body,
          bonusToSpend: Math.max(100, Math.floor((spendable * this.deps.random()) / 100) * 100),
        };
        continue;
      }
      if (problems.length === 0) return { body, quote: String(answer.body?.quote) };
      if (problems.every((p) => p.code.startsWith('bonus.')) && 'bonusToSpend' in body) {
        const { bonusToSpend: _dropped, ...rest } = body;
        body = rest;
        continue;
      }
      if (problems.every((p) => p.code.startsWith('promo-code.')) && 'promoCode' in body) {
        const { promoCode: _dropped, ...rest } = body;
        body = rest;
        continue;
      }
      this.unexpected.push(`preflight problems: ${problems.map((p) => p.code).join(', ')}`);
      return null;
    }
    return null;
  }

  /**
   * One order from cart to (maybe) paid. Placement is retried with the same key until a definitive answer
   * (201 or a 4xx other than 409 idempotency.in-progress); a refusal over price or promo starts a new preflight
   * and a new key.
   */
  async oneOrder(until: number) {
    const random = this.deps.random;
    const payType = random() < 0.8 ? 'CARD_ONLINE' : 'CASH_UPON_RECEIPT';
    let cart: Record<string, unknown> = this.cart(random() < 0.4, payType);
    for (let round = 0; round < 3 && Date.now() < until; round++) {
      const quoted = await this.quote(cart, until);
      if (!quoted) return;
      cart = quoted.body;
      const placement: PlacementRecord = { key: randomUUID(), answers: [] };
      this.placements.push(placement);
      const body = {
        ...cart,
        quote: quoted.quote,
        person: { name: this.personName, phone: this.phone, email: `${this.name}@example.com` },
        comment: null,
        personCount: 1,
        // Online payers pay by card mostly, by SBP or SberPay otherwise (the fake's shop has all three).
        ...(payType === 'CARD_ONLINE'
          ? { onlineMethod: pick(random, ['card', 'card', 'sbp', 'sberpay']) }
          : {}),
      };
      const path = `/api/v1/persons/${this.personId}/orders`;
      const record = (answer: Answer) => {
        const code = this.codeOf(answer);
        placement.answers.push({
          status: answer.status,
          ...(answer.status === 201 ? { orderId: Number(answer.body?.id) } : {}),
          ...(code ? { code } : {}),
        });
        return answer;
      };
      // A double click: the same key and body sent again at once, its answer kept like any other.
      if (random() < 0.1) void this.call('POST', path, { body, key: placement.key }).then(record);
      // An impatient client: the first try gives up early, while the server may still be placing it.
      let timeoutMs: number | undefined = random() < 0.25 ? between(random, 30, 400) : undefined;
      for (;;) {
        const answer = record(
          await this.call('POST', path, { body, key: placement.key, ...(timeoutMs ? { timeoutMs } : {}) }),
        );
        timeoutMs = undefined;
        const code = this.codeOf(answer);
        if (answer.status === 201) {
          const order = answer.body as unknown as OrderAnswer;
          this.orders.set(order.id, { payType, seenPaid: order.paymentStatus === 'paid' });
          if (payType === 'CARD_ONLINE') await this.pay(order, until);
          else if (random() < 0.1) await this.retried('POST', `${this.orderPath(order.id)}/cancel`, until);
          return;
        }
        if (answer.status === null || answer.status >= 500 || code === 'idempotency.in-progress') {
          if (Date.now() > until) return; // given up: the key's fate is left to the checks
          await sleep(
            code === 'idempotency.in-progress'
              ? Math.min(answer.retryAfterS ?? 1, 3) * 1000
              : between(random, 200, 1000),
          );
          continue;
        }
        if (answer.status === 429 && code === 'orders.too-many') {
          // A customer's limit (5 orders in 10 minutes): nothing was placed; wait as told, or until the end.
          this.limited += 1;
          await sleep(Math.max(0, Math.min((answer.retryAfterS ?? 60) * 1000, until - Date.now())));
          return;
        }
        if (code === 'order.price-changed' || code.startsWith('promo-code.') || code.startsWith('bonus.')) {
          if (code.startsWith('promo-code.')) {
            const { promoCode: _dropped, ...rest } = cart;
            cart = rest;
          }
          // The balance changed since the pricing (an expiry, a refund's clawback): price the points again.
          if (code.startsWith('bonus.')) {
            const { bonusToSpend: _dropped, ...rest } = cart;
            cart = rest;
          }
          break; // a definitive refusal: a new preflight, a new key
        }
        this.note('placement', answer);
        return;
      }
    }
  }

  private orderPath = (orderId: number) => `/api/v1/persons/${this.personId}/orders/${orderId}`;

  /** The order with a page to pay on: read (or checked at the provider) until the page is there. */
  private async withPage(order: OrderAnswer, until: number): Promise<OrderAnswer | null> {
    let current = order;
    while (!current.payment.confirmationUrl && current.paymentStatus === 'pending') {
      if (Date.now() > until) return null;
      await sleep(between(this.deps.random, 300, 1000));
      const read =
        this.deps.random() < 0.5
          ? await this.retried('GET', this.orderPath(order.id), until)
          : await this.retried('POST', `${this.orderPath(order.id)}/payment-check`, until);
      if (read.status !== 200) return null;
      current = read.body as unknown as OrderAnswer;
    }
    return current.payment.confirmationUrl ? current : null;
  }

  private async click(orderId: number, confirmationUrl: string, action: PageClick['action']) {
    const providerPaymentId = /\/checkout\/([^/?#]+)$/.exec(confirmationUrl)?.[1] ?? '?';
    let status: number | null = null;
    try {
      const answer = await fetch(`${confirmationUrl}/${action}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: action === 'decline' ? 'reason=insufficient_funds' : '',
        signal: AbortSignal.timeout(this.deps.requestTimeoutMs),
      });
      await answer.arrayBuffer();
      status = answer.status;
    } catch {
      status = null;
    }
    this.clicks.push({ orderId, providerPaymentId, action, status });
  }

  /** A new attempt replacing the numbered one, retried as is (the API answers the same attempt again). */
  private async newAttempt(order: OrderAnswer, until: number): Promise<OrderAnswer | null> {
    for (;;) {
      const answer = await this.call('POST', `${this.orderPath(order.id)}/payments`, {
        body: { replacesAttempt: order.payment.attempt },
      });
      if (answer.status === 201) return answer.body as unknown as OrderAnswer;
      if (answer.status !== null && answer.status < 500) {
        if (answer.status !== 409) this.note('new attempt', answer);
        return null;
      }
      if (Date.now() > until) return null;
      await sleep(Math.min(answer.retryAfterS ?? 1, 2) * 1000 * between(this.deps.random, 0.5, 1));
    }
  }

  private async pay(placed: OrderAnswer, until: number) {
    const random = this.deps.random;
    const order = await this.withPage(placed, until);
    if (!order?.payment.confirmationUrl) return;
    const first = order.payment.confirmationUrl;
    const scenario = random();
    if (scenario < 0.5) await this.click(order.id, first, 'pay');
    else if (scenario < 0.65 || scenario >= 0.87) {
      // Declined, or walked away in one tab; then a new attempt paid. In the 'two tabs' case the first page
      // is paid too: that money must be refunded.
      const twoTabs = scenario >= 0.87;
      await this.click(order.id, first, twoTabs ? 'abandon' : 'decline');
      if (!twoTabs) await this.waitFailed(order.id, until);
      const retried = await this.newAttempt(order, until);
      const second = retried ? await this.withPage(retried, until) : null;
      if (second?.payment.confirmationUrl) await this.click(order.id, second.payment.confirmationUrl, 'pay');
      if (twoTabs) await this.click(order.id, first, 'pay');
    } else if (scenario < 0.75) {
      // Pays while, in another tab, switching to cash on delivery or cancelling: whichever comes second, money
      // that is not kept must go back.
      const other =
        random() < 0.5
          ? this.retried('POST', `${this.orderPath(order.id)}/pay-type`, until, {
              body: { payType: 'CASH_UPON_RECEIPT' },
            })
          : this.retried('POST', `${this.orderPath(order.id)}/cancel`, until);
      await Promise.all([this.click(order.id, first, 'pay'), other]);
      return;
    } else {
      await this.click(order.id, first, 'abandon');
      return;
    }
    if (random() < 0.5) await this.retried('POST', `${this.orderPath(order.id)}/payment-check`, until);
    await this.waitPaid(order.id, until);
    // Now and then a paid order is cancelled before the restaurant accepts it: refunded, its promo use back.
    if (random() < 0.05) await this.retried('POST', `${this.orderPath(order.id)}/cancel`, until);
  }

  /** The return page after a decline: read until the attempt shows failed (a new one may start then). */
  private async waitFailed(orderId: number, until: number) {
    const end = Math.min(until, Date.now() + 10_000);
    while (Date.now() < end) {
      const read = await this.retried('POST', `${this.orderPath(orderId)}/payment-check`, until);
      const order = read.body as unknown as OrderAnswer | null;
      if (read.status === 200 && order && order.paymentStatus !== 'pending') return;
      await sleep(500);
    }
  }

  private async waitPaid(orderId: number, until: number) {
    const end = Math.min(until, Date.now() + 15_000);
    while (Date.now() < end) {
      const read = await this.retried('GET', this.orderPath(orderId), until);
      if (read.status === 200 && (read.body as unknown as OrderAnswer).paymentStatus === 'paid') {
        const known = this.orders.get(orderId);
        if (known) known.seenPaid = true;
        return;
      }
      await sleep(700);
    }
  }

  /** The order as the customer reads it now (the return page's check when asked); null without an answer. */
  async read(orderId: number, check: boolean): Promise<OrderAnswer | null> {
    const answer = check
      ? await this.call('POST', `${this.orderPath(orderId)}/payment-check`)
      : await this.call('GET', this.orderPath(orderId));
    return answer.status === 200 ? (answer.body as unknown as OrderAnswer) : null;
  }

  /** The loop of the run: orders until `stopOrdersAt`, each flow finished by `finishBy`. */
  async run(stopOrdersAt: number, finishBy: number) {
    // Until the flows' end, not the orders': a kill that ate the first code leaves the phone's resend
    // cooldown to wait out, which in a short run can outlast the ordering time. Signed in late, it orders nothing.
    if (!(await this.signIn(finishBy))) return;
    while (Date.now() < stopOrdersAt) {
      await this.oneOrder(finishBy);
      await sleep(between(this.deps.random, 200, 1500));
    }
  }
}
