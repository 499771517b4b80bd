import { ApiError } from '../../shared/api-client.ts';

/** What the boot was fetching when it failed: the first part of the failed query's key. */
export type BootStep =
  | 'now'
  | 'cities'
  | 'location'
  | 'menu-groups'
  | 'menu-positions'
  | 'resto-promotions'
  | 'resto-modifiers'
  | 'resto-time-slots'
  | 'resto-working-hours';

/**
 * A fatal boot failure as the fatal screen words it (docs/product.md §8): the answer's own first error
 * message when it had one, else the step's fallback ('Failed to fetch UTC time', 'Menu groups not
 * found' …, worded in the interface language at render), and the HTTP status (null: no answer at all).
 */
export interface BootFailure {
  /** The text key (namespace `boot`) of the step's fallback. */
  fallback: BootFallbackKey;
  /** errors[0].message of the answer's JSON body: the API words it in the customer's language. */
  serverMessage: string | null;
  status: number | null;
}

export type BootFallbackKey =
  | 'clockFailed'
  | 'citiesFailed'
  | 'locationFailed'
  | 'menuGroupsFailed'
  | 'menuGroupsNotFound'
  | 'menuPositionsFailed'
  | 'menuPositionsNotFound'
  | 'promotionsFailed'
  | 'modifiersFailed'
  | 'timeSlotsFailed'
  | 'workingHoursFailed';

const FALLBACKS: Record<BootStep, BootFallbackKey> = {
  now: 'clockFailed',
  cities: 'citiesFailed',
  location: 'locationFailed',
  'menu-groups': 'menuGroupsFailed',
  'menu-positions': 'menuPositionsFailed',
  'resto-promotions': 'promotionsFailed',
  'resto-modifiers': 'modifiersFailed',
  'resto-time-slots': 'timeSlotsFailed',
  'resto-working-hours': 'workingHoursFailed',
};

/** The step a boot query's key belongs to; an unknown key counts as the location data. */
export function bootStepOf(queryKey: readonly unknown[]): BootStep {
  const head = queryKey[0];
  return typeof head === 'string' && head in FALLBACKS ? (head as BootStep) : 'location';
}

function firstErrorMessage(data: unknown): string | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors) ? (errors[0] as { message?: unknown } | undefined) : undefined;
  return typeof first?.message === 'string' && first.message.trim() ? first.message : null;
}

/**
 * docs/product.md §8: a menu fetch answered 404 says 'Menu groups not found' / 'Menu positions not
 * found'; otherwise (and for every other step) the answer's first error message, else the fallback.
 * A status text or a network error's English words never reach the screen: they are not in the
 * customer's language.
 */
export function bootFailure(step: BootStep, error: unknown): BootFailure {
  const status = error instanceof ApiError && error.status > 0 ? error.status : null;
  if (status === 404 && step === 'menu-groups')
    return { fallback: 'menuGroupsNotFound', serverMessage: null, status };
  if (status === 404 && step === 'menu-positions')
    return { fallback: 'menuPositionsNotFound', serverMessage: null, status };
  const serverMessage = error instanceof ApiError ? firstErrorMessage(error.data) : null;
  return { fallback: FALLBACKS[step], serverMessage, status };
}
