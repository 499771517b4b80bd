import { formatMoney, type Locale, type Minor, pickText } from '@storefront/domain';
import type { AdminMenuFileImportResult } from '@storefront/domain/contracts';
import type { TFunction } from 'i18next';

/**
 * How the tab words what the API answers by path and key: an error's place in the file (menus.0.dishes.3.price,
 * row 4.price) as "Меню «Основное» → блюдо 4 → цена", a diff's rows by their names, its values as a person reads
 * them (rubles, yes/no, names in both languages).
 */

type Texts = TFunction<'menuFile'>;
type Diff = AdminMenuFileImportResult['diff'];
export type RowKind = Diff['added'][number]['kind'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isLocalized = (value: unknown): value is { ru: string; en?: string } =>
  isRecord(value) && typeof value.ru === 'string';

/** A row's name in the interface language: its {ru, en} name, a time slot's plain name, else nothing. */
function nameOf(row: unknown, locale: Locale): string | null {
  if (!isRecord(row)) return null;
  if (isLocalized(row.name)) return pickText(row.name, locale);
  return typeof row.name === 'string' && row.name !== '' ? row.name : null;
}

/** The lists whose items the path names ("блюдо 4"), and those whose items have names ("блюдо «Филадельфия»"). */
const ITEM_LISTS = new Set([
  'menus',
  'groups',
  'dishes',
  'modifiers',
  'items',
  'timeSlots',
  'details',
  'photos',
  'restaurants',
  'tags',
]);
const NAMED_LISTS = new Set(['menus', 'groups', 'dishes', 'modifiers', 'items', 'timeSlots']);

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * An error's `field` in words: each list item by its name when the file (parsed, when it is JSON) has one, else
 * by its number from 1; a CSV problem as its row and column. Parts it has no words for stay as the file spells
 * them. The raw path is shown beside it, for finding the place in an editor.
 */
export function readablePath(field: string, t: Texts, locale: Locale, file?: unknown): string {
  if (field === '(root)' || field === '') return capitalized(t('seg_root'));
  const row = /^row (\d+)(?:\.(.+))?$/.exec(field);
  if (row) {
    const column = row[2];
    const parts = [t('seg_row', { n: Number(row[1]) })];
    if (column) parts.push(t(`seg_${column}`, { defaultValue: column }));
    return capitalized(parts.join(' → '));
  }
  const segments = field.split('.');
  const words: string[] = [];
  let node: unknown = file;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] ?? '';
    const next = segments[index + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      // A list and its item: one part, "блюдо 4" rather than "блюда → 4".
      const position = Number(next);
      const list = isRecord(node) ? node[segment] : undefined;
      const item = Array.isArray(list) ? list[position] : undefined;
      const name = NAMED_LISTS.has(segment) ? nameOf(item, locale) : null;
      words.push(
        name
          ? t(`named_${segment}`, { name })
          : ITEM_LISTS.has(segment)
            ? t(`item_${segment}`, { n: position + 1 })
            : `${t(`seg_${segment}`, { defaultValue: segment })} ${t('item_other', { n: position + 1 })}`,
      );
      node = item;
      index += 1;
      continue;
    }
    words.push(
      /^\d+$/.test(segment) ? t('item_other', { n: Number(segment) + 1 }) : segmentWords(segment, t),
    );
    node = isRecord(node) ? node[segment] : undefined;
  }
  return capitalized(words.join(' → '));
}

function segmentWords(segment: string, t: Texts): string {
  return t(`seg_${segment}`, { defaultValue: segment });
}

/** A diff's field in words ("Цена"), as the file spells it when there are none. */
export function fieldWords(field: string, t: Texts): string {
  return capitalized(segmentWords(field, t));
}

/** The names of a file's rows by `${kind}:${key}` (the diff's row ids), in the interface language. */
export function rowNames(file: unknown, locale: Locale): Map<string, string> {
  const names = new Map<string, string>();
  if (!isRecord(file)) return names;
  const put = (kind: RowKind, row: unknown, key: unknown = isRecord(row) ? row.key : undefined) => {
    const name = nameOf(row, locale);
    if (name && typeof key === 'string') names.set(`${kind}:${key}`, name);
  };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  for (const menu of list(file.menus)) {
    put('menu', menu);
    if (!isRecord(menu)) continue;
    for (const group of list(menu.groups)) put('group', group);
    for (const dish of list(menu.dishes)) put('dish', dish);
  }
  for (const modifier of list(file.modifiers)) {
    put('modifier', modifier);
    if (!isRecord(modifier)) continue;
    for (const item of list(modifier.items))
      put('modifier-item', item, isRecord(item) ? `${String(modifier.key)}/${String(item.key)}` : undefined);
  }
  for (const slot of list(file.timeSlots)) put('time-slot', slot);
  return names;
}

/** Monday = 1 … Sunday = 7 as the language's short day name (2024-01-01 was a Monday). */
function dayName(day: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** One item of a list value: a dish's modifier (sauce 0–2), a slot's day (Mon 12:00–16:00), else as it is. */
function listItemWords(item: unknown, locale: Locale, t: Texts): string {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (isRecord(item) && typeof item.modifier === 'string')
    return `${item.modifier} ${String(item.min)}–${String(item.max)}`;
  if (isRecord(item) && typeof item.dayOfWeek === 'number') {
    const hours = `${dayName(item.dayOfWeek, locale)} ${String(item.startAt)}–${String(item.endAt)}`;
    return item.isActive === false ? `${hours} (${t('seg_isActive')}: ${t('no')})` : hours;
  }
  return JSON.stringify(item);
}

/** A diff's value before or after in words: money in rubles, yes/no, names in both languages, lists. */
export function valueWords(field: string, value: unknown, locale: Locale, t: Texts): string {
  if (value === null || value === undefined || value === '') return t('none');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number')
    return field === 'price' ? formatMoney(value as Minor, 'RUB', locale) : String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length === 0 ? t('none') : value.map((item) => listItemWords(item, locale, t)).join(', ');
  if (isLocalized(value)) return value.en ? `${value.ru} / ${value.en}` : value.ru;
  if (isRecord(value) && typeof value.value === 'number' && typeof value.unit === 'string')
    return `${value.value} ${value.unit}`;
  if (isRecord(value) && Object.values(value).every((flag) => typeof flag === 'boolean')) {
    const on = Object.entries(value).filter(([, flag]) => flag);
    return on.length === 0 ? t('none') : on.map(([flag]) => segmentWords(flag, t)).join(', ');
  }
  return JSON.stringify(value);
}

/** How many rows a diff changes (added, changed, hidden). */
export const rowCount = (diff: Diff) => diff.counts.added + diff.counts.changed + diff.counts.hidden;

/** A file's size as the language writes it: 820 КБ, 1,2 МБ, 100 MB. */
export function sizeWords(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}
