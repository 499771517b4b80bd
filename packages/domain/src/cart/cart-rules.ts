import { type Minor, minor } from '../money/money.ts';

/** docs/product.md §4 'Cart': merging, removing and recounting cart positions, and the cart totals. */

/** A chosen modifier item on a cart position, as the cart and the preflight carry it. */
export interface CartModifier {
  /** The modifier item id. */
  id: number;
  /** The modifier (group) id the item belongs to: the position modifier's `modifierId`. */
  modifierId: number;
  count: number;
  /** The price of one item. */
  price: Minor;
}

/** A cart position (docs/product.md §3 'Cart position'); discounts and promo codes come from the preflight. */
export interface CartLine {
  id: number;
  menu: { id: number };
  count: number;
  /** The price of one position without its modifiers. */
  price: Minor;
  /** (price + Σ modifier count × modifier price) × count. */
  sum: Minor;
  /** Whether the position offers modifiers; when it does, lines differing in them are different lines. */
  hasModifiers: boolean;
  modifiers: readonly CartModifier[];
}

export interface CartTotals {
  /** The number of portions: the sum of the lines' counts. */
  positionsCount: number;
  sum: Minor;
  isEmpty: boolean;
}

/** The canonical order of modifiers: by modifier id, then item id. */
export function compareCartModifiers(a: CartModifier, b: CartModifier): number {
  return a.modifierId - b.modifierId || a.id - b.id;
}

/** docs/product.md §4: (price + modifier count × price) × count. */
export function cartLineSum(line: Pick<CartLine, 'price' | 'count' | 'modifiers'>): Minor {
  const modifiers = line.modifiers.reduce((sum, modifier) => sum + modifier.count * modifier.price, 0);
  return minor((line.price + modifiers) * line.count);
}

function modifiersKey(modifiers: readonly CartModifier[]): string {
  return modifiers
    .filter((modifier) => modifier.count > 0)
    .map((modifier) => `${modifier.modifierId}:${modifier.id}:${modifier.count}`)
    .sort()
    .join(',');
}

/** The same items in the same counts, in any order; prices are not compared. */
function sameModifiers(a: readonly CartModifier[], b: readonly CartModifier[]): boolean {
  return modifiersKey(a) === modifiersKey(b);
}

/** Whether two lines are the same cart position: same id, menu and (when it has modifiers) modifiers. */
export function isSameCartLine(a: CartLine, b: CartLine): boolean {
  return (
    a.id === b.id &&
    a.menu.id === b.menu.id &&
    ((!a.hasModifiers && !b.hasModifiers) || sameModifiers(a.modifiers, b.modifiers))
  );
}

/** A new cart line with its modifiers in canonical order and its sum worked out. */
export function makeCartLine(input: {
  id: number;
  menuId: number;
  price: Minor;
  count: number;
  modifiers?: readonly CartModifier[];
  hasModifiers?: boolean;
}): CartLine {
  const modifiers = [...(input.modifiers ?? [])].sort(compareCartModifiers);
  const line = {
    id: input.id,
    menu: { id: input.menuId },
    count: input.count,
    price: input.price,
    hasModifiers: input.hasModifiers ?? modifiers.length > 0,
    modifiers,
  };
  return { ...line, sum: cartLineSum(line) };
}

function withCount<L extends CartLine>(line: L, count: number): L {
  return { ...line, count, sum: cartLineSum({ ...line, count }) };
}

/**
 * Adds a line: merged into the same position already in the cart by adding its count, else appended.
 * Sums are recomputed; a line with a count of 0 or less changes nothing.
 */
export function addToCart<L extends CartLine>(lines: readonly L[], line: L): L[] {
  if (line.count <= 0) return [...lines];
  const index = lines.findIndex((existing) => isSameCartLine(existing, line));
  const existing = lines[index];
  if (!existing) return [...lines, withCount(line, line.count)];
  return lines.map((other, at) => (at === index ? withCount(existing, existing.count + line.count) : other));
}

/** Removes the position matching the line's id, menu id and modifiers. */
export function removeFromCart<L extends CartLine>(lines: readonly L[], line: CartLine): L[] {
  return lines.filter((existing) => !isSameCartLine(existing, line));
}

/** Sets the count of the matching position and recomputes its sum; a count of 0 or less removes it. */
export function setLineCount<L extends CartLine>(lines: readonly L[], line: CartLine, count: number): L[] {
  const whole = Math.trunc(count);
  if (whole <= 0) return removeFromCart(lines, line);
  return lines.map((existing) => (isSameCartLine(existing, line) ? withCount(existing, whole) : existing));
}

/** The number of portions and the sum of the cart, the sum worked out afresh from each line. */
export function cartTotals(lines: readonly CartLine[]): CartTotals {
  const positionsCount = lines.reduce((sum, line) => sum + line.count, 0);
  const sum = minor(lines.reduce<number>((total, line) => total + cartLineSum(line), 0));
  return { positionsCount, sum, isEmpty: lines.length === 0 };
}
