import { type Minor, minor } from '../money/money.ts';
import { spreadDiscount } from '../preflight/spread-discount.ts';
import type { PaymentReceipt, ReceiptItem, ReceiptSource } from './payment-model.ts';

const DESCRIPTION_MAX = 128;

/**
 * Cut in UTF-16 units (128 of them are at most 128 characters however YooKassa counts), never between the
 * halves of a surrogate pair, which would not survive as text.
 */
function describe(name: string): string {
  if (name.length <= DESCRIPTION_MAX) return name;
  let end = DESCRIPTION_MAX - 1;
  if (/[\uD800-\uDBFF]/.test(name.charAt(end - 1))) end -= 1;
  return `${name.slice(0, end)}…`;
}

/**
 * The 54-FZ receipt of an order paid in advance: one item per line at its price after the discount share
 * (a line whose payable does not divide by its count becomes two items, n−r at ⌊p/n⌋ and r at ⌊p/n⌋+1, so
 * the items add up exactly), and delivery as its own `service` item. Σ items = the payable, always; items
 * priced at zero are left out, so are the free condiments and the gift (lines of kind 'free'/'gift' at 0 ₽,
 * decision 56).
 */
export function buildPaymentReceipt(
  source: ReceiptSource,
  paymentMode: ReceiptItem['paymentMode'] = 'full_prepayment',
): PaymentReceipt {
  const items: ReceiptItem[] = [];
  const item = (description: string, quantity: number, unitPrice: Minor, service = false) => {
    // A dish a discount made free is left out: it adds nothing to the sum, and YooKassa's API reference asks
    // for an item price (amount.value) without saying zero is accepted, so a zero item risks the refusal of
    // the whole payment. Its SDKs accept zero, yet the API was not confirmed to (INTEGRATIONS.md 'Receipt').
    if (unitPrice <= 0) return;
    items.push({
      description: describe(description),
      quantity,
      unitPrice,
      vatCode: source.vatCode,
      paymentSubject: service ? 'service' : 'commodity',
      paymentMode,
    });
  };
  for (const line of source.lines) {
    if (line.count <= 0) continue;
    const unit = Math.floor(line.payableAmount / line.count);
    const rest = line.payableAmount - unit * line.count;
    if (line.count - rest > 0) item(line.name, line.count - rest, minor(unit));
    if (rest > 0) item(line.name, rest, minor(unit + 1));
  }
  if (source.deliveryPrice > 0) item(source.deliveryName, 1, source.deliveryPrice, true);
  return { customer: { email: source.email, phone: source.phone }, items };
}

/**
 * The receipt of a refund of part of a payment: the payment's items scaled so they add up to `amount` exactly
 * (YooKassa refuses a refund whose receipt does not add up to it). Each item takes its share of the amount in
 * proportion to its total (spreadDiscount's rounding), kept at its quantity as two items where the share does not
 * divide by it, as buildPaymentReceipt does; items left at zero are dropped. A whole payment's receipt is itself.
 */
export function scaleReceipt(receipt: PaymentReceipt, amount: Minor): PaymentReceipt {
  const totals = receipt.items.map((item) => minor(item.unitPrice * item.quantity));
  const whole = totals.reduce((sum, total) => sum + total, 0);
  if (amount >= whole) return receipt;
  const shares = spreadDiscount(totals, amount);
  const items: ReceiptItem[] = [];
  receipt.items.forEach((item, index) => {
    const share = shares[index] ?? 0;
    const unit = Math.floor(share / item.quantity);
    const rest = share - unit * item.quantity;
    if (unit > 0 && item.quantity - rest > 0)
      items.push({ ...item, quantity: item.quantity - rest, unitPrice: minor(unit) });
    if (rest > 0) items.push({ ...item, quantity: rest, unitPrice: minor(unit + 1) });
  });
  return { customer: receipt.customer, items };
}
