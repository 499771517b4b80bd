import {
  acceptsPaymentMethod,
  type Locale,
  PAYABLE_PAYMENT_STATUSES,
  type PaymentMethod,
  paymentFailureText,
  paymentOptionsFor,
  pickText,
  type RefundReason,
} from '@storefront/domain';
import type { OrderPayment } from '@storefront/domain/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { type orders, paymentRefunds, payments } from '../../db/schema.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';

/** The order's `payment` (contracts/payments.ts `orderPayment`), in the customer's language. */

type OrderRow = typeof orders.$inferSelect;

const REFUND_TEXTS: Record<RefundReason, { ru: string; en: string }> = {
  'second-payment': {
    ru: 'Заказ уже был оплачен: второй платёж возвращён',
    en: 'The order was already paid: the second payment has been refunded',
  },
  'order-canceled': {
    ru: 'Оплата пришла после отмены заказа, деньги возвращены',
    en: 'The payment arrived after the order was cancelled; the money has been refunded',
  },
  'pay-type-changed': {
    ru: 'Вы выбрали оплату при получении: онлайн-платёж возвращён',
    en: 'You chose to pay on receipt: the online payment has been refunded',
  },
  'not-ours': {
    ru: 'Платёж не подошёл к заказу и возвращён',
    en: 'The payment did not match the order and has been refunded',
  },
  declined: {
    ru: 'Ресторан отклонил заказ, деньги возвращены',
    en: 'The restaurant declined the order; the money has been refunded',
  },
  partial: { ru: 'Часть оплаты возвращена', en: 'Part of the payment has been refunded' },
  full: { ru: 'Ресторан вернул оплату полностью', en: 'The restaurant has refunded the whole payment' },
};

const ON_RECEIPT: PaymentMethod[] = ['CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT'];

export interface PaymentViewOptions {
  locale?: Locale;
  /** The catalog now, for the pay types on receipt the restaurant takes; none offered without it. */
  snapshot?: CatalogSnapshot;
}

export async function orderPaymentOf(
  db: Executor,
  row: OrderRow,
  { locale = 'ru', snapshot }: PaymentViewOptions,
): Promise<OrderPayment> {
  const current =
    row.paymentAttempt > 0
      ? (
          await db
            .select()
            .from(payments)
            .where(and(eq(payments.orderId, row.id), eq(payments.attempt, row.paymentAttempt)))
        )[0]
      : undefined;
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, row.id))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
  const open = row.status !== 'canceled' && row.status !== 'declined';
  const unpaidOnline =
    row.payType === 'CARD_ONLINE' &&
    open &&
    (PAYABLE_PAYMENT_STATUSES as readonly string[]).includes(row.paymentStatus);
  const resto = snapshot?.restos.get(row.restoId);
  const options = resto ? paymentOptionsFor(resto.payConfig, row.deliveryType) : null;
  const failed = row.paymentStatus === 'failed' && current?.status === 'canceled';
  return {
    status: row.paymentStatus,
    attempt: row.paymentAttempt,
    confirmationUrl:
      row.paymentStatus === 'pending' && current?.status === 'pending' ? current.confirmationUrl : null,
    failure: failed
      ? {
          code: current?.cancellationReason ?? 'general_decline',
          message: pickText(paymentFailureText(current?.cancellationReason), locale),
        }
      : null,
    payUntil: row.payUntil ? row.payUntil.toISOString() : null,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    // A new attempt once the current one has ended without money, or never reached the provider.
    canRetry: unpaidOnline && (current === undefined || current.status !== 'succeeded'),
    canSwitchTo: unpaidOnline && options ? ON_RECEIPT.filter((m) => acceptsPaymentMethod(options, m)) : [],
    method: row.payType === 'CARD_ONLINE' ? (current?.method ?? 'card') : null,
    // A restaurant that stopped taking online payment lists none: a retry keeps the last attempt's method.
    methods: row.payType === 'CARD_ONLINE' ? (resto?.onlineMethods ?? [current?.method ?? 'card']) : [],
    refunds: refunds.map((r) => ({
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      message: pickText(REFUND_TEXTS[r.reason], locale),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
