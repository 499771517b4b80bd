/**
 * A period's distinct and repeat customers from the roll-ups' person lists (decision 57): every list holds a person
 * at most twice, twice when the person ordered twice or more in its day or month, so a person is a customer when
 * seen at all and a repeat customer when seen twice over all the lists. Counted in one pass over the ids' text with
 * a byte per person id: grouping millions of ids in the database was the slowest part of a year's report.
 */
export function countPersons(ids: string): { total: number; repeat: number } {
  let seen = new Uint8Array(1 << 16);
  let total = 0;
  let repeat = 0;
  let id = 0;
  let digits = 0;
  const count = () => {
    if (id >= seen.length) {
      let size = seen.length;
      while (size <= id) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(seen);
      seen = grown;
    }
    const times = seen[id] ?? 0;
    if (times === 0) total++;
    else if (times === 1) repeat++;
    if (times < 2) seen[id] = times + 1;
  };
  for (let i = 0; i < ids.length; i++) {
    const c = ids.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      id = id * 10 + (c - 48);
      digits++;
    } else if (digits > 0) {
      count();
      id = 0;
      digits = 0;
    }
  }
  if (digits > 0) count();
  return { total, repeat };
}
