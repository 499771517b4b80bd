import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.ts';
import { orderReceipt } from './attempts.ts';
import type { PaymentsContext } from './payments-context.ts';

/**
 * The 54-FZ 'settlement of prepayment' receipt, due when a paid order is handed over (payment and handover
 * are apart in time). The order board (decision 23) calls this at handover; until then only the demo engine is
 * exercised by tests. The idempotence key is per payment, so a repeated handover sends one receipt.
 */
export async function sendSettlementReceipt(
  ctx: PaymentsContext,
  orderId: number,
): Promise<'sent' | 'not-paid' | 'no-receipts'> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.paymentStatus !== 'paid' || order.paidPaymentId === null) return 'not-paid';
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, order.paidPaymentId));
  const gateway = payment ? ctx.gateways.get(payment.engine) : undefined;
  if (!payment?.providerPaymentId || !gateway) return 'not-paid';
  if (!ctx.settings.receipts) return 'no-receipts';
  const prepaid = payment.receipt ?? (await orderReceipt(ctx.db, orderId, ctx.settings, ctx.brandLocale));
  if (!prepaid) return 'no-receipts';
  // The same items, now as full payment (the goods are handed over against the prepayment).
  const receipt = {
    ...prepaid,
    items: prepaid.items.map((item) => ({ ...item, paymentMode: 'full_payment' as const })),
  };
  await gateway.sendSettlementReceipt({
    shop: payment.shop,
    idempotenceKey: `settlement-${payment.id}`,
    paymentId: payment.providerPaymentId,
    amount: payment.amount,
    currency: payment.currency,
    receipt,
  });
  return 'sent';
}
