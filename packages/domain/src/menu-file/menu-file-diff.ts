import type { MenuFile } from './menu-file-schema.ts';

/**
 * What importing a menu file would change (decision 47), as a pure comparison of today's menu (exported as a
 * file) with the file: rows added, rows changed field by field, and published groups and dishes the file leaves
 * out, which the import hides (never deletes: past orders keep their lines). Menus, modifier groups and time
 * slots the file leaves out stay as they are. Each row is compared without its children (a menu without its
 * dishes), so a changed price is one change of one dish.
 */

export const MENU_FILE_ROW_KINDS = [
  'menu',
  'group',
  'dish',
  'modifier',
  'modifier-item',
  'time-slot',
] as const;
export type MenuFileRowKind = (typeof MENU_FILE_ROW_KINDS)[number];

export interface MenuFileFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface MenuFileDiff {
  counts: { added: number; changed: number; hidden: number };
  added: { kind: MenuFileRowKind; key: string }[];
  changed: { kind: MenuFileRowKind; key: string; fields: MenuFileFieldChange[] }[];
  hidden: { kind: 'group' | 'dish'; key: string }[];
}

type Row = Record<string, unknown>;

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function omit(row: Row, fields: readonly string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([field]) => !fields.includes(field)));
}

/** Every row of a file by kind and key, each without its children; dishes and groups carry their menu's key. */
export function rowsOfMenuFile(
  file: MenuFile,
): Map<string, { kind: MenuFileRowKind; key: string; row: Row }> {
  const rows = new Map<string, { kind: MenuFileRowKind; key: string; row: Row }>();
  const put = (kind: MenuFileRowKind, key: string, row: Row) =>
    rows.set(`${kind}:${key}`, { kind, key, row });
  for (const menu of file.menus) {
    put('menu', menu.key, {
      ...omit(menu, ['groups', 'dishes', 'restaurants']),
      restaurants: [...menu.restaurants].map(String).sort(),
    });
    for (const group of menu.groups) put('group', group.key, { ...group, menu: menu.key });
    for (const dish of menu.dishes)
      put('dish', dish.key, {
        ...dish,
        menu: menu.key,
        tags: [...dish.tags].sort(),
        modifiers: [...dish.modifiers].sort((a, b) => (a.modifier < b.modifier ? -1 : 1)),
      });
  }
  for (const modifier of file.modifiers) {
    put('modifier', modifier.key, omit(modifier, ['items']));
    for (const item of modifier.items)
      put('modifier-item', `${modifier.key}/${item.key}`, { ...item, modifier: modifier.key });
  }
  for (const slot of file.timeSlots)
    put('time-slot', slot.key, {
      ...slot,
      details: [...slot.details].sort((a, b) => a.dayOfWeek - b.dayOfWeek),
      dishes: [...slot.dishes].sort(),
    });
  return rows;
}

export function diffMenuFile(today: MenuFile, file: MenuFile): MenuFileDiff {
  const before = rowsOfMenuFile(today);
  const after = rowsOfMenuFile(file);
  const diff: MenuFileDiff = {
    counts: { added: 0, changed: 0, hidden: 0 },
    added: [],
    changed: [],
    hidden: [],
  };
  for (const [id, { kind, key, row }] of after) {
    const old = before.get(id);
    if (!old) {
      diff.added.push({ kind, key });
      continue;
    }
    const fields: MenuFileFieldChange[] = [];
    for (const field of new Set([...Object.keys(old.row), ...Object.keys(row)])) {
      if (field === 'key') continue;
      if (canonicalJson(old.row[field]) !== canonicalJson(row[field]))
        fields.push({ field, before: old.row[field] ?? null, after: row[field] ?? null });
    }
    if (fields.length > 0) diff.changed.push({ kind, key, fields });
  }
  for (const [id, { kind, key, row }] of before) {
    if (after.has(id) || (kind !== 'group' && kind !== 'dish')) continue;
    if (row.published === true) diff.hidden.push({ kind, key });
  }
  diff.counts = { added: diff.added.length, changed: diff.changed.length, hidden: diff.hidden.length };
  return diff;
}

/** Whether the diff changes nothing. */
export function isEmptyDiff(diff: MenuFileDiff): boolean {
  return diff.counts.added + diff.counts.changed + diff.counts.hidden === 0;
}
