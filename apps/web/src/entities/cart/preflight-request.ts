import type { CartLine, CustomerDeliveryMethod, LatLng, PaymentMethod } from '@storefront/domain';
import type { PreflightPosition, PreflightRequest } from '@storefront/domain/contracts';

/** What a preflight is made of: the cart, the selections and the order draft (docs/product.md §3 'Preflight request'). */
export interface PreflightInput {
  lines: readonly CartLine[];
  restoId: number;
  deliveryMethod: CustomerDeliveryMethod;
  paymentMethod: PaymentMethod;
  deliveryPlace: { address: string | null; location: LatLng | null } | null;
  promoCode: string | null;
  /** Sent when the brand asks for the number of persons. */
  personCount?: number | undefined;
  /** When the order is wanted; null: as soon as possible (the checkout sets it). */
  preOrderAt?: string | null;
}

/**
 * docs/product.md §3/§5: one position per cart line, its modifiers only when the line has modifiers; the address and
 * its point only for DELIVERY and only when both are there. The client's prices go along (the specification's
 * clients send them) but the server never reads them as money: what the page shows is the server's answer.
 */
export function buildPreflightRequest(input: PreflightInput): PreflightRequest {
  const positions: PreflightPosition[] = input.lines.map((line) => ({
    id: line.id,
    menu: { id: line.menu.id },
    count: line.count,
    price: line.price,
    sum: line.sum,
    ...(line.hasModifiers
      ? {
          modifiers: line.modifiers.map((modifier) => ({
            id: modifier.id,
            modifierId: modifier.modifierId,
            count: modifier.count,
            price: modifier.price,
          })),
        }
      : {}),
  }));
  const place = input.deliveryPlace;
  const withPlace =
    input.deliveryMethod === 'DELIVERY' && place?.address?.trim() && place.location
      ? { address: place.address, location: { lat: place.location.lat, lng: place.location.lng } }
      : {};
  const promoCode = input.promoCode?.trim() ? input.promoCode.trim() : null;
  return {
    restoId: input.restoId,
    deliveryType: input.deliveryMethod,
    payType: input.paymentMethod,
    promoCode,
    positions,
    ...withPlace,
    preOrderAt: input.preOrderAt ?? null,
    ...(input.personCount !== undefined ? { personCount: input.personCount } : {}),
  };
}

/**
 * The query key of a preflight: the request without the client's prices. The server ignores those, and
 * keying on them would ask twice each time the cart takes the server's prices after an answer.
 */
export function preflightKey(request: PreflightRequest, personId: number | null) {
  const positions = request.positions.map(({ price: _price, sum: _sum, modifiers, ...rest }) => ({
    ...rest,
    ...(modifiers ? { modifiers: modifiers.map(({ price: _p, ...modifier }) => modifier) } : {}),
  }));
  return ['preflight', personId, { ...request, positions }] as const;
}
