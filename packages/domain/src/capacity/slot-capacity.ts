/**
 * Cooking within capacity (decision 56): a restaurant caps the orders of each method per 15-minute slot, and
 * staff (or the board itself, when too many orders wait unaccepted) add minutes to every promised time.
 */

/** Capacity is counted per slot of this many minutes, on the epoch's grid (every offset in use is whole quarters). */
export const CAPACITY_SLOT_MINUTES = 15;
const SLOT_MS = CAPACITY_SLOT_MINUTES * 60_000;

/** The most orders a slot may be set to hold. */
export const SLOT_CAPACITY_MAX = 1000;

/** 'Busy' grown up: the minutes staff may add to every promised time. */
export const DELAY_MINUTES = [15, 30, 60] as const;
export type DelayMinutes = (typeof DELAY_MINUTES)[number];
/** A delay set by staff lasts this long unless they clear it first. */
export const DELAY_HOURS = 3;
/** The automatic delay: on when more than this many orders wait unaccepted (the restaurant's threshold). */
export const AUTO_DELAY_THRESHOLD_MAX = 100;

/** The start of the slot holding `ms`. */
export function slotStartMs(ms: number): number {
  return Math.floor(ms / SLOT_MS) * SLOT_MS;
}

/** Orders already counted per slot start (epoch ms). */
export type SlotLoads = ReadonlyMap<number, number>;

export function slotHasRoom(loads: SlotLoads, capacity: number | null, slotMs: number): boolean {
  return capacity === null || (loads.get(slotStartMs(slotMs)) ?? 0) < capacity;
}

/**
 * The first moment at or after `fromMs` whose slot has room: `fromMs` itself when its slot has room, else the
 * start of the first later slot that has; null when none has before `untilMs` (exclusive). No cap: `fromMs`.
 */
export function firstTimeWithRoom(
  loads: SlotLoads,
  capacity: number | null,
  fromMs: number,
  untilMs: number,
): number | null {
  if (capacity === null) return fromMs;
  if (slotHasRoom(loads, capacity, fromMs)) return fromMs;
  for (let slot = slotStartMs(fromMs) + SLOT_MS; slot < untilMs; slot += SLOT_MS)
    if (slotHasRoom(loads, capacity, slot)) return slot;
  return null;
}

/** The slots (starts, epoch ms) in [fromMs, untilMs) that are full. */
export function fullSlots(
  loads: SlotLoads,
  capacity: number | null,
  fromMs: number,
  untilMs: number,
): number[] {
  if (capacity === null) return [];
  return [...loads.entries()]
    .filter(([slot, taken]) => slot >= slotStartMs(fromMs) && slot < untilMs && taken >= capacity)
    .map(([slot]) => slot)
    .sort((a, b) => a - b);
}
