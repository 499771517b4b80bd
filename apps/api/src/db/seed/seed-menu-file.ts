import type { MenuFile } from '@storefront/domain';
import { keyOf, type MenuFileSeedOptions } from '../../modules/admin/admin-menu-file.ts';
import type { BrandSeed } from './seed-schema.ts';

/** A row's key in the file made from a seed: the one the export gives a row without a stored key (`dish-12`). */
const key = (prefix: string, id: number) => keyOf(prefix, { id, key: null });

type RowKind = Parameters<NonNullable<MenuFileSeedOptions['idOf']>>[0];
/** A row as idOf is asked about it: its kind and key (`dish:dish-12`). */
const slot = (kind: RowKind, rowKey: string) => `${kind}:${rowKey}`;

/**
 * The menu part of a brand's seed (menus with their restaurants, groups, dishes and their tags, modifier groups with
 * their items and attachments, time slots) as a menu file, for the import to write (decision 47: the demo's seed goes
 * through the same path as a chain's file). Each row's key is the one the export would give it (`menu-1`,
 * `group-3`, `dish-12`, `modifier-2`, `item-5`, `slot-1`), so exporting the seeded demo and importing it back
 * changes nothing. The file has no ids: `idOf` answers the seed's, for the apply to give the rows it creates.
 * Attachments have none in the seed: `attachmentIds` are theirs, in the order of seed.modifiers.attachments.
 */
export function seedMenuFile(
  seed: BrandSeed,
  attachmentIds: readonly number[],
): { file: MenuFile; idOf: NonNullable<MenuFileSeedOptions['idOf']> } {
  const ids = new Map<string, number>();
  seed.modifiers.attachments.forEach((link, index) => {
    const id = attachmentIds[index];
    if (id !== undefined)
      ids.set(slot('attachment', `${key('dish', link.positionId)}/${key('modifier', link.modifierId)}`), id);
  });
  const modifiers: MenuFile['modifiers'] = seed.modifiers.modifiers.map((modifier) => {
    const modifierKey = key('modifier', modifier.id);
    ids.set(slot('modifier', modifierKey), modifier.id);
    return {
      key: modifierKey,
      name: modifier.name,
      nameUi: modifier.nameUi,
      items: modifier.items.map((item) => {
        const itemKey = key('item', item.id);
        ids.set(slot('modifier-item', `${modifierKey}/${itemKey}`), item.id);
        return { key: itemKey, name: item.name, price: item.price, order: item.order };
      }),
    };
  });
  const menus: MenuFile['menus'] = seed.menus.map((menu) => {
    const menuKey = key('menu', menu.id);
    ids.set(slot('menu', menuKey), menu.id);
    return {
      key: menuKey,
      name: menu.name,
      order: menu.order,
      methods: menu.methods,
      // As the export lists them: by id, each by its order code.
      restaurants: seed.restos
        .filter((resto) => resto.menuIds.includes(menu.id))
        .sort((a, b) => a.id - b.id)
        .map((resto) => resto.orderCode),
      groups: menu.groups.map((group) => {
        const groupKey = key('group', group.id);
        ids.set(slot('group', groupKey), group.id);
        return { key: groupKey, name: group.name, order: group.order, photos: group.photos, published: true };
      }),
      dishes: menu.positions.map((position) => {
        const dishKey = key('dish', position.id);
        ids.set(slot('dish', dishKey), position.id);
        return {
          key: dishKey,
          // A group of another menu (or none) is named all the same: the import's check refuses it.
          group: position.groupId === null ? null : key('group', position.groupId),
          name: position.name,
          description: position.description,
          price: position.price,
          measure: position.measure,
          // In the seed's order, not sorted as the export does (the diff ignores their order): the catalog lists a
          // dish's tags as they were written, and the demo's answers stay as they were.
          tags: position.tags,
          photos: position.photos,
          isAdult: position.isAdult,
          published: true,
          order: position.order,
          modifiers: seed.modifiers.attachments
            .filter((link) => link.positionId === position.id)
            .map((link) => ({
              modifier: key('modifier', link.modifierId),
              min: link.minCount,
              max: link.maxCount,
              order: link.order,
            })),
        };
      }),
    };
  });
  const timeSlots: MenuFile['timeSlots'] = seed.timeSlots.map((timeSlot) => {
    const slotKey = key('slot', timeSlot.id);
    ids.set(slot('time-slot', slotKey), timeSlot.id);
    return {
      key: slotKey,
      name: timeSlot.name,
      details: timeSlot.details.map((d) => ({
        ...d,
        dayOfWeek: d.dayOfWeek as MenuFile['timeSlots'][number]['details'][number]['dayOfWeek'],
      })),
      dishes: timeSlot.positionIds.map((id) => key('dish', id)),
    };
  });
  return {
    file: { schemaVersion: 1, modifiers, menus, timeSlots },
    idOf: (kind, rowKey) => ids.get(slot(kind, rowKey)),
  };
}
