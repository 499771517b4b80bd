/**
 * Dates typed in the back office are on the brand's wall clock (an offset such as '+03:00', its first restaurant's),
 * whatever the browser's own zone: a manager in another city still means Moscow's 00:00. A `datetime-local` input's
 * value ('2026-12-31T23:59') and an instant (ISO) convert here.
 */

function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value on the wall clock; '' for none. */
export function wallClockInput(iso: string | null, offset: string): string {
  if (!iso) return '';
  const local = new Date(Date.parse(iso) + offsetMinutes(offset) * 60_000);
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** A `datetime-local` value on the wall clock as an instant with that offset ('2026-12-31T23:59:00+03:00'); null for ''. */
export function instantOfWallClock(value: string, offset: string): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]}T${match[2]}:00${offset}` : null;
}

/** An instant on the wall clock for reading: '31.12.2026 23:59'. */
export function wallClockText(iso: string | null, offset: string): string {
  const value = wallClockInput(iso, offset);
  if (!value) return '';
  const [date = '', time = ''] = value.split('T');
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y} ${time}`;
}

/** Kopecks as rubles for typing: 15000 → '150', 15050 → '150,50'. */
export function rublesInput(kopecks: number | null): string {
  if (kopecks === null) return '';
  const rubles = Math.trunc(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(rubles) : `${rubles},${two(rest)}`;
}

/** Typed rubles ('150', '150,5', '1 250.00') as kopecks; null for blank, NaN for what is not money. */
export function kopecksOfRubles(text: string): number | null {
  const clean = text.replace(/\s/g, '').replace(',', '.');
  if (clean === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}
