import type { CartLine } from './cart-rules.ts';

/**
 * How many portions of a dish from a menu the cart holds, over every line of it (each set of modifiers
 * is its own line). The dish card shows it; an order's per-dish limits would count the same way.
 */
export function portionsOfDish(
  lines: readonly Pick<CartLine, 'id' | 'menu' | 'count'>[],
  id: number,
  menuId: number,
): number {
  return lines.reduce((sum, line) => (line.id === id && line.menu.id === menuId ? sum + line.count : sum), 0);
}
