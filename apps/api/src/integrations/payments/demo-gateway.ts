import { createHash, randomUUID } from 'node:crypto';
import { type Minor, PAYMENT_CANCELLATION_REASONS } from '@storefront/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Database } from '../../db/client.ts';
import { demoPayments, demoRefunds } from '../../db/schema.ts';
import {
  type NotificationHint,
  type PaymentGateway,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-gateway.ts';

/**
 * The embedded `demo` engine (decision 22): a provider of our own that takes no money. Its books are in
 * PostgreSQL (demo_payments, demo_refunds), so it survives a restart and two API instances share it. It keeps
 * YooKassa's semantics where the payments module depends on them: idempotence by shop and key, bound to
 * the body; a page left unpaid for an hour reads as canceled `expired_on_confirmation`; refunds only of a
 * succeeded payment and never beyond its amount. Its page (demo-page.routes.ts) pays or declines through
 * `decideDemoPayment`.
 */

/** How long the demo page stays payable, as YooKassa keeps its page open. */
const DEMO_PAYMENT_TTL_MS = 60 * 60 * 1000;

type DemoPaymentRow = typeof demoPayments.$inferSelect;

const refused = (description: string) =>
  new PaymentProviderError('refused', description, { status: 400, code: 'invalid_request' });

const demoPageUrl = (publicUrl: string, id: string) => `${publicUrl}/api/v1/payments/demo/pay/${id}`;

function providerPaymentOf(row: DemoPaymentRow, publicUrl: string): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata,
    confirmationUrl: row.status === 'pending' ? demoPageUrl(publicUrl, row.id) : null,
    cancellation:
      row.status === 'canceled'
        ? {
            party: row.cancellationReason === 'expired_on_confirmation' ? 'yoo_money' : 'payment_network',
            reason: row.cancellationReason ?? 'general_decline',
          }
        : null,
    test: true,
    method: row.method,
  };
}

/** A pending payment past its hour becomes canceled in the books, once, so nobody can pay it later. */
async function expireIfDue(db: Database, row: DemoPaymentRow, nowMs: number): Promise<DemoPaymentRow> {
  if (row.status !== 'pending' || row.expiresAt.getTime() > nowMs) return row;
  const [expired] = await db
    .update(demoPayments)
    .set({ status: 'canceled', cancellationReason: 'expired_on_confirmation' })
    .where(
      and(
        eq(demoPayments.id, row.id),
        eq(demoPayments.status, 'pending'),
        lte(demoPayments.expiresAt, new Date(nowMs)),
      ),
    )
    .returning();
  if (expired) return expired;
  const [again] = await db.select().from(demoPayments).where(eq(demoPayments.id, row.id));
  return again ?? row;
}

/** One demo payment as its page shows it (expiry applied); undefined for none. */
export async function readDemoPayment(
  db: Database,
  id: string,
  nowMs: number,
): Promise<DemoPaymentRow | undefined> {
  const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, id));
  return row ? expireIfDue(db, row, nowMs) : undefined;
}

export type DemoDecision = { action: 'pay' } | { action: 'decline'; reason: string } | { action: 'abandon' };

/**
 * What the customer chose on the demo page. Only a pending payment changes (paying twice, or paying a
 * declined or expired one, changes nothing); walking away leaves it pending, as a real page does.
 */
export async function decideDemoPayment(
  db: Database,
  id: string,
  decision: DemoDecision,
  nowMs: number,
): Promise<DemoPaymentRow | undefined> {
  const row = await readDemoPayment(db, id, nowMs);
  if (row?.status !== 'pending' || decision.action === 'abandon') return row;
  const reason = (PAYMENT_CANCELLATION_REASONS as readonly string[]).includes(
    decision.action === 'decline' ? decision.reason : '',
  )
    ? (decision as { reason: string }).reason
    : 'general_decline';
  const [moved] = await db
    .update(demoPayments)
    .set(
      decision.action === 'pay'
        ? { status: 'succeeded' }
        : { status: 'canceled', cancellationReason: reason },
    )
    .where(and(eq(demoPayments.id, id), eq(demoPayments.status, 'pending')))
    .returning();
  if (moved) return moved;
  const [current] = await db.select().from(demoPayments).where(eq(demoPayments.id, id));
  return current;
}

