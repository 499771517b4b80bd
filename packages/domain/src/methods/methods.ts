import type { Resto } from '../contracts/restos.ts';
import type { PaymentMethodProblem } from '../preflight/preflight-codes.ts';

export const DELIVERY_METHODS = ['DELIVERY', 'ONLINE', 'TABLE', 'TAKE_AWAY'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** The two methods a customer of the storefront can choose between. */
export const CUSTOMER_DELIVERY_METHODS = ['DELIVERY', 'TAKE_AWAY'] as const;
export type CustomerDeliveryMethod = (typeof CUSTOMER_DELIVERY_METHODS)[number];

/** Whose hours a row of a restaurant's week or calendar is: every method's ('ALL'), or one method's own. */
export const HOURS_METHODS = ['ALL', ...CUSTOMER_DELIVERY_METHODS] as const;
export type HoursMethod = (typeof HOURS_METHODS)[number];

export const PAYMENT_METHODS = ['CARD_ONLINE', 'CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Who takes a restaurant's online card payments: the built-in demo page or YooKassa. */
export const PAY_ENGINES = ['demo', 'yookassa'] as const;
export type PayEngine = (typeof PAY_ENGINES)[number];

/** What a restaurant accepts for each customer delivery method; the restaurant contract's payConfig. */
export type PayConfig = Resto['payConfig'];

/** What a restaurant accepts for one delivery method (docs/product.md §3 'Order options per delivery method'). */
export type PaymentOptions = PayConfig['delivery'];

export type MethodFlags = Pick<Resto, 'isDelivery' | 'isOnline' | 'isTable' | 'isTakeAway'>;

/** docs/product.md §4: a restaurant supports a method only if its flag is true; an unknown method is unsupported. */
export function supportsMethod(resto: MethodFlags, method: string): boolean {
  switch (method) {
    case 'DELIVERY':
      return resto.isDelivery;
    case 'ONLINE':
      return resto.isOnline;
    case 'TABLE':
      return resto.isTable;
    case 'TAKE_AWAY':
      return resto.isTakeAway;
    default:
      return false;
  }
}

export function paymentOptionsFor(payConfig: PayConfig, method: CustomerDeliveryMethod): PaymentOptions {
  return method === 'DELIVERY' ? payConfig.delivery : payConfig.takeAway;
}

/**
 * The payment methods offered for a delivery method, in the order docs/product.md §4 prefers them. Strict: card upon
 * receipt is offered only when the restaurant set it, though `acceptsPaymentMethod` takes it on cash too.
 */
export function allowedPaymentMethods(options: PaymentOptions): PaymentMethod[] {
  const allowed: PaymentMethod[] = [];
  if (hasCardOnline(options)) allowed.push('CARD_ONLINE');
  if (options.cardUponReceipt) allowed.push('CARD_UPON_RECEIPT');
  if (options.cashUponReceipt) allowed.push('CASH_UPON_RECEIPT');
  return allowed;
}

function hasCardOnline(options: PaymentOptions): boolean {
  return typeof options.cardOnline === 'string' && options.cardOnline.length > 0;
}

/**
 * Whether a restaurant takes this payment for a method: the check both the API and the storefront's check of a
 * stored choice make. Lenient where `allowedPaymentMethods` is strict: docs/product.md §4 treats a cash-upon-receipt
 * setting as valid for CARD_UPON_RECEIPT, so a customer's saved 'card on receipt' is not refused by a
 * restaurant whose only on-receipt setting is cash (decision 0017).
 */
export function acceptsPaymentMethod(options: PaymentOptions, payType: PaymentMethod): boolean {
  switch (payType) {
    case 'CARD_ONLINE':
      return hasCardOnline(options);
    case 'CARD_UPON_RECEIPT':
      return options.cardUponReceipt || options.cashUponReceipt;
    case 'CASH_UPON_RECEIPT':
      return options.cashUponReceipt;
  }
}

const PAYMENT_PROBLEMS: Record<CustomerDeliveryMethod, Record<PaymentMethod, PaymentMethodProblem>> = {
  DELIVERY: {
    CARD_ONLINE: 'resto.doesnt-support-delivery-online-pay',
    CARD_UPON_RECEIPT: 'resto.doesnt-support-delivery-card-pay',
    CASH_UPON_RECEIPT: 'resto.doesnt-support-delivery-cash-pay',
  },
  TAKE_AWAY: {
    CARD_ONLINE: 'resto.doesnt-support-takeaway-online',
    CARD_UPON_RECEIPT: 'resto.doesnt-support-takeaway-card-pay',
    CASH_UPON_RECEIPT: 'resto.doesnt-support-takeaway-cash-pay',
  },
};

/** docs/product.md §8 'Restaurant capability codes': the code refusing this payment for this method, or null. */
export function paymentMethodProblem(
  payConfig: PayConfig,
  deliveryType: CustomerDeliveryMethod,
  payType: PaymentMethod,
): PaymentMethodProblem | null {
  if (acceptsPaymentMethod(paymentOptionsFor(payConfig, deliveryType), payType)) return null;
  return PAYMENT_PROBLEMS[deliveryType][payType];
}

/** docs/product.md §4: CARD_ONLINE when available, else the first available; null when nothing is. */
export function defaultPaymentMethod(options: PaymentOptions): PaymentMethod | null {
  return allowedPaymentMethods(options)[0] ?? null;
}

/** docs/product.md §4: a method is offered to the customer only when the restaurant has it and can take a payment for it. */
export function isMethodOffered(
  resto: MethodFlags & { payConfig: PayConfig },
  method: CustomerDeliveryMethod,
): boolean {
  return (
    supportsMethod(resto, method) &&
    allowedPaymentMethods(paymentOptionsFor(resto.payConfig, method)).length > 0
  );
}
