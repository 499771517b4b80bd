import type { Minor } from '@storefront/domain';
import type { Order, Position, PositionModifiers } from '@storefront/domain/contracts';

/** What 'order again' can put back: lines at today's prices, and the dishes that are gone. */
export interface OrderAgainPlan {
  add: {
    id: number;
    menuId: number;
    price: Minor;
    count: number;
    hasModifiers: boolean;
    /** An 18+ dish: the adulthood question comes first, as when adding it from the menu. */
    isAdult: boolean;
    modifiers: { id: number; modifierId: number; count: number; price: Minor }[];
  }[];
  gone: Order['lines'];
}

/**
 * Checks each line of an old order against the current restaurant (decision 21): its menu is offered for
 * the current method, the dish is still on it, and every chosen modifier item still exists; a line passes
 * whole or not at all, at the current prices (the next preflight prices it anyway).
 */
export function planOrderAgain(
  order: Pick<Order, 'lines'>,
  offeredMenuIds: ReadonlySet<number>,
  positionsByMenu: ReadonlyMap<number, readonly Position[]>,
  modifiers: readonly PositionModifiers[],
): OrderAgainPlan {
  const plan: OrderAgainPlan = { add: [], gone: [] };
  for (const line of order.lines) {
    // Free condiments and a gift are the server's to give again (at 0 ₽), never the customer's lines to pay.
    if (line.kind !== 'dish') continue;
    const position = offeredMenuIds.has(line.menu.id)
      ? positionsByMenu.get(line.menu.id)?.find((candidate) => candidate.id === line.id)
      : undefined;
    if (!position) {
      plan.gone.push(line);
      continue;
    }
    const groups = modifiers.find((entry) => entry.positionId === line.id)?.modifiers ?? [];
    const chosen = line.modifiers.map((modifier) => {
      const item = groups
        .find((group) => group.modifierId === modifier.modifierId)
        ?.items.find((candidate) => candidate.id === modifier.id);
      return item
        ? { id: item.id, modifierId: modifier.modifierId, count: modifier.count, price: item.price }
        : null;
    });
    if (chosen.some((item) => item === null)) {
      plan.gone.push(line);
      continue;
    }
    plan.add.push({
      id: position.id,
      menuId: line.menu.id,
      price: position.price,
      count: line.count,
      hasModifiers: groups.length > 0,
      isAdult: position.isAdult,
      modifiers: chosen.filter((item) => item !== null),
    });
  }
  return plan;
}
