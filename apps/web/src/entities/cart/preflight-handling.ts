import type { PreflightProblemCode } from '@storefront/domain';
import type { PreflightProblem, PreflightResponse } from '@storefront/domain/contracts';

/** Where a preflight problem is shown. */
export type ProblemPlace = 'promo' | 'delivery-alert' | 'line' | 'validation-popup' | 'banner' | 'bonus';

export interface ProblemHandling {
  /** Where the customer sees it; empty: nowhere (handled silently). */
  shows: readonly ProblemPlace[];
  /** Whether the order cannot be placed while it stands. */
  blocks: boolean;
  /**
   * What becomes of the promo code: 'drop' removes it and keeps the message under the field; 'clear'
   * removes it and its messages without a word (docs/product.md §8: treated as valid); 'keep' leaves it applied.
   */
  promo?: 'drop' | 'clear' | 'keep';
}

const promoRefused: ProblemHandling = { shows: ['promo'], blocks: false, promo: 'drop' };
const promoCleared: ProblemHandling = { shows: [], blocks: false, promo: 'clear' };
const onLine: ProblemHandling = { shows: ['line'], blocks: true };
const inBanner: ProblemHandling = { shows: ['banner'], blocks: true };

/**
 * THE table of docs/product.md §8 'Preflight handling' for every code a preflight reports (preflight-codes.ts):
 * the cart, and later the checkout, read problems only through it. The compiler checks it is complete.
 */
export const PREFLIGHT_HANDLING: Readonly<Record<PreflightProblemCode, ProblemHandling>> = {
  // Promo codes: a refused code is dropped, its reason stays under the promo field; the order can go on.
  'promo-code.not-found': promoRefused,
  'promo-code.not-found-for-resto': promoRefused,
  'promo-code.limit-exceed': promoRefused,
  'promo-code.person-limit-exceed': promoRefused,
  'promo-code.before-start': promoRefused,
  'promo-code.after-finish': promoRefused,
  'promo-code.not-active': promoRefused,
  'promo-code.hour-not-active': promoRefused,
  'promo-code.too-many-attempts': promoRefused,
  'promo-code.day-not-active': promoRefused,
  'promo-code.first-order-only': promoRefused,
  // docs/product.md §8: the code and its messages are cleared once and the check counts as valid.
  'promo-code.invalid-delivery-method': promoCleared,
  'promo-code.invalid-delivery-type': promoCleared,
  // Applied, but signing in is needed to check the per-person limit: said, not blocking.
  'promo-code.person-limit-unchecked': { shows: ['promo'], blocks: false, promo: 'keep' },
  'promo-code.first-order-unchecked': { shows: ['promo'], blocks: false, promo: 'keep' },
  // The restaurant does not take this payment for this method.
  'resto.doesnt-support-delivery-online-pay': inBanner,
  'resto.doesnt-support-delivery-card-pay': inBanner,
  'resto.doesnt-support-delivery-cash-pay': inBanner,
  'resto.doesnt-support-takeaway-online': inBanner,
  'resto.doesnt-support-takeaway-card-pay': inBanner,
  'resto.doesnt-support-takeaway-cash-pay': inBanner,
  // docs/product.md §8: the cart is invalid; the cart validation popup offers to remove those dishes.
  'person-order.position-not-found-in-resto': { shows: ['line', 'validation-popup'], blocks: true },
  'person-order.modifier-not-found': onLine,
  'person-order.modifier-count-invalid': onLine,
  'person-order.position-not-available-at-time': onLine,
  'person-order.position-stopped': onLine,
  'person-order.empty': inBanner,
  // Points (decision 55): the spend is refused and nothing is spent; said beside the points switch, and the
  // cart asks again without them, so the order can go on.
  'bonus.program-off': { shows: ['bonus'], blocks: false },
  'bonus.sign-in-required': { shows: ['bonus'], blocks: false },
  'bonus.not-whole': { shows: ['bonus'], blocks: false },
  'bonus.not-with-promo-code': { shows: ['bonus'], blocks: false },
  'bonus.more-than-balance': { shows: ['bonus'], blocks: false },
  'bonus.over-limit': { shows: ['bonus'], blocks: false },
  'person-order.delivery-method-not-supported': inBanner,
  'resto.not-accepting-orders': inBanner,
  'resto.busy': inBanner,
  // Capacity (decision 56): the pre-order slot is full (the picker offers the next), or no slot is left today.
  'slot.full': inBanner,
  'resto.slots-full': inBanner,
  'person-order.pre-order-too-soon': inBanner,
  'person-order.pre-order-too-far': inBanner,
  'person-order.pre-order-disabled': inBanner,
  'delivery.address-required': inBanner,
  'delivery.address-outside-zone': inBanner,
  // docs/product.md §8: never shown as an error text; the delivery alert says how much is left to the minimum.
  'delivery.order-sum-not-enough.range': { shows: ['delivery-alert'], blocks: true },
  'delivery.order-sum-too-large': inBanner,
};

