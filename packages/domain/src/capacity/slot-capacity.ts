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

/**
 * The next slot start after the slot holding `afterMs` that has room and that `allowed` accepts (a pre-order
 * slot the restaurant offers), before `untilMs` (exclusive); null when none. No cap: the next allowed slot.
 */
export function nextSlotWithRoom(
  loads: SlotLoads,
  capacity: number | null,
  afterMs: number,
  untilMs: number,
  allowed: (slotMs: number) => boolean = () => true,
): number | null {
  for (let slot = slotStartMs(afterMs) + SLOT_MS; slot < untilMs; slot += SLOT_MS)
    if (allowed(slot) && slotHasRoom(loads, capacity, slot)) return slot;
  return null;
}

/**
 * As soon as possible: the moment promised to an order that could be ready at `earliestMs` (now + cooking or
 * delivery time + extended cooking + the delay). `earliestMs` itself when its slot has room (no cap: always);
 * else the start of the first later slot with room while the restaurant is still open then (`openAt`), before
 * `untilMs`. Null: no slot with room is left before closing.
 */
export function asapPromiseMs(
  loads: SlotLoads,
  capacity: number | null,
  earliestMs: number,
  openAt: (ms: number) => boolean,
  untilMs: number,
): number | null {
  if (slotHasRoom(loads, capacity, earliestMs)) return earliestMs;
  for (let slot = slotStartMs(earliestMs) + SLOT_MS; slot < untilMs && openAt(slot); slot += SLOT_MS)
    if (slotHasRoom(loads, capacity, slot)) return slot;
  return null;
}

/** A restaurant's delay as stored: minutes, until when, and who set it. */
export interface RestoDelayState {
  extraMinutes: number;
  untilMs: number;
  source: 'staff' | 'auto';
}

/** The minutes added to promised times at `nowMs`: the delay's while it runs, else 0. */
export function delayMinutesAt(delay: RestoDelayState | null | undefined, nowMs: number): number {
  return delay && delay.untilMs > nowMs ? delay.extraMinutes : 0;
}

/**
 * The automatic delay's next step for a restaurant: 'set' when more than `threshold` orders wait unaccepted and
 * no delay of staff runs (staff's is never overwritten), 'clear' when an automatic one runs and the count fell to
 * the threshold, else 'keep'. No threshold: only an automatic delay left from before is cleared.
 */
export function autoDelayStep(
  waiting: number,
  threshold: number | null,
  current: RestoDelayState | null,
  nowMs: number,
): 'set' | 'clear' | 'keep' {
  const running = current && current.untilMs > nowMs ? current : null;
  if (running?.source === 'staff') return 'keep';
  const over = threshold !== null && waiting > threshold;
  if (over) return running ? 'keep' : 'set';
  return running?.source === 'auto' ? 'clear' : 'keep';
}

/**
 * What the database's conditional upsert does to a slot's count (`insert … on conflict do update set taken =
 * taken + 1 where taken < capacity`), as a pure step: the new count, or null when the slot is full (no row
 * back). PostgreSQL runs the upserts of one slot one after the other on its row lock, so any interleaving of
 * placements is a sequence of these steps.
 */
export function takePlace(taken: number, capacity: number | null): number | null {
  return capacity === null || taken < capacity ? taken + 1 : null;
}

/** Giving a place back (a declined or cancelled order): never below zero. */
export function givePlaceBack(taken: number): number {
  return Math.max(0, taken - 1);
}
