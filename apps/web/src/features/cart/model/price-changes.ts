import { type CartLine, cartLineSum, type Minor, minor } from '@storefront/domain';
import type { PreflightResponse, PricedPosition } from '@storefront/domain/contracts';

/** A line or the total priced differently from what the cart showed, for reasons not the customer's. */
export interface PriceChange {
  kind: 'line' | 'promo-stopped' | 'total';
  /** The cart line (for its name); absent for the total. */
  line?: CartLine;
  before: Minor;
  after: Minor;
}

/** What the cart showed after an answer: compared with the next answer. */
export interface ShownPricing {
  requestKey: string;
  promoCode: string | null;
  payable: Minor;
  /** By line key: the count and the line's payable amount, and whether a promo share applied. */
  lines: ReadonlyMap<string, { count: number; payable: Minor; promoShare: boolean }>;
}

/** The same cart position whatever order its modifiers are in. */
export function lineKey(line: Pick<CartLine, 'id' | 'menu' | 'modifiers'>): string {
  const modifiers = line.modifiers
    .map((modifier) => `${modifier.modifierId}:${modifier.id}:${modifier.count}`)
    .sort()
    .join(',');
  return `${line.menu.id}/${line.id}/${modifiers}`;
}

/** Whether an answer was given for exactly these lines (same dishes, modifiers and counts, in order). */
export function answersLines(lines: readonly CartLine[], positions: readonly PricedPosition[]): boolean {
  return (
    lines.length === positions.length &&
    lines.every((line, index) => {
      const priced = positions[index];
      return !!priced && lineKey(priced) === lineKey(line) && priced.count === line.count;
    })
  );
}

const promoShareOf = (priced: PricedPosition) => priced.promoCodes.some((share) => share.amount > 0);

/**
 * The notice of honest pricing (docs/product.md §4, beyond the specification): never a silently different total. Lines whose server price
 * (the dish or a modifier) differs from the price the cart kept; lines whose promo share stopped applying
 * while the code stayed the same; and, when neither explains it, a total that changed for the very same
 * request. A count, a code or a method the customer changed explains itself and is not listed.
 */
export function detectPriceChanges(input: {
  /** The cart as it was kept before taking this answer's prices, in request order. */
  lines: readonly CartLine[];
  response: PreflightResponse;
  requestKey: string;
  promoCode: string | null;
  previous: ShownPricing | null;
}): PriceChange[] {
  const { lines, response, previous } = input;
  const changes: PriceChange[] = [];
  lines.forEach((line, index) => {
    const priced = response.positions[index];
    if (!priced?.available) return;
    const serverSum = cartLineSum({ price: priced.price, count: line.count, modifiers: priced.modifiers });
    const keptSum = cartLineSum(line);
    if (serverSum !== keptSum) {
      changes.push({ kind: 'line', line, before: keptSum, after: serverSum });
      return;
    }
    const shown = previous?.lines.get(lineKey(line));
    if (
      shown?.promoShare &&
      shown.count === line.count &&
      !promoShareOf(priced) &&
      previous?.promoCode === input.promoCode &&
      input.promoCode !== null
    ) {
      changes.push({ kind: 'promo-stopped', line, before: shown.payable, after: priced.payableAmount });
    }
  });
  if (
    changes.length === 0 &&
    previous &&
    previous.requestKey === input.requestKey &&
    previous.payable !== response.payable
  ) {
    changes.push({ kind: 'total', before: previous.payable, after: response.payable });
  }
  return changes;
}

/** What this answer shows, to compare the next one with. */
export function shownPricing(
  lines: readonly CartLine[],
  response: PreflightResponse,
  requestKey: string,
  promoCode: string | null,
): ShownPricing {
  const shown = new Map<string, { count: number; payable: Minor; promoShare: boolean }>();
  lines.forEach((line, index) => {
    const priced = response.positions[index];
    if (priced) {
      shown.set(lineKey(line), {
        count: line.count,
        payable: priced.payableAmount,
        promoShare: promoShareOf(priced),
      });
    }
  });
  return { requestKey, promoCode, payable: minor(response.payable), lines: shown };
}
