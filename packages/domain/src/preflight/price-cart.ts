import type { PromoCodeKind } from '../catalog/catalog-constants.ts';
import type { ModifierGroup } from '../catalog/modifier-rules.ts';
import type { DeliveryRule, DeliveryZone } from '../contracts/deliveries.ts';
import type { Position, TimeSlot } from '../contracts/menus.ts';
import type { PreflightRequest } from '../contracts/preflight.ts';
import type { Resto } from '../contracts/restos.ts';
import type { CustomerDeliveryMethod } from '../methods/methods.ts';
import type { Minor } from '../money/money.ts';
import type { OpeningHoursDay } from '../schedule/schedule.ts';
import type { PricingProblem } from './preflight-codes.ts';

/**
 * The one price authority (ORDERING.md 'Money'): a cart priced from the catalog alone. The API calls it
 * for preflight and again inside the order's transaction; the storefront never computes a payable itself.
 * Pure: the catalog, the promo code with its usage counts and the clock are all passed in.
 */

/** What pricing reads of one restaurant's catalog (the API builds it from its in-memory snapshot). */
export interface PricingCatalog {
  resto: Pick<
    Resto,
    'id' | 'timezone' | 'currency' | 'isDelivery' | 'isTakeAway' | 'payConfig' | 'openingHours' | 'menus'
  >;
  /** Every published position of the brand by id (a position of another restaurant's menu is found, then refused). */
  positions: ReadonlyMap<number, Pick<Position, 'id' | 'menu' | 'price'>>;
  /** The modifier groups each position offers, by position id; absent = none. */
  modifiers: ReadonlyMap<number, readonly (ModifierGroup & { modifierId: number })[]>;
  timeSlots: readonly TimeSlot[];
  /** This restaurant's active delivery zones. */
  zones: readonly Pick<DeliveryZone, 'id' | 'polygon' | 'rules'>[];
  /** Pre-order settings of this restaurant for the method asked (null: pre-orders follow the opening hours, lead 0). */
  preOrder: { minTimeMinutes: number; dayInAdvance: number; hours: readonly OpeningHoursDay[] } | null;
  /** The brand's features.preOrder. */
  preOrderEnabled: boolean;
}

/** A promo code as the catalog defines it; times are epoch ms. */
export interface PromoCodeDefinition {
  id: number;
  code: string;
  kind: PromoCodeKind;
  /** Percent (1–100) or a fixed amount in minor units. */
  value: number;
  maxDiscountAmount: Minor | null;
  minOrderAmount: Minor | null;
  startsAt: number | null;
  endsAt: number | null;
  active: boolean;
  /** Restaurant-local hours 'HH:MM'..'HH:MM' (to exclusive; 23:59 and 00:00 mean the day's end). */
  hours: { from: string; to: string } | null;
  /** Empty: every restaurant of the brand. */
  restoIds: readonly number[];
  /** Empty: every method. */
  deliveryMethods: readonly CustomerDeliveryMethod[];
  totalLimit: number | null;
  perPersonLimit: number | null;
}

/** The promo code the request named, looked up by the API. */
export type PromoLookup =
  | { kind: 'none' }
  | { kind: 'not-found'; code: string }
  /** The client has tried too many unknown codes: the code was not looked up. */
  | { kind: 'blocked'; code: string }
  | {
      kind: 'found';
      definition: PromoCodeDefinition;
      /** Orders that used it, all customers. */
      usedCount: number;
      /** Orders of this person that used it; null for an anonymous preflight. */
      usedByPerson: number | null;
    };

export interface PricingInput {
  request: PreflightRequest;
  promo: PromoLookup;
  /** The server's clock, epoch ms. */
  nowMs: number;
}

export interface PricedLine {
  id: number;
  menu: { id: number };
  count: number;
  price: Minor;
  modifiers: { id: number; modifierId: number; count: number; price: Minor }[];
  sum: Minor;
  promoDiscount: Minor;
  payableAmount: Minor;
  available: boolean;
}

export interface PricedCart {
  lines: PricedLine[];
  orderAtMs: number;
  preOrderAtMs: number | null;
  promo: {
    definition: PromoCodeDefinition;
    active: boolean;
    discount: Minor;
    amountLeft: Minor;
  } | null;
  positionsCount: number;
  sum: Minor;
  discount: Minor;
  deliveryPrice: Minor;
  payable: Minor;
  zoneId: number | null;
  rules: DeliveryRule[];
  band: DeliveryRule | null;
  nextBand: DeliveryRule | null;
  problems: PricingProblem[];
}

export function priceCart(_catalog: PricingCatalog, _input: PricingInput): PricedCart {
  throw new Error('not implemented yet');
}
