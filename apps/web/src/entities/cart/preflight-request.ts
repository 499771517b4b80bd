import {
  type CartLine,
  type CustomerDeliveryMethod,
  type LatLng,
  type Locale,
  type Minor,
  type PaymentMethod,
  pickText,
} from '@storefront/domain';
import type { Position, PreflightPosition, PreflightRequest } from '@storefront/domain/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { menuPositionsQuery } from '../catalog/catalog-queries.ts';
import type { CartPosition } from './cart-store.ts';

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
  /**
   * Points to spend (decision 55), minor units of whole points; sent only when more than 0, and only by a
   * signed-in person (a visitor's preflight has no balance to spend from).
   */
  bonusToSpend?: Minor;
  /** The dish picked among a reached gift's options (decision 56); null or absent: the server's first. */
  giftPositionId?: number | null;
  /** The customer confirmed being 18+: the server may then offer adult dishes as add-ons. */
  adultConfirmed?: boolean;
  /** Each position's name as the customer reads it (docs/product.md §3 lists `name`), by position id. */
  names?: ReadonlyMap<number, string>;
}

/** The contract's longest line name. */
const LINE_NAME_MAX = 500;

/**
 * docs/product.md §3/§5: one position per cart line, its modifiers only when the line has modifiers; the point only
 * for DELIVERY, with its address line when it has one: a map point without a street ('Точка на карте') is a
 * delivery place too, priced by the zone holding it (decision 43). The client's prices go along (the
 * specification's clients send them) but the server never reads them as money: what the page shows is the
 * server's answer.
 */
export function buildPreflightRequest(input: PreflightInput): PreflightRequest {
  const positions: PreflightPosition[] = input.lines.map((line) => ({
    id: line.id,
    menu: { id: line.menu.id },
    count: line.count,
    ...(input.names?.get(line.id) ? { name: input.names.get(line.id)?.slice(0, LINE_NAME_MAX) } : {}),
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
  const address = place?.address?.trim() ? place.address : null;
  const withPlace =
    input.deliveryMethod === 'DELIVERY' && place?.location
      ? { address, location: { lat: place.location.lat, lng: place.location.lng } }
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
    ...(input.bonusToSpend && input.bonusToSpend > 0 ? { bonusToSpend: input.bonusToSpend } : {}),
    ...(input.giftPositionId ? { giftPositionId: input.giftPositionId } : {}),
    ...(input.adultConfirmed ? { adultConfirmed: true } : {}),
  };
}

/**
 * The query key of a preflight: the request without the client's prices and names. The server ignores
 * those, and keying on them would ask twice each time the cart takes the server's prices after an
 * answer, or the customer switches language.
 */
export function preflightKey(request: PreflightRequest, personId: number | null) {
  const positions = request.positions.map(
    ({ price: _price, sum: _sum, name: _name, modifiers, ...rest }) => ({
      ...rest,
      ...(modifiers ? { modifiers: modifiers.map(({ price: _p, ...modifier }) => modifier) } : {}),
    }),
  );
  return ['preflight', personId, { ...request, positions }] as const;
}

/**
 * The names of the cart's positions from the menus already loaded; a dish not on them (its menu not loaded, or
 * the dish gone from it) goes by the name its line remembers, if any.
 */
export function positionNames(
  queryClient: QueryClient,
  lines: readonly CartPosition[],
  locale: Locale,
): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const menuId of new Set(lines.map((line) => line.menu.id))) {
    const positions = queryClient.getQueryData<Position[]>(menuPositionsQuery(menuId).queryKey) ?? [];
    for (const position of positions) names.set(position.id, pickText(position.name, locale));
  }
  for (const line of lines) {
    if (line.label && !names.has(line.id)) names.set(line.id, pickText(line.label.name, locale));
  }
  return names;
}
