import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A rule of `packages/domain` for a whole form: the issue code of each field that has one. */
export type FormCheck<Values extends FieldValues> = (
  values: Values,
) => Partial<Record<keyof Values & string, string>>;

/**
 * react-hook-form's resolver built from a domain check (decision 16): the rules stay in
 * `packages/domain`, where the API applies them too, and the browser needs neither zod nor
 * `@hookform/resolvers`. Each error's `type` is the domain's issue code (so is its `message`): the
 * form words it at render, in the interface language, so a language switch re-words a shown error.
 */
export function issuesResolver<Values extends FieldValues>(check: FormCheck<Values>): Resolver<Values> {
  return (values) => {
    const issues = Object.entries(check(values)).filter(([, issue]) => issue !== undefined);
    if (issues.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(issues.map(([name, issue]) => [name, { type: issue, message: issue }]));
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