/**
 * A code the table does not know (a newer server): a line's problem stays on its line and blocks; a
 * promo code's is said under the field; anything else is said in the banner and, as docs/product.md §8 has it for
 * 'any other code with a message', treated as valid.
 */
export function handlingOf(problem: Pick<PreflightProblem, 'code' | 'line'>): ProblemHandling {
  const known = (PREFLIGHT_HANDLING as Record<string, ProblemHandling | undefined>)[problem.code];
  if (known) return known;
  if (problem.line !== undefined) return onLine;
  if (problem.code.startsWith('promo-code.')) return { shows: ['promo'], blocks: false, promo: 'keep' };
  return { shows: ['banner'], blocks: false };
}

/** A preflight answer sorted by where each problem is shown. */
export interface PreflightReading {
  /** Problems of a line, by the index of the line in the request. */
  lineProblems: ReadonlyMap<number, readonly PreflightProblem[]>;
  /** Request indexes of the lines this restaurant or method does not have (the validation popup). */
  notFoundLines: readonly number[];
  /** Messages under the promo field for a code that stays. */
  promoMessages: readonly PreflightProblem[];
  /** The first reason a code was refused: the code is dropped and this stays under the field. */
  promoRefusal: PreflightProblem | null;
  /** The code must go without a word. */
  clearPromo: boolean;
  bannerProblems: readonly PreflightProblem[];
  /** The minimum-order problem, told by the delivery alert. */
  deliveryAlertProblem: PreflightProblem | null;
  /** Why the points asked for were not spent (decision 55): said under the points control. */
  bonusProblems: readonly PreflightProblem[];
  /** Whether any problem keeps the order from being placed. */
  blocking: boolean;
}

export function readPreflight(problems: PreflightResponse['problems']): PreflightReading {
  const lineProblems = new Map<number, PreflightProblem[]>();
  const notFoundLines: number[] = [];
  const promoMessages: PreflightProblem[] = [];
  const bannerProblems: PreflightProblem[] = [];
  const bonusProblems: PreflightProblem[] = [];
  let promoRefusal: PreflightProblem | null = null;
  let clearPromo = false;
  let deliveryAlertProblem: PreflightProblem | null = null;
  let blocking = false;
  for (const problem of problems) {
    const handling = handlingOf(problem);
    if (handling.blocks) blocking = true;
    if (handling.promo === 'clear') clearPromo = true;
    if (handling.promo === 'drop') promoRefusal ??= problem;
    for (const place of handling.shows) {
      if (place === 'line' && problem.line !== undefined) {
        lineProblems.set(problem.line, [...(lineProblems.get(problem.line) ?? []), problem]);
      } else if (place === 'line') {
        bannerProblems.push(problem);
      }
      if (place === 'validation-popup' && problem.line !== undefined) notFoundLines.push(problem.line);
      if (place === 'promo' && handling.promo !== 'drop') promoMessages.push(problem);
      if (place === 'banner') bannerProblems.push(problem);
      if (place === 'delivery-alert') deliveryAlertProblem ??= problem;
      if (place === 'bonus') bonusProblems.push(problem);
    }
  }
  // A code cleared without a word takes any other message about it along (docs/product.md §8 'cleared').
  if (clearPromo) {
    promoRefusal = null;
    promoMessages.length = 0;
  }
  return {
    lineProblems,
    notFoundLines,
    promoMessages,
    promoRefusal,
    clearPromo,
    bannerProblems,
    deliveryAlertProblem,
    bonusProblems,
    blocking,
  };
}
