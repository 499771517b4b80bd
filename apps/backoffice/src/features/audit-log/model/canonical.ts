/** JSON with object keys sorted, so two states compare equal whatever order their keys came in. */
export function canonicalJsonOf(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, part: unknown) =>
    typeof part === 'object' && part !== null && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : part,
  );
}
