import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/canonical-json.ts';
import { yookassaStyleHint } from '../integrations/payments/demo-gateway.ts';
import {
  type CreatePaymentInput,
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderRefund,
} from '../integrations/payments/payment-gateway.ts';

/**
 * A payment provider the test scripts: it keeps payments in memory with YooKassa's idempotence, and each
 * call can be made to fail or to answer something else (another amount, a late outcome). Stands in for the
 * `demo` engine (the demo chain's restaurants use it).
 */
export class ScriptedGateway implements PaymentGateway {
  readonly engine = 'demo' as const;
  readonly payments = new Map<string, ProviderPayment>();
  readonly refunds = new Map<string, ProviderRefund>();
  readonly creates: { key: string; hash: string }[] = [];
  readonly reads: string[] = [];
  private readonly byKey = new Map<string, { id: string; hash: string }>();
  /** The next n creates fail with a 500 (after storing the payment when `createdAnyway`). */
  failCreates = 0;
  createdAnyway = false;
  /** The next n reads fail with a 500. */
  failReads = 0;
  /** What a read answers instead of the stored payment's amount. */
  amountOnRead: number | null = null;
  private counter = 0;

  knowsShop() {
    return true;
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const { idempotenceKey, ...body } = input;
    const hash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    this.creates.push({ key: idempotenceKey, hash });
    const fail = this.failCreates > 0;
    if (fail) this.failCreates -= 1;
    if (fail && !this.createdAnyway)
      throw new PaymentProviderError('unknown-outcome', '500', { status: 500 });
    const known = this.byKey.get(`${input.shop}/${idempotenceKey}`);
    let payment: ProviderPayment;
    if (known) {
      if (known.hash !== hash)
        throw new PaymentProviderError('refused', 'Idempotence key duplicated', { code: 'invalid_request' });
      payment = this.payments.get(known.id) as ProviderPayment;
    } else {
      this.counter += 1;
      const id = `scripted-${this.counter}`;
      payment = {
        id,
        status: 'pending',
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        confirmationUrl: `https://pay.example/${id}`,
        cancellation: null,
        test: true,
        method: input.method,
      };
      this.payments.set(id, payment);
      this.byKey.set(`${input.shop}/${idempotenceKey}`, { id, hash });
    }
    if (fail) throw new PaymentProviderError('unknown-outcome', '500', { status: 500 });
    return { ...payment };
  }

  async getPayment(_shop: string, id: string): Promise<ProviderPayment> {
    this.reads.push(id);
    if (this.failReads > 0) {
      this.failReads -= 1;
      throw new PaymentProviderError('unknown-outcome', '500', { status: 500 });
    }
    const payment = this.payments.get(id);
    if (!payment) throw new PaymentProviderError('not-found', 'not found', { status: 404 });
    return { ...payment, ...(this.amountOnRead === null ? {} : { amount: this.amountOnRead as never }) };
  }

  /** The provider's side of the customer paying or being declined. */
  set(id: string, status: ProviderPayment['status'], reason = 'general_decline') {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`no scripted payment ${id}`);
    payment.status = status;
    payment.confirmationUrl = status === 'pending' ? payment.confirmationUrl : null;
    payment.cancellation = status === 'canceled' ? { party: 'payment_network', reason } : null;
  }

  async createRefund(input: Parameters<PaymentGateway['createRefund']>[0]): Promise<ProviderRefund> {
    const id = `refund-${input.idempotenceKey}`;
    const refund: ProviderRefund = this.refunds.get(id) ?? {
      id,
      paymentId: input.paymentId,
      status: 'succeeded',
      amount: input.amount,
      currency: input.currency,
    };
    this.refunds.set(id, refund);
    return refund;
  }

  async getRefund(_shop: string, id: string): Promise<ProviderRefund> {
    const refund = this.refunds.get(id);
    if (!refund) throw new PaymentProviderError('not-found', 'not found', { status: 404 });
    return refund;
  }

  async sendSettlementReceipt(): Promise<void> {}

  notificationHint(body: unknown) {
    return yookassaStyleHint(body);
  }
}