export function demoGateway(db: Database, publicUrl: string, now: () => number): PaymentGateway {
  const paymentOf = async (id: string) => {
    const row = await readDemoPayment(db, id, now());
    if (!row) throw new PaymentProviderError('not-found', `demo payment ${id} not found`, { status: 404 });
    return row;
  };
  const refundOf = (row: typeof demoRefunds.$inferSelect, currency: string): ProviderRefund => ({
    id: row.id,
    paymentId: row.paymentId,
    status: row.status,
    amount: row.amount,
    currency,
  });

  return {
    engine: 'demo',
    knowsShop: () => true,

    async createPayment(input) {
      const { idempotenceKey, ...body } = input;
      const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
      const nowMs = now();
      const id = `demo-${randomUUID()}`;
      await db
        .insert(demoPayments)
        .values({
          id,
          shop: input.shop,
          idempotenceKey,
          requestHash,
          status: 'pending',
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          returnUrl: input.returnUrl,
          metadata: input.metadata,
          receipt: input.receipt,
          method: input.method,
          createdAt: new Date(nowMs),
          expiresAt: new Date(nowMs + DEMO_PAYMENT_TTL_MS),
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(demoPayments)
        .where(and(eq(demoPayments.shop, input.shop), eq(demoPayments.idempotenceKey, idempotenceKey)));
      if (!row) throw new PaymentProviderError('unknown-outcome', 'the demo payment was not stored');
      if (row.requestHash !== requestHash) throw refused('Idempotence key duplicated');
      return providerPaymentOf(await expireIfDue(db, row, nowMs), publicUrl);
    },

    async getPayment(_shop, paymentId) {
      return providerPaymentOf(await paymentOf(paymentId), publicUrl);
    },

    async createRefund(input) {
      const payment = await paymentOf(input.paymentId);
      const [existing] = await db
        .select()
        .from(demoRefunds)
        .where(
          and(eq(demoRefunds.paymentId, payment.id), eq(demoRefunds.idempotenceKey, input.idempotenceKey)),
        );
      if (existing) {
        if (existing.amount !== input.amount) throw refused('Idempotence key duplicated');
        return refundOf(existing, payment.currency);
      }
      if (payment.status !== 'succeeded') throw refused('Only a succeeded payment can be refunded');
      if (input.currency !== payment.currency) throw refused('The refund currency differs from the payment');
      // One refund of a payment at a time, as the provider's own books would serialise them.
      return db.transaction(async (tx) => {
        await tx.select().from(demoPayments).where(eq(demoPayments.id, payment.id)).for('update');
        const [done] = await tx
          .select({ sum: sql<number>`coalesce(sum(${demoRefunds.amount}), 0)::int` })
          .from(demoRefunds)
          .where(and(eq(demoRefunds.paymentId, payment.id), eq(demoRefunds.status, 'succeeded')));
        if (input.amount <= 0 || Number(done?.sum ?? 0) + input.amount > payment.amount)
          throw refused('The refund amount is more than is left of the payment');
        const [row] = await tx
          .insert(demoRefunds)
          .values({
            id: `demo-refund-${randomUUID()}`,
            paymentId: payment.id,
            idempotenceKey: input.idempotenceKey,
            amount: input.amount as Minor,
            status: 'succeeded',
            createdAt: new Date(now()),
          })
          .onConflictDoNothing()
          .returning();
        if (row) return refundOf(row, payment.currency);
        const [raced] = await tx
          .select()
          .from(demoRefunds)
          .where(
            and(eq(demoRefunds.paymentId, payment.id), eq(demoRefunds.idempotenceKey, input.idempotenceKey)),
          );
        if (!raced) throw new PaymentProviderError('unknown-outcome', 'the demo refund was not stored');
        return refundOf(raced, payment.currency);
      });
    },

    async getRefund(_shop, refundId) {
      const [row] = await db.select().from(demoRefunds).where(eq(demoRefunds.id, refundId));
      if (!row)
        throw new PaymentProviderError('not-found', `demo refund ${refundId} not found`, { status: 404 });
      const payment = await paymentOf(row.paymentId);
      return refundOf(row, payment.currency);
    },

    async sendSettlementReceipt(input) {
      // The demo engine prints no receipts; it only checks what a provider would.
      const payment = await paymentOf(input.paymentId);
      if (payment.status !== 'succeeded') throw refused('Only a succeeded payment can be settled');
    },

    notificationHint(body) {
      return yookassaStyleHint(body);
    },
  };
}

/** YooKassa's notification shape ({type:'notification', event, object:{id, payment_id?}}) to a hint. */
export function yookassaStyleHint(body: unknown): NotificationHint | null {
  if (typeof body !== 'object' || body === null) return null;
  const { type, event, object } = body as Record<string, unknown>;
  if (type !== 'notification' || typeof event !== 'string' || typeof object !== 'object' || object === null)
    return null;
  const { id, payment_id: paymentId } = object as Record<string, unknown>;
  // Provider ids are short tokens; anything else (a NUL, a novel) is not a notification of theirs.
  if (typeof id !== 'string' || !/^[\w.-]{1,64}$/.test(id)) return null;
  if (event.startsWith('payment.')) return { object: 'payment', id, event };
  if (event.startsWith('refund.'))
    return {
      object: 'refund',
      id,
      paymentId: typeof paymentId === 'string' && /^[\w.-]{1,64}$/.test(paymentId) ? paymentId : null,
      event,
    };
  return null;
}
