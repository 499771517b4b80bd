import type { DeliveryRule } from '../contracts/deliveries.ts';
import { type Minor, minor } from '../money/money.ts';
import type { PricingProblem } from './preflight-codes.ts';

export interface DeliveryBandChoice {
  /** The zone's rules by the order sum they start from. */
  rules: DeliveryRule[];
  /** The rule covering the judged sum; null below the minimum, in a gap, at/above the maximum, or no rules. */
  band: DeliveryRule | null;
  /** The rule after `band`, or the one to reach when below the minimum or in a gap. */
  nextBand: DeliveryRule | null;
  /** Below the minimum or at/above the maximum; null when the sum fits a band or the zone has no rules. */
  problem: PricingProblem | null;
}

/** A rule covers the order sums in [min, max); a null max is unbounded (as in delivery-terms.ts). */
function covers(rule: DeliveryRule, judged: number): boolean {
  return judged >= rule.orderPrice.min && (rule.orderPrice.max === null || judged < rule.orderPrice.max);
}

/**
 * The zone's band for a sum after the promo discount (docs/product.md §4 'Delivery rule alert'). A sum in a gap between
 * two rules is treated as below the next rule's minimum: the zone does not deliver it at any price, and the
 * customer is told how much more reaches the next band.
 */
export function chooseDeliveryBand(zoneRules: readonly DeliveryRule[], judged: Minor): DeliveryBandChoice {
  const rules = [...zoneRules].sort((a, b) => a.orderPrice.min - b.orderPrice.min);
  const index = rules.findIndex((rule) => covers(rule, judged));
  const band = rules[index];
  if (band) return { rules, band, nextBand: rules[index + 1] ?? null, problem: null };

  const above = rules.find((rule) => rule.orderPrice.min > judged);
  if (above) {
    const limit = above.orderPrice.min;
    return {
      rules,
      band: null,
      nextBand: above,
      problem: { code: 'delivery.order-sum-not-enough.range', amountLeft: minor(limit - judged), limit },
    };
  }
  const maxes = rules.map((rule) => rule.orderPrice.max);
  if (rules.length > 0 && !maxes.includes(null)) {
    const limit = minor(Math.max(...(maxes as Minor[])));
    return { rules, band: null, nextBand: null, problem: { code: 'delivery.order-sum-too-large', limit } };
  }
  return { rules, band: null, nextBand: null, problem: null };
}
