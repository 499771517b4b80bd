import {
  addToCart,
  type CartLine,
  type CartModifier,
  cartLineSum,
  cartTotals,
  isSameCartLine,
  type Minor,
  makeCartLine,
  minor,
  POINT,
  POSITION_COUNT_MAX,
  portionsOfDish,
  removeFromCart,
  setLineCount,
} from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { createStore, useStore } from 'zustand';
import { bindStorage } from '../../shared/storage/bind-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import {
  arrayOf,
  type Guard,
  isBoolean,
  isNonNegativeInt,
  isPositiveInt,
  shape,
} from '../../shared/storage/stored-value-guards.ts';
import { type CartLineLabel, isCartLineLabel, labelOf, sameLabel } from './cart-line-label.ts';

/**
 * docs/product.md §3 'Cart position' as kept in storage; the server's preflight re-checks every price. `label` is
 * the dish as the catalog last showed it, so a dish that leaves the menu keeps its name in the cart; a cart
 * stored before lines had it still loads (its lines are named by the catalog, or by number).
 */
export type CartPosition = CartLine & { label?: CartLineLabel };

// Stored amounts are whole minor units: the guard is what makes them Minor.
const isMinor = isNonNegativeInt as Guard<Minor>;
const isCartPosition = shape<CartPosition>({
  id: isPositiveInt,
  menu: shape({ id: isPositiveInt }),
  count: isPositiveInt,
  price: isMinor,
  sum: isMinor,
  hasModifiers: isBoolean,
  modifiers: arrayOf(
    shape<CartModifier>({
      id: isPositiveInt,
      modifierId: isPositiveInt,
      count: isPositiveInt,
      price: isMinor,
    }),
  ),
  // Absent from carts stored before lines remembered their dish.
  label: (value): value is CartLineLabel | undefined => value === undefined || isCartLineLabel(value),
});

export interface Cart {
  positions: CartPosition[];
  /**
   * Points the customer chose to spend (decision 55), minor units of whole points; 0: none. Sent with every
   * preflight and so with the placement, which is priced by the same request. An empty cart spends nothing.
   */
  bonusToSpend: Minor;
  /** Whole points only (rounded down), never negative. */
  setBonusToSpend(amount: number): void;
  /** Adds one portion (or `count`), merged with the same dish and modifiers (docs/product.md §4 'Cart'). */
  add(input: {
    id: number;
    menuId: number;
    price: Minor;
    modifiers: readonly CartModifier[];
    hasModifiers?: boolean;
    count?: number;
  }): void;
  /** Sets the count of the line with this dish and modifiers; 0 removes it. */
  setCount(id: number, menuId: number, modifiers: readonly CartModifier[], count: number): void;
  /** Removes this line (same dish, menu and modifiers). */
  remove(line: CartLine): void;
  /** Removes several lines at once (the cart validation popup's 'remove them'). */
  removeLines(lines: readonly CartLine[]): void;
  /**
   * Takes the server's prices for lines a preflight priced (docs/product.md §4: the server is the source of truth for
   * money), so the stored sums, the header and the next render agree with what the cart showed.
   */
  applyServerPrices(priced: readonly ServerLinePrice[]): void;
  /**
   * Remembers how the catalog shows the lines' dishes (`positions`: the menus the catalog has loaded). Lines
   * whose dish is not among them keep what they remembered.
   */
  rememberDishes(positions: readonly Position[]): void;
  clear(): void;
}

/** A line as the cart knows it, and the server's price of one portion and of each modifier item. */
export interface ServerLinePrice {
  line: CartLine;
  price: Minor;
  modifiers: readonly { id: number; modifierId: number; price: Minor }[];
}

/** docs/product.md §4: counts of a line stay within 1..POSITION_COUNT_MAX; below 1 the line goes. */
export function boundedCount(count: number): number {
  return Math.min(POSITION_COUNT_MAX, Math.trunc(count));
}

function withinMaxCount(lines: CartPosition[]): CartPosition[] {
  return lines.map((line) =>
    line.count > POSITION_COUNT_MAX
      ? { ...line, count: POSITION_COUNT_MAX, sum: cartLineSum({ ...line, count: POSITION_COUNT_MAX }) }
      : line,
  );
}

