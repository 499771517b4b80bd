import type { Minor } from '@storefront/domain';
import type { OrderInfo } from './iiko-answers.ts';
import type { PosDeliveryOrder, PosFailure, PosOrderState } from './pos-adapter.ts';

/** Ours are integer kopecks; iiko's sums are roubles (numbers). */
const roubles = (amount: Minor) => Math.round(amount) / 100;

/** iiko takes '+' and at least 8 digits. */
function iikoPhone(phone: string): string {
  return `+${phone.replace(/\D/g, '')}`;
}

/**
 * deliveries/create's body for one of our orders. The order's id is ours (derived from our order), so a
 * repeat is the same order to iiko. The address goes as one line (type 'city': we keep the customer's
 * text, not iiko's street directory). The customer is one-time: iiko finds or makes its guest by the
 * phone, and we never send a customer id of our own making. A payment made online is processed and
 * fiscalized by us (we send the 54-FZ receipt) and is a prepayment; one taken on receipt is neither.
 */
export function deliveryBody(order: PosDeliveryOrder) {
  const address = order.method === 'delivery' ? order.address : null;
  return {
    organizationId: order.organizationId,
    terminalGroupId: order.terminalGroupId,
    // iiko's own wait for the terminal; the order fails (terminal offline) if the terminal does not take it.
    createOrderSettings: { transportToFrontTimeout: 8, checkStopList: true },
    order: {
      id: order.id,
      externalNumber: order.externalNumber,
      completeBefore: order.completeBefore,
      phone: iikoPhone(order.phone),
      orderServiceType: order.method === 'delivery' ? 'DeliveryByCourier' : 'DeliveryByClient',
      deliveryPoint: address
        ? {
            coordinates:
              address.lat !== null && address.lng !== null
                ? { latitude: address.lat, longitude: address.lng }
                : null,
            address: {
              type: 'city',
              line1: address.text,
              flat: address.apartment,
              entrance: address.entrance,
              floor: address.floor,
              doorphone: address.intercom,
            },
            comment: null,
          }
        : null,
      comment: order.comment,
      customer: { type: 'one-time', name: order.customerName },
      guests: { count: Math.max(1, order.guests) },
      items: order.items.map((item) => ({
        type: 'Product',
        productId: item.productId,
        productSizeId: item.sizeId,
        amount: item.amount,
        price: roubles(item.price),
        comment: item.comment,
        modifiers: item.modifiers.map((modifier) => ({
          productId: modifier.productId,
          // A simple modifier's group is itself (see menuFromNomenclature): iiko wants no group for it.
          productGroupId: modifier.productGroupId === modifier.productId ? null : modifier.productGroupId,
          amount: modifier.amount,
          price: roubles(modifier.price),
        })),
      })),
      payments: order.payments.map((payment) => ({
        paymentTypeKind: payment.kind,
        paymentTypeId: payment.paymentTypeId,
        sum: roubles(payment.sum),
        isProcessedExternally: payment.processedExternally,
        isFiscalizedExternally: payment.processedExternally,
        isPrepay: payment.processedExternally,
      })),
    },
  };
}

const NOT_FOUND_CODES = new Set([
  'OrderNotFound',
  'TerminalGroupIdNotDetermined',
  'TerminalGroupUnregistered',
  'OrganizationUnregistered',
]);

/**
 * Why a creation failed, from iiko's error code and words. The terminal's transport timeout has no code of
 * its own (iiko says 'Common' with a message about the timeout or the terminal not answering).
 */
export function creationFailure(
  code: string | null | undefined,
  message: string | null | undefined,
): PosFailure {
  const words = message ?? '';
  if (
    code === 'TerminalGroupDisabled' ||
    /time-?out|тайм-?аут|not (?:respond|available|alive)|offline|недоступ|не отвеча/i.test(words)
  )
    return 'terminal-offline';
  if (code && NOT_FOUND_CODES.has(code)) return 'not-found';
  return 'rejected';
}

/** An order as iiko has it, in our terms. */
export function orderState(info: OrderInfo, organizationId: string): PosOrderState {
  const error = info.creationStatus === 'Error' ? info.errorInfo : null;
  const message = error ? (error.message ?? error.description ?? error.errorReason ?? null) : null;
  return {
    id: info.id,
    organizationId: info.organizationId ?? organizationId,
    creationStatus: info.creationStatus,
    status: info.order?.status ?? null,
    cancelCause: info.order?.cancelInfo?.cause?.name ?? null,
    failure: info.creationStatus === 'Error' ? creationFailure(error?.code, message) : null,
    message,
  };
}
