import type { DeliveryRule, DeliveryZone } from '../contracts/deliveries.ts';
import { type Minor, minor } from '../money/money.ts';

/** The part of a delivery zone the terms read; a full `DeliveryZone` fits. */
export type TermsZone = Pick<DeliveryZone, 'rules'>;

/** One row of the 'Условия доставки' table. */
export interface DeliveryTermsRow {
  /** Order sum from which the row applies (inclusive). */
  from: Minor;
  /** Order sum up to which the row applies (exclusive); null when unbounded. */
  to: Minor | null;
  cost: Minor;
  /** docs/product.md §2 item 3: a zero cost is shown as 'Бесплатно'. */
  isFree: boolean;
  /** docs/product.md §2 item 3: delivery time in minutes, shown only when nonzero (null otherwise). */
  minutes: number | null;
}

export type DeliveryRuleAlert =
  | {
      /** docs/product.md §4: total below the minimum of the zone thresholds gives a minimum-order warning. */
      kind: 'min-order';
      minOrderPrice: Minor;
      orderPriceDifference: Minor;
    }
  | {
      /** docs/product.md §4: at or above the maximum gives a maximum-order warning. */
      kind: 'max-order';
      maxOrderPrice: Minor;
    }
  | {
      /** docs/product.md §4: otherwise the matching threshold and the next one. */
      kind: 'current';
      deliveryPrice: Minor;
      /** The order sum the matching threshold starts from ('delivery … from an order of …'). */
      minOrderPrice: Minor;
      next?: { deliveryPrice: Minor; orderPriceDifference: Minor; isFree: boolean };
    };

/** Rules ordered by the order sum they start from. */
function sortedRules(zone: TermsZone): DeliveryRule[] {
  return [...zone.rules].sort((a, b) => a.orderPrice.min - b.orderPrice.min);
}

/** A rule covers the order sums in [min, max); a null max is unbounded. */
function covers(rule: DeliveryRule, total: number): boolean {
  return total >= rule.orderPrice.min && (rule.orderPrice.max === null || total < rule.orderPrice.max);
}

/** docs/product.md §2 item 2: the 'Условия доставки' button appears when the matching zone has thresholds. */
export function hasDeliveryTerms(zone: TermsZone | null): boolean {
  return !!zone && zone.rules.length > 0;
}

/** docs/product.md §2 item 3: order sum range (from..to), cost ('Бесплатно' if zero), minutes if nonzero; by `from`. */
export function deliveryTermsRows(zone: TermsZone): DeliveryTermsRow[] {
  return sortedRules(zone).map((rule) => ({
    from: rule.orderPrice.min,
    to: rule.orderPrice.max,
    cost: rule.deliveryPrice,
    isFree: rule.deliveryPrice === 0,
    minutes: rule.time === 0 ? null : rule.time,
  }));
}

/**
 * docs/product.md §4 'Delivery rule alert': below the minimum of the thresholds → minimum-order warning; at or above
 * the (finite) maximum → maximum-order warning; otherwise the matching threshold and the next one, with
 * the amount left to reach it. A total in a gap between thresholds is told the amount left to the next
 * one as a minimum-order warning. Null for a zone without thresholds.
 */
export function deliveryRuleAlert(total: Minor, zone: TermsZone): DeliveryRuleAlert | null {
  const rules = sortedRules(zone);
  const first = rules[0];
  if (!first) return null;
  if (total < first.orderPrice.min) return minOrder(first, total);

  const maxes = rules.map((rule) => rule.orderPrice.max);
  if (!maxes.includes(null)) {
    const maxOrderPrice = minor(Math.max(...(maxes as Minor[])));
    if (total >= maxOrderPrice) return { kind: 'max-order', maxOrderPrice };
  }

  const index = rules.findIndex((rule) => covers(rule, total));
  const current = rules[index];
  if (!current) {
    const above = rules.find((rule) => rule.orderPrice.min > total);
    return above ? minOrder(above, total) : null;
  }
  const next = rules[index + 1];
  return {
    kind: 'current',
    deliveryPrice: current.deliveryPrice,
    minOrderPrice: current.orderPrice.min,
    ...(next && {
      next: {
        deliveryPrice: next.deliveryPrice,
        orderPriceDifference: minor(Math.max(0, next.orderPrice.min - total)),
        isFree: next.deliveryPrice === 0,
      },
    }),
  };
}

function minOrder(rule: DeliveryRule, total: Minor): DeliveryRuleAlert {
  return {
    kind: 'min-order',
    minOrderPrice: rule.orderPrice.min,
    orderPriceDifference: minor(rule.orderPrice.min - total),
  };
}
