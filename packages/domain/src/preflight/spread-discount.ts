import { type Minor, minor } from '../money/money.ts';

/**
 * A discount shared out over line sums (ORDERING.md 'Money'): each line takes floor(lineSum × discount / sum),
 * and what rounding leaves goes to the line with the largest sum (the first such), so the shares add up to
 * the discount exactly and each line's payable is whole. A discount at or near the whole sum can leave more
 * remainder than the largest line has left to give; the rest then goes to the next largest lines in turn, so
 * no line is ever discounted below zero. The discount must not exceed the sum of the lines.
 */
export function spreadDiscount(lineSums: readonly Minor[], discount: Minor): Minor[] {
  const sum = lineSums.reduce((total, lineSum) => total + lineSum, 0);
  if (discount > sum) throw new RangeError(`A discount of ${discount} exceeds the lines' sum ${sum}`);
  if (sum === 0 || discount === 0) return lineSums.map(() => minor(0));
  const shares = lineSums.map((lineSum) => Math.floor((lineSum * discount) / sum));
  let remainder = discount - shares.reduce((total, share) => total + share, 0);
  // Largest sum first, earlier lines first among equals (sort is stable).
  const byLargest = lineSums.map((_, index) => index).sort((a, b) => (lineSums[b] ?? 0) - (lineSums[a] ?? 0));
  for (const index of byLargest) {
    if (remainder === 0) break;
    const room = (lineSums[index] ?? 0) - (shares[index] ?? 0);
    const taken = Math.min(room, remainder);
    shares[index] = (shares[index] ?? 0) + taken;
    remainder -= taken;
  }
  return shares.map((share) => minor(share));
}
