import { modifierCountsProblem } from '@storefront/domain';
import type { AdminModifierGroup } from '@storefront/domain/contracts';

/**
 * The modifier group's form model (decision 16): strings as typed, checked by the domain's rules (admin/menu-rules.ts,
 * the same the API answers 422 with) before sending, turned into the API's body.
 */

export interface ModifierItemValues {
  /** A stable key for the list (drag and drop, React); the item's id when it has one. */
  key: string;
  id?: number;
  nameRu: string;
  nameEn: string;
  /** Rubles as typed: '349' or '349,50'. */
  price: string;
}

export interface ModifierGroupValues {
  nameRu: string;
  nameEn: string;
  nameUiRu: string;
  nameUiEn: string;
  minCount: string;
  maxCount: string;
  items: ModifierItemValues[];
  positionIds: number[];
}

/**
 * The contract's limits (contracts/admin-menus.ts MODIFIER_COUNT_MAX, MODIFIER_ITEMS_MAX; DISH_PRICE_MAX), copied:
 * the browser imports no zod contract at run time (decision 7).
 */
const MODIFIER_COUNT_MAX = 100;
const MODIFIER_ITEMS_MAX = 100;
const PRICE_MAX = 100_000_000;
const NAME_MAX = 200;

/** Rubles typed by a person to kopecks: '349', '349,5', '349.50', '1 250'; null for anything else. */
export function parseRubles(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\s*₽$/u, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return kopecks <= PRICE_MAX ? kopecks : null;
}

/** Kopecks as a person types rubles: 34950 → '349,50', 34900 → '349'. */
export function rublesText(kopecks: number): string {
  const rubles = Math.trunc(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(rubles) : `${rubles},${String(rest).padStart(2, '0')}`;
}

function countOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MODIFIER_COUNT_MAX ? value : null;
}

let nextKey = 0;
export const newItemKey = () => `new-${++nextKey}`;

export function groupValues(group: AdminModifierGroup | null): ModifierGroupValues {
  if (!group)
    return {
      nameRu: '',
      nameEn: '',
      nameUiRu: '',
      nameUiEn: '',
      minCount: '0',
      maxCount: '1',
      items: [],
      positionIds: [],
    };
  return {
    nameRu: group.name.ru,
    nameEn: group.name.en ?? '',
    nameUiRu: group.nameUi.ru,
    nameUiEn: group.nameUi.en ?? '',
    minCount: String(group.minCount),
    maxCount: String(group.maxCount),
    items: [...group.items]
      .sort((a, b) => a.order - b.order)
      .map((item) => ({
        key: `item-${item.id}`,
        id: item.id,
        nameRu: item.name.ru,
        nameEn: item.name.en ?? '',
        price: rublesText(item.price),
      })),
    positionIds: [...group.positionIds],
  };
}

/**
 * Each wrong field's issue code, by its path ('items.2.price'): names required and not too long, counts whole numbers
 * 0–100, prices rubles, then the domain's counts rule (max ≥ 1, min ≤ max, min ≤ items) on the field it names.
 */
export function modifierGroupIssues(values: ModifierGroupValues): Record<string, string> {
  const issues: Record<string, string> = {};
  const name = (path: string, text: string, required: boolean) => {
    if (required && !text.trim()) issues[path] = 'required';
    else if (text.trim().length > NAME_MAX) issues[path] = 'maxLength';
  };
  name('nameRu', values.nameRu, true);
  name('nameEn', values.nameEn, false);
  name('nameUiRu', values.nameUiRu, false);
  name('nameUiEn', values.nameUiEn, false);
  if (values.items.length > MODIFIER_ITEMS_MAX) issues.items = 'maxLength';
  values.items.forEach((item, index) => {
    name(`items.${index}.nameRu`, item.nameRu, true);
    name(`items.${index}.nameEn`, item.nameEn, false);
    if (parseRubles(item.price) === null) issues[`items.${index}.price`] = 'modifier.price-invalid';
  });
  const minCount = countOf(values.minCount);
  const maxCount = countOf(values.maxCount);
  if (minCount === null) issues.minCount = 'integer';
  if (maxCount === null) issues.maxCount = 'integer';
  if (minCount !== null && maxCount !== null) {
    const problem = modifierCountsProblem({ minCount, maxCount, itemCount: values.items.length });
    if (problem) issues[problem.field] = problem.code;
  }
  return issues;
}

const localized = (ru: string, en: string) =>
  en.trim() ? { ru: ru.trim(), en: en.trim() } : { ru: ru.trim() };

/** The POST / PATCH body of checked values: kopecks, whole lists (items in their order, the dishes). */
export function modifierGroupBody(values: ModifierGroupValues) {
  return {
    name: localized(values.nameRu, values.nameEn),
    ...(values.nameUiRu.trim() ? { nameUi: localized(values.nameUiRu, values.nameUiEn) } : {}),
    minCount: Number(values.minCount.trim()),
    maxCount: Number(values.maxCount.trim()),
    items: values.items.map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      name: localized(item.nameRu, item.nameEn),
      price: parseRubles(item.price) ?? 0,
    })),
    positionIds: values.positionIds,
  };
}
