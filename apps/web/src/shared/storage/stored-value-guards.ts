/**
 * Checks for values read back from local storage, which may be stale, hand-edited or from an older
 * version. A few type guards cover every stored shape; a validation library would cost the first
 * visit more than its budget allows (decision 7).
 */
export type Guard<T> = (value: unknown) => value is T;

export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

export const isString: Guard<string> = (value): value is string => typeof value === 'string';

export const isPositiveInt: Guard<number> = (value): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export const isNonNegativeInt: Guard<number> = (value): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export const isFiniteNumber: Guard<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function oneOf<T extends string>(values: readonly T[]): Guard<T> {
  return (value): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
}

export function textUpTo(max: number): Guard<string> {
  return (value): value is string => typeof value === 'string' && value.length <= max;
}

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}

export function shape<T extends object>(guards: { [K in keyof T]: Guard<T[K]> }): Guard<T> {
  return (value): value is T =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(guards).every(([key, guard]) =>
      (guard as Guard<unknown>)((value as Record<string, unknown>)[key]),
    );
}
