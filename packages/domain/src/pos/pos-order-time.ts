import { parseTimezoneOffset } from '../schedule/schedule.ts';

/**
 * When the POS must have a pre-order ready (iiko's completeBefore): 'yyyy-MM-dd HH:mm:ss.fff' on the
 * terminal's wall clock, with no zone (iiko reads it as the terminal's local time). The terminal group's IANA
 * zone when the POS gives one we know; else the restaurant's own offset ('+05:00'): the terminal stands in it.
 */
export function posCompleteBefore(utcMs: number, terminalZone: string | null, restoOffset: string): string {
  const zoned = terminalZone ? wallClockIn(utcMs, terminalZone) : null;
  const local = zoned ?? new Date(utcMs + parseTimezoneOffset(restoOffset) * 60_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.` +
    pad(local.getUTCMilliseconds(), 3)
  );
}

/** The instant's wall clock in an IANA zone, as a Date whose UTC fields read it; null for a zone unknown here. */
function wallClockIn(utcMs: number, zone: string): Date | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(utcMs));
  } catch {
    // iiko may name a zone the Windows way ('Russian Standard Time'): the restaurant's offset then.
    return null;
  }
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(
    Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
      ((utcMs % 1000) + 1000) % 1000,
    ),
  );
}

/** First wait before the POS is asked again after a failure or while its creation is in progress. */
export const POS_RETRY_FIRST_MS = 15_000;
/** The longest wait between two tries: a terminal back online is found within this. */
export const POS_RETRY_MAX_MS = 5 * 60_000;

/** The wait before try number `attempts + 1`: 15 s doubling, at most 5 minutes. */
export function posRetryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(POS_RETRY_FIRST_MS * 2 ** doublings, POS_RETRY_MAX_MS);
}
