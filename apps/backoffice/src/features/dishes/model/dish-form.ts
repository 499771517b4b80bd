import { DISH_PRICE_MAX, MEASURE_UNITS, type Minor, parseRubles } from '@storefront/domain';
import {
  ADMIN_ORDER_MAX,
  DISH_DESCRIPTION_MAX,
  DISH_MEASURE_MAX,
  DISH_NAME_MAX,
} from '@storefront/domain/contracts';
import type { AdminDish, DishPatch } from './dishes-api.ts';

/**
 * The dish editor's form (decision 16: react-hook-form, the rules as a plain check). Inputs hold text; the check
 * names each wrong field's issue, and `patchOf` sends only what differs from the version the form was based on.
 */
export type MeasureUnit = (typeof MEASURE_UNITS)[number];
export const UNITS: readonly MeasureUnit[] = MEASURE_UNITS;

export interface DishFormValues {
  nameRu: string;
  nameEn: string;
  descriptionRu: string;
  descriptionEn: string;
  /** Rubles as typed: '349', '349,50'. */
  price: string;
  /** Empty: no weight shown. */
  measureValue: string;
  measureUnit: MeasureUnit;
  /** '' for no group. */
  groupId: string;
  /** The checked tags' ids, as the checkboxes give them. */
  tagIds: string[];
  isAdult: boolean;
  isPublished: boolean;
  order: string;
}

export type DishField = keyof DishFormValues;

/** The issue codes a field may have; the editor words them (dishes-texts' keys). */
export type DishIssue =
  | 'required'
  | 'name-too-long'
  | 'description-too-long'
  | 'price-invalid'
  | 'price-range'
  | 'weight-invalid'
  | 'order-invalid';

/** Kopecks as rubles to type: 34900 → '349', 34950 → '349,50'. */
export function rublesText(kopecks: number): string {
  const rubles = Math.trunc(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(rubles) : `${rubles},${String(rest).padStart(2, '0')}`;
}

/** A decimal as typed (a comma or a point), or null. */
export function parseDecimal(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function formOf(dish: AdminDish): DishFormValues {
  return {
    nameRu: dish.name.ru,
    nameEn: dish.name.en ?? '',
    descriptionRu: dish.description.ru,
    descriptionEn: dish.description.en ?? '',
    price: rublesText(dish.price),
    measureValue: dish.measure ? String(dish.measure.value).replace('.', ',') : '',
    measureUnit: dish.measure?.unit ?? 'g',
    groupId: dish.groupId === null ? '' : String(dish.groupId),
    tagIds: dish.tagIds.map(String),
    isAdult: dish.isAdult,
    isPublished: dish.isPublished,
    order: String(dish.order),
  };
}

export function checkDishForm(values: DishFormValues): Partial<Record<DishField, DishIssue>> {
  const issues: Partial<Record<DishField, DishIssue>> = {};
  if (!values.nameRu.trim()) issues.nameRu = 'required';
  else if ([...values.nameRu.trim()].length > DISH_NAME_MAX) issues.nameRu = 'name-too-long';
  if ([...values.nameEn.trim()].length > DISH_NAME_MAX) issues.nameEn = 'name-too-long';
  if ([...values.descriptionRu].length > DISH_DESCRIPTION_MAX) issues.descriptionRu = 'description-too-long';
  if ([...values.descriptionEn].length > DISH_DESCRIPTION_MAX) issues.descriptionEn = 'description-too-long';
  if (!values.price.trim()) issues.price = 'required';
  else {
    const price = parseRubles(values.price);
    if (price === null) issues.price = 'price-invalid';
    else if (price < 1 || price > DISH_PRICE_MAX) issues.price = 'price-range';
  }
  if (values.measureValue.trim()) {
    const value = parseDecimal(values.measureValue);
    if (value === null || value <= 0 || value > DISH_MEASURE_MAX) issues.measureValue = 'weight-invalid';
  }
  const order = values.order.trim();
  if (!/^\d{1,7}$/.test(order) || Number(order) > ADMIN_ORDER_MAX) issues.order = 'order-invalid';
  return issues;
}

/** The dish as the form's values would make it (the values already checked). */
export function dishOf(values: DishFormValues, base: AdminDish): AdminDish {
  const nameEn = values.nameEn.trim();
  const measureValue = values.measureValue.trim() ? parseDecimal(values.measureValue) : null;
  return {
    ...base,
    name: nameEn ? { ru: values.nameRu.trim(), en: nameEn } : { ru: values.nameRu.trim() },
    description: values.descriptionEn
      ? { ru: values.descriptionRu, en: values.descriptionEn }
      : { ru: values.descriptionRu },
    price: (parseRubles(values.price) ?? base.price) as Minor,
    measure: measureValue === null ? null : { value: measureValue, unit: values.measureUnit },
    groupId: values.groupId === '' ? null : Number(values.groupId),
    tagIds: values.tagIds.map(Number).sort((a, b) => a - b),
    isAdult: values.isAdult,
    isPublished: values.isPublished,
    order: Number(values.order.trim()),
  };
}

/** The API's fields of a dish, in the editor's order. */
export const DISH_API_FIELDS = [
  'name',
  'description',
  'price',
  'measure',
  'groupId',
  'tagIds',
  'isAdult',
  'isPublished',
  'order',
] as const;
export type DishApiField = (typeof DISH_API_FIELDS)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields where two versions of a dish differ. */
export function differingFields(a: AdminDish, b: AdminDish): DishApiField[] {
  return DISH_API_FIELDS.filter((field) => !same(a[field], b[field]));
}

/** What to PATCH: the fields the form changes against `base` (a name or description goes with both languages). */
export function patchOf(values: DishFormValues, base: AdminDish): DishPatch {
  const next = dishOf(values, base);
  const patch: DishPatch = {};
  for (const field of differingFields(next, base)) Object.assign(patch, { [field]: next[field] });
  return patch;
}

/** The form's field an API error's `field` path names (name.ru → nameRu); null when it names none of them. */
export function formFieldOf(path: string): DishField | null {
  const map: Record<string, DishField> = {
    name: 'nameRu',
    'name.ru': 'nameRu',
    'name.en': 'nameEn',
    description: 'descriptionRu',
    'description.ru': 'descriptionRu',
    'description.en': 'descriptionEn',
    price: 'price',
    measure: 'measureValue',
    'measure.value': 'measureValue',
    'measure.unit': 'measureUnit',
    groupId: 'groupId',
    tagIds: 'tagIds',
    isAdult: 'isAdult',
    isPublished: 'isPublished',
    order: 'order',
  };
  return map[path] ?? (path.startsWith('tagIds.') ? 'tagIds' : null);
}
