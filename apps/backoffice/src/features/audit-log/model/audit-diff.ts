import { canonicalJsonOf } from './canonical.ts';

/** One field an audit entry changed: its name (a nested one dotted: methods.isDelivery) and both values. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Objects whose parts are fields of their own in the diff (a menu's methods, an import's counts, the brand's theme,
 * features, defaults and client ids, a restaurant's link to the POS, the bonus program), so a colour change reads as the
 * colour alone.
 */
const SPREAD = new Set(['methods', 'counts', 'theme', 'features', 'defaults', 'clients', 'link', 'program']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function spread(state: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (SPREAD.has(key) && isPlainObject(value)) {
      for (const [part, partValue] of Object.entries(value)) flat[`${key}.${part}`] = partValue;
    } else if (SPREAD.has(key) && value === null) {
      // None of its parts (an unlinked restaurant): the other side's parts read as added or removed.
    } else flat[key] = value;
  }
  return flat;
}

/**
 * The fields an entry changed, in the order its `after` names them (then those only `before` has): equal values
 * (a dish's whole state is logged on every change) are left out, so a price change reads as the price alone.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const was = spread(before);
  const is = spread(after);
  const fields = [...new Set([...Object.keys(is), ...Object.keys(was)])];
  return fields
    .filter((field) => canonicalJsonOf(was[field]) !== canonicalJsonOf(is[field]))
    .map((field) => ({ field, before: was[field], after: is[field] }));
}

/**
 * The name an entry's row had (its `after`'s, else its `before`'s): a text, or a text per language. An entry whose
 * state holds none (a photo, a reorder, a reset) has the one the API kept beside it when it was written; an older
 * entry has neither and is shown by its number.
 */
export function entityNameOf(entry: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  summary?: { name?: unknown } | null;
}): unknown {
  const named = (state: Record<string, unknown>) =>
    state.name !== undefined && state.name !== '' ? state.name : state.login;
  return named(entry.after) ?? named(entry.before) ?? entry.summary?.name;
}