function withServerPrice(line: CartPosition, priced: ServerLinePrice): CartPosition {
  const modifiers = line.modifiers.map((modifier) => {
    const server = priced.modifiers.find(
      (candidate) => candidate.id === modifier.id && candidate.modifierId === modifier.modifierId,
    );
    return server && server.price !== modifier.price ? { ...modifier, price: server.price } : modifier;
  });
  const next = { ...line, price: priced.price, modifiers };
  const sum = cartLineSum(next);
  const changed =
    next.price !== line.price || sum !== line.sum || modifiers.some((m, i) => m !== line.modifiers[i]);
  return changed ? { ...next, sum } : line;
}

/** An amount the customer may ask to spend: whole points, never negative (the server judges the rest). */
export function spendableAmount(amount: number): Minor {
  if (!Number.isFinite(amount) || amount <= 0) return minor(0);
  return minor(Math.floor(amount / POINT) * POINT);
}

export const cartStore = createStore<Cart>()((set) => ({
  positions: [],
  bonusToSpend: minor(0),
  setBonusToSpend: (amount) =>
    set((state) => {
      const next = spendableAmount(amount);
      return next === state.bonusToSpend ? state : { bonusToSpend: next };
    }),
  add: (input) =>
    set((state) => ({
      positions: withinMaxCount(
        addToCart(
          state.positions,
          makeCartLine({
            id: input.id,
            menuId: input.menuId,
            price: input.price,
            count: input.count ?? 1,
            modifiers: input.modifiers,
            ...(input.hasModifiers !== undefined ? { hasModifiers: input.hasModifiers } : {}),
          }),
        ),
      ),
    })),
  setCount: (id, menuId, modifiers, count) =>
    set((state) => ({
      positions: setLineCount(
        state.positions,
        makeCartLine({
          id,
          menuId,
          price: minor(0),
          count: 1,
          modifiers,
          hasModifiers: modifiers.length > 0,
        }),
        boundedCount(count),
      ),
    })),
  remove: (line) => set((state) => ({ positions: removeFromCart(state.positions, line) })),
  removeLines: (lines) =>
    set((state) => ({
      positions: state.positions.filter((existing) => !lines.some((line) => isSameCartLine(existing, line))),
    })),
  applyServerPrices: (priced) =>
    set((state) => {
      let changed = false;
      const positions = state.positions.map((line) => {
        const match = priced.find((candidate) => isSameCartLine(candidate.line, line));
        const next = match ? withServerPrice(line, match) : line;
        if (next !== line) changed = true;
        return next;
      });
      return changed ? { positions } : state;
    }),
  rememberDishes: (catalog) =>
    set((state) => {
      let changed = false;
      const positions = state.positions.map((line) => {
        const position = catalog.find(
          (candidate) => candidate.id === line.id && candidate.menu.id === line.menu.id,
        );
        if (!position) return line;
        const label = labelOf(position);
        if (sameLabel(line.label, label)) return line;
        changed = true;
        return { ...line, label };
      });
      // Unchanged, the state stays the same object: nothing is written to storage again.
      return changed ? { positions } : state;
    }),
  clear: () => set({ positions: [], bonusToSpend: minor(0) }),
}));

// However the last line went (removed, counted down to 0, dropped by the validation popup), an empty cart
// spends no points: the next cart starts without them.
cartStore.subscribe((state) => {
  if (state.positions.length === 0 && state.bonusToSpend !== 0)
    cartStore.setState({ bonusToSpend: minor(0) });
});

export const cartStorage = bindStorage(cartStore, {
  positions: { key: STORAGE_KEYS.cartPositions, isValid: arrayOf(isCartPosition) },
  bonusToSpend: {
    key: STORAGE_KEYS.cartBonusToSpend,
    isValid: (value): value is Minor => isMinor(value) && value % POINT === 0,
  },
});

/** The number shown on the cart button: portions, not lines. */
export function useCartCount(): number {
  return useStore(cartStore, (state) => cartTotals(state.positions).positionsCount);
}

/** How many portions of a dish (with any modifiers) of a menu are in the cart. */
export function usePositionCount(id: number, menuId: number): number {
  return useStore(cartStore, (state) => portionsOfDish(state.positions, id, menuId));
}
