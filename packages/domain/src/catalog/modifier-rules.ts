import type { CartModifier } from '../cart/cart-rules.ts';
import { compareCartModifiers } from '../cart/cart-rules.ts';
import type { PositionModifiers } from '../contracts/menus.ts';
import { type Minor, minor } from '../money/money.ts';

/** docs/product.md §3 'Position modifiers': groups of extras a position offers, each with how many may be chosen. */

type PositionModifier = PositionModifiers['modifiers'][number];
type ModifierItem = PositionModifier['items'][number];

/** What the rules need of a position's modifier group (the API's position modifier satisfies it). */
export type ModifierGroup = Pick<PositionModifier, 'id' | 'modifierId' | 'minCount' | 'maxCount'> & {
  items: readonly Pick<ModifierItem, 'id' | 'price'>[];
};

/** Chosen items: position-modifier (group) id → item id → count. Only positive counts are kept. */
export type ModifierSelection = Readonly<Record<number, Readonly<Record<number, number>>>>;

export interface SelectionProblem {
  groupId: number;
  kind: 'too-few' | 'too-many';
  minCount: number;
  maxCount: number;
}

export function selectedItemCount(selection: ModifierSelection, groupId: number, itemId: number): number {
  return selection[groupId]?.[itemId] ?? 0;
}

/**
 * How many items are chosen in a group, counting each item as many times as it is chosen; items the group
 * no longer offers do not count.
 */
export function groupTotal(group: ModifierGroup, selection: ModifierSelection): number {
  return group.items.reduce(
    (sum, item) => sum + Math.max(0, selectedItemCount(selection, group.id, item.id)),
    0,
  );
}

/** Whether one more item may be added to the group. */
export function canIncrement(group: ModifierGroup, selection: ModifierSelection): boolean {
  return groupTotal(group, selection) < group.maxCount;
}

function withGroup(
  selection: ModifierSelection,
  groupId: number,
  counts: Readonly<Record<number, number>>,
): ModifierSelection {
  const next: Record<number, Readonly<Record<number, number>>> = { ...selection };
  if (Object.keys(counts).length === 0) delete next[groupId];
  else next[groupId] = counts;
  return next;
}

/**
 * Sets how many of an item are chosen, clamped to 0 and to what the group's maxCount leaves after its other
 * items. Items that are not in the group leave the selection unchanged.
 */
export function setItemCount(
  selection: ModifierSelection,
  group: ModifierGroup,
  itemId: number,
  count: number,
): ModifierSelection {
  if (!group.items.some((item) => item.id === itemId)) return selection;
  const others = groupTotal(group, selection) - Math.max(0, selectedItemCount(selection, group.id, itemId));
  const clamped = Math.max(0, Math.min(Math.trunc(count), group.maxCount - others));
  const counts: Record<number, number> = { ...selection[group.id] };
  if (clamped > 0) counts[itemId] = clamped;
  else delete counts[itemId];
  return withGroup(selection, group.id, counts);
}

/**
 * A tap on an item of a single-choice group (maxCount 1): choosing replaces the previous choice; tapping the
 * chosen item again clears it only when the group is optional (minCount 0), so a required choice stays made.
 */
export function toggleSingle(
  selection: ModifierSelection,
  group: ModifierGroup,
  itemId: number,
): ModifierSelection {
  if (!group.items.some((item) => item.id === itemId)) return selection;
  if (selectedItemCount(selection, group.id, itemId) > 0) {
    return group.minCount > 0 ? selection : withGroup(selection, group.id, {});
  }
  return withGroup(selection, group.id, { [itemId]: 1 });
}

/** The groups whose choice is not yet acceptable: fewer than minCount or more than maxCount items. */
export function selectionProblems(
  groups: readonly ModifierGroup[],
  selection: ModifierSelection,
): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  for (const group of groups) {
    const total = groupTotal(group, selection);
    const { minCount, maxCount } = group;
    if (total < minCount) problems.push({ groupId: group.id, kind: 'too-few', minCount, maxCount });
    else if (total > maxCount) problems.push({ groupId: group.id, kind: 'too-many', minCount, maxCount });
  }
  return problems;
}

/** The chosen items with their groups, in group order then item order. */
function chosen(groups: readonly ModifierGroup[], selection: ModifierSelection) {
  return groups.flatMap((group) =>
    group.items
      .map((item) => ({ group, item, count: selectedItemCount(selection, group.id, item.id) }))
      .filter((entry) => entry.count > 0),
  );
}

/** The price of one position with the chosen items: base + Σ item price × count. */
export function selectionPrice(
  basePrice: Minor,
  groups: readonly ModifierGroup[],
  selection: ModifierSelection,
): Minor {
  return minor(
    chosen(groups, selection).reduce<number>((sum, { item, count }) => sum + item.price * count, basePrice),
  );
}

/**
 * The selection as cart modifiers: id is the item id, modifierId the group's `modifierId`; sorted by modifier
 * id then item id (stably) so equal choices compare equal.
 */
export function selectionToCartModifiers(
  groups: readonly ModifierGroup[],
  selection: ModifierSelection,
): CartModifier[] {
  return chosen(groups, selection)
    .map(({ group, item, count }) => ({
      id: item.id,
      modifierId: group.modifierId,
      count,
      price: item.price,
    }))
    .sort(compareCartModifiers);
}
