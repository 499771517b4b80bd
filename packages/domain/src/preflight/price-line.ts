import { cartLineSum } from '../cart/cart-rules.ts';
import type { ModifierGroup, ModifierSelection } from '../catalog/modifier-rules.ts';
import { selectionProblems } from '../catalog/modifier-rules.ts';
import { isPositionAvailableAt } from '../catalog/time-slots.ts';
import type { PreflightPosition } from '../contracts/preflight.ts';
import type { CustomerDeliveryMethod } from '../methods/methods.ts';
import { type Minor, minor } from '../money/money.ts';
import { localDayStartMs } from './order-time.ts';
import type { PricingProblem } from './preflight-codes.ts';
import type { PricedLine, PricingCatalog } from './price-cart.ts';

type LineGroup = ModifierGroup & { modifierId: number };
type LineModifier = PricedLine['modifiers'][number];

/** One request line priced from the catalog alone, before any promo share. */
export interface LinePricing {
  line: PricedLine;
  problems: PricingProblem[];
}

export interface LineContext {
  catalog: PricingCatalog;
  deliveryType: CustomerDeliveryMethod;
  orderAtMs: number;
}

/** The same item sent twice is one choice of both counts (a client may not merge before sending). */
function mergeModifiers(
  modifiers: PreflightPosition['modifiers'],
): { id: number; modifierId: number; count: number }[] {
  const merged = new Map<string, { id: number; modifierId: number; count: number }>();
  for (const { id, modifierId, count } of modifiers ?? []) {
    const key = `${modifierId}:${id}`;
    const existing = merged.get(key);
    if (existing) existing.count += count;
    else merged.set(key, { id, modifierId, count });
  }
  return [...merged.values()];
}

function findGroup(groups: readonly LineGroup[], modifierId: number, itemId: number): LineGroup | undefined {
  return groups.find(
    (group) => group.modifierId === modifierId && group.items.some((item) => item.id === itemId),
  );
}

/**
 * The modifiers as chosen, with the server's item prices, and what is wrong with them: an item the position
 * does not offer under that modifier, or a group with fewer or more items than it allows (a required group
 * left empty too).
 */
function judgeModifiers(
  groups: readonly LineGroup[],
  requested: PreflightPosition['modifiers'],
): { modifiers: LineModifier[]; unknown: boolean; countInvalid: boolean } {
  const selection: Record<number, Record<number, number>> = {};
  let unknown = false;
  const modifiers = mergeModifiers(requested).map((entry) => {
    const group = findGroup(groups, entry.modifierId, entry.id);
    const item = group?.items.find((candidate) => candidate.id === entry.id);
    if (!group || !item) {
      unknown = true;
      return { ...entry, price: minor(0) };
    }
    selection[group.id] = { ...selection[group.id], [entry.id]: entry.count };
    return { ...entry, price: item.price };
  });
  const countInvalid = selectionProblems(groups, selection as ModifierSelection).length > 0;
  return { modifiers, unknown, countInvalid };
}

/**
 * docs/product.md §3 'Cart position', priced by the server: the position must be in one of this restaurant's menus and
 * that menu sold for the method; its modifiers must be the position's own, in allowed counts; a time-slotted
 * dish must be on sale at the order's time. A line with any problem is kept (so indexes match the request)
 * but unavailable, at a sum of 0. Client names, prices and sums are never read.
 */
export function priceLine(position: PreflightPosition, index: number, context: LineContext): LinePricing {
  const { catalog, deliveryType, orderAtMs } = context;
  const problems: PricingProblem[] = [];
  const found = catalog.positions.get(position.id);
  const menu = catalog.resto.menus.find((candidate) => candidate.id === position.menu.id);
  const inResto = !!found && !!menu && found.menu.id === position.menu.id;

  let modifiers: LineModifier[];
  if (!inResto) {
    problems.push({ code: 'person-order.position-not-found-in-resto', line: index });
    modifiers = mergeModifiers(position.modifiers).map((entry) => ({ ...entry, price: minor(0) }));
  } else {
    const soldForMethod = deliveryType === 'DELIVERY' ? menu.isDelivery : menu.isTakeAway;
    if (!soldForMethod) {
      problems.push({
        code: 'person-order.position-not-found-in-resto',
        messageKey:
          deliveryType === 'DELIVERY'
            ? 'person-order.position-cannot-be-delivered'
            : 'person-order.position-not-for-take-away',
        line: index,
      });
    }
    const judged = judgeModifiers(catalog.modifiers.get(position.id) ?? [], position.modifiers);
    modifiers = judged.modifiers;
    if (judged.unknown) problems.push({ code: 'person-order.modifier-not-found', line: index });
    if (judged.countInvalid) problems.push({ code: 'person-order.modifier-count-invalid', line: index });
    if (!isPositionAvailableAt(position.id, catalog.timeSlots, orderAtMs, catalog.resto.timezone)) {
      problems.push({ code: 'person-order.position-not-available-at-time', line: index });
    }
    const stop = catalog.stopList;
    if (
      stop?.positionIds.has(position.id) &&
      localDayStartMs(orderAtMs, catalog.resto.timezone) === stop.dayStartMs
    ) {
      problems.push({ code: 'person-order.position-stopped', line: index });
    }
  }

  const price: Minor = found ? found.price : minor(0);
  const available = problems.length === 0;
  const sum = available ? cartLineSum({ price, count: position.count, modifiers }) : minor(0);
  return {
    line: {
      id: position.id,
      menu: { id: position.menu.id },
      count: position.count,
      price,
      modifiers,
      sum,
      promoDiscount: minor(0),
      bonusDiscount: minor(0),
      payableAmount: sum,
      available,
    },
    problems,
  };
}

/**
 * Whether a dish the server adds or offers (a free condiment, a gift, an add-on) can be ordered with this cart:
 * the menu holding it is one of this restaurant's and sold for the method, it is inside its time slot at the
 * order's time, and it is not stopped on that restaurant-local day. Answers the dish's menu id, or null.
 */
export function orderableMenuOf(context: LineContext): (positionId: number) => number | null {
  const { catalog, deliveryType, orderAtMs } = context;
  const stop = catalog.stopList;
  const stoppedToday =
    !!stop &&
    stop.positionIds.size > 0 &&
    localDayStartMs(orderAtMs, catalog.resto.timezone) === stop.dayStartMs;
  return (positionId) => {
    const found = catalog.positions.get(positionId);
    if (!found) return null;
    const menu = catalog.resto.menus.find((candidate) => candidate.id === found.menu.id);
    if (!menu || !(deliveryType === 'DELIVERY' ? menu.isDelivery : menu.isTakeAway)) return null;
    if (stoppedToday && stop.positionIds.has(positionId)) return null;
    if (!isPositionAvailableAt(positionId, catalog.timeSlots, orderAtMs, catalog.resto.timezone)) return null;
    return menu.id;
  };
}
