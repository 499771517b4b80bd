import type { MenuFile } from './menu-file-schema.ts';

/**
 * The checks of a menu file that one row alone cannot make (decision 47): keys unique (menus, modifier groups and
 * time slots within the file; groups and dishes across the brand, as a dish may move between menus; items within
 * their modifier group), a dish's group in its own menu, its modifier groups named by the file, min ≤ max, a time
 * slot's days and dishes. Every problem is reported, each with its JSON path, so a file is fixed in one pass.
 */

export interface MenuFileProblem {
  /** JSON path in the file, e.g. ['menus', 0, 'dishes', 3, 'group']. */
  path: (string | number)[];
  message: { ru: string; en: string };
}

export function pathText(path: readonly (string | number)[]): string {
  return path.join('.');
}

function duplicates<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  where: (index: number) => (string | number)[],
  problems: MenuFileProblem[],
  seen = new Map<string, string>(),
) {
  rows.forEach((row, index) => {
    const key = keyOf(row);
    const path = where(index);
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({
        path,
        message: {
          ru: `ключ «${key}» уже занят (${first})`,
          en: `the key "${key}" is already used at ${first}`,
        },
      });
    else seen.set(key, pathText(path.slice(0, -1)));
  });
}

export function checkMenuFile(file: MenuFile): MenuFileProblem[] {
  const problems: MenuFileProblem[] = [];
  duplicates(
    file.menus,
    (m) => m.key,
    (i) => ['menus', i, 'key'],
    problems,
  );
  duplicates(
    file.modifiers,
    (m) => m.key,
    (i) => ['modifiers', i, 'key'],
    problems,
  );
  duplicates(
    file.timeSlots,
    (s) => s.key,
    (i) => ['timeSlots', i, 'key'],
    problems,
  );
  file.modifiers.forEach((modifier, m) => {
    duplicates(
      modifier.items,
      (item) => item.key,
      (i) => ['modifiers', m, 'items', i, 'key'],
      problems,
    );
  });
  const groupKeys = new Map<string, string>();
  const dishKeys = new Map<string, string>();
  const modifierKeys = new Set(file.modifiers.map((m) => m.key));
  file.menus.forEach((menu, m) => {
    duplicates(
      menu.groups,
      (g) => g.key,
      (i) => ['menus', m, 'groups', i, 'key'],
      problems,
      groupKeys,
    );
    duplicates(
      menu.dishes,
      (d) => d.key,
      (i) => ['menus', m, 'dishes', i, 'key'],
      problems,
      dishKeys,
    );
    const ownGroups = new Set(menu.groups.map((g) => g.key));
    const restaurants = new Set<string>();
    menu.restaurants.forEach((resto, r) => {
      if (restaurants.has(String(resto)))
        problems.push({
          path: ['menus', m, 'restaurants', r],
          message: { ru: 'ресторан указан дважды', en: 'the restaurant is listed twice' },
        });
      restaurants.add(String(resto));
    });
    menu.dishes.forEach((dish, d) => {
      if (dish.group !== null && !ownGroups.has(dish.group))
        problems.push({
          path: ['menus', m, 'dishes', d, 'group'],
          message: {
            ru: `в этом меню нет группы «${dish.group}»`,
            en: `this menu has no group "${dish.group}"`,
          },
        });
      const attached = new Set<string>();
      dish.modifiers.forEach((link, l) => {
        const path = ['menus', m, 'dishes', d, 'modifiers', l];
        if (!modifierKeys.has(link.modifier))
          problems.push({
            path: [...path, 'modifier'],
            message: {
              ru: `в файле нет группы модификаторов «${link.modifier}»`,
              en: `the file has no modifier group "${link.modifier}"`,
            },
          });
        if (attached.has(link.modifier))
          problems.push({
            path: [...path, 'modifier'],
            message: { ru: 'группа модификаторов указана дважды', en: 'the modifier group is listed twice' },
          });
        attached.add(link.modifier);
        if (link.min > link.max)
          problems.push({
            path: [...path, 'min'],
            message: { ru: 'min не может быть больше max', en: 'min must not exceed max' },
          });
      });
    });
  });
  file.timeSlots.forEach((slot, s) => {
    const days = new Set<number>();
    slot.details.forEach((detail, d) => {
      if (days.has(detail.dayOfWeek))
        problems.push({
          path: ['timeSlots', s, 'details', d, 'dayOfWeek'],
          message: { ru: 'этот день уже указан', en: 'this day is already listed' },
        });
      days.add(detail.dayOfWeek);
    });
    const listed = new Set<string>();
    slot.dishes.forEach((dish, d) => {
      if (!dishKeys.has(dish))
        problems.push({
          path: ['timeSlots', s, 'dishes', d],
          message: { ru: `в файле нет блюда «${dish}»`, en: `the file has no dish "${dish}"` },
        });
      if (listed.has(dish))
        problems.push({
          path: ['timeSlots', s, 'dishes', d],
          message: { ru: 'блюдо указано дважды', en: 'the dish is listed twice' },
        });
      listed.add(dish);
    });
  });
  return problems;
}
