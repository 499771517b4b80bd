import { createHash } from 'node:crypto';

/**
 * The POS order's id for one of ours: a name-based UUID (version 5, SHA-1) of the brand, our order id and
 * the instant it was placed, so every retry, on any instance, sends the same id and the POS makes one order
 * (iiko keeps an order's id: a second create with it cannot make a second order). The placement instant
 * keeps two databases of the same brand (a staging copy beside production) from naming different orders
 * alike in one iiko account.
 */

/** Our namespace for the POS's order ids (a random UUID fixed here; changing it renames every order). */
const NAMESPACE = '6f1f8a52-3c0e-4c59-9d0e-2b8e5f7a41c3';

export function posOrderIdOf(whiteLabel: string, orderId: number, placedAt: Date): string {
  const hash = createHash('sha1')
    .update(Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(`${whiteLabel}:order:${orderId}:${placedAt.toISOString()}`)
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
