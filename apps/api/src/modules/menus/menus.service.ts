import type { Position, PositionGroup, PositionModifiers, TimeSlot } from '@storefront/domain/contracts';
import { UNGROUPED_GROUP_ID } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot, SnapshotMenu } from '../catalog/index.ts';
import { getResto } from '../restos/index.ts';

function getMenu(snapshot: CatalogSnapshot, menuId: number): SnapshotMenu {
  const menu = snapshot.menus.get(menuId);
  if (!menu) throw new ApiError(404, 'menu.not-found', 'id');
  return menu;
}

/** Groups in their order; the synthetic 'Прочее' group (order 999999) comes last by construction. */
export function positionGroups(snapshot: CatalogSnapshot, menuId: number): PositionGroup[] {
  return [...getMenu(snapshot, menuId).groups].sort((a, b) => a.order - b.order || a.id - b.id);
}

export function menuPositions(snapshot: CatalogSnapshot, menuId: number, groupId?: number): Position[] {
  const menu = getMenu(snapshot, menuId);
  if (groupId === undefined) return menu.positions;
  if (!menu.groups.some((g) => g.id === groupId))
    throw new ApiError(404, 'position-group.not-found', 'groupId');
  return menu.positions.filter((p) => (p.positionGroup?.id ?? UNGROUPED_GROUP_ID) === groupId);
}

function positionIdsOfResto(snapshot: CatalogSnapshot, restoId: number): Set<number> {
  const resto = getResto(snapshot, restoId, 'restoId');
  return new Set(resto.menus.flatMap((m) => snapshot.menus.get(m.id)?.positions.map((p) => p.id) ?? []));
}

/** Modifier groups of every dish the restaurant sells, dishes without modifiers left out. */
export function restoModifiers(snapshot: CatalogSnapshot, restoId: number): PositionModifiers[] {
  return [...positionIdsOfResto(snapshot, restoId)]
    .map((positionId) => snapshot.modifiersByPosition.get(positionId))
    .filter((entry) => entry !== undefined);
}

/** Time slots that concern the restaurant's dishes, each listing only those dishes. */
export function restoTimeSlots(snapshot: CatalogSnapshot, restoId: number): TimeSlot[] {
  const sold = positionIdsOfResto(snapshot, restoId);
  return snapshot.timeSlots
    .map(({ whiteLabelId: _wl, ...slot }) => ({
      ...slot,
      positionIds: slot.positionIds.filter((id) => sold.has(id)),
    }))
    .filter((slot) => slot.positionIds.length > 0);
}
