import { type Locale, type LocalizedText, MEASURE_UNITS, pickText } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import {
  type Guard,
  isFiniteNumber,
  isString,
  nullable,
  oneOf,
  shape,
  textUpTo,
} from '../../shared/storage/stored-value-guards.ts';

/**
 * How a cart line's dish looked in the catalog when the cart last saw it there: its name in every language the
 * brand wrote, its main photo and its weight. The line keeps it because a dish can leave the menu (hidden in
 * the back office, docs/backoffice.md) while it is in a cart, and the customer must still be told which dish it was.
 */
export interface CartLineLabel {
  name: LocalizedText;
  /** The main photo's URL; null: the dish had none. */
  photo: string | null;
  measure: Position['measure'];
}

/** The contract's longest dish name (a preflight line's `name`). */
const NAME_MAX = 500;
/** Generous for a media URL; a longer stored one is not ours. */
const PHOTO_MAX = 2_000;

const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || guard(value);

const isPositiveNumber: Guard<number> = (value): value is number => isFiniteNumber(value) && value > 0;

export const isCartLineLabel: Guard<CartLineLabel> = shape<CartLineLabel>({
  name: shape<LocalizedText>({ ru: textUpTo(NAME_MAX), en: optional(textUpTo(NAME_MAX)) }),
  photo: nullable(textUpTo(PHOTO_MAX)),
  measure: nullable(shape({ value: isPositiveNumber, unit: oneOf(MEASURE_UNITS) })),
});

/** The label of a dish as the catalog gives it now. */
export function labelOf(position: Position): CartLineLabel {
  return {
    // Only the languages the storefront speaks: a stored label stays as small as it can.
    name: { ru: position.name.ru, ...(isString(position.name.en) ? { en: position.name.en } : {}) },
    photo: position.photos[0] ?? null,
    measure: position.measure ? { value: position.measure.value, unit: position.measure.unit } : null,
  };
}

export function sameLabel(a: CartLineLabel | undefined, b: CartLineLabel): boolean {
  return (
    !!a &&
    a.name.ru === b.name.ru &&
    a.name.en === b.name.en &&
    a.photo === b.photo &&
    a.measure?.value === b.measure?.value &&
    a.measure?.unit === b.measure?.unit
  );
}

/**
 * What a cart line is shown as: the dish as the catalog has it now (a renamed dish shows its new name), else as
 * the line remembers it (a dish that left the menu), else nothing known (a cart stored before lines
 * remembered their dish): the caller's 'Блюдо №7'.
 */
export function shownDish(
  catalog: Position | undefined,
  label: CartLineLabel | undefined,
  locale: Locale,
): { name: string | null; photo: string | null } {
  if (catalog) return { name: pickText(catalog.name, locale), photo: catalog.photos[0] ?? null };
  if (label) return { name: pickText(label.name, locale), photo: label.photo };
  return { name: null, photo: null };
}
