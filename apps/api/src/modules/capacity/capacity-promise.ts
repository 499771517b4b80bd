import {
  asapPromiseMs,
  type CustomerDeliveryMethod,
  DELAY_HOURS,
  delayMinutesAt,
  EXTENDED_COOKING_MINUTES,
  EXTENDED_COOKING_TAG,
  nextSlotWithRoom,
  type OpeningHoursDay,
  type PricingProblem,
  type SlotLoads,
  type SpecialDayRule,
  scheduleStateAt,
  slotStartMs,
} from '@storefront/domain';
import type { Executor } from '../../core/executor.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import type { CapacityView } from './capacity-store.ts';
import { readDelay } from './delays.ts';
import { readCapacity, readSlotLoads, type SlotKey, takeSlot } from './slot-loads.ts';

/**
 * The promised time of an order within capacity (decision 56), judged alike by the preflight (from memory) and
 * by placement (from its transaction). A pre-order holds the slot of its time, or is refused with the next slot
 * with room the restaurant offers. As soon as possible: now + the cooking or delivery time (+ extended cooking)
 * + the restaurant's delay, moved to the first 15-minute slot with room while the restaurant is open; none left
 * is resto.slots-full.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A pre-order's next free slot is looked for this far at most (the pre-order window is shorter). */
const PRE_ORDER_SEARCH_MS = 15 * DAY;

export interface PromiseRules {
  nowMs: number;
  /** Null: as soon as possible. */
  preOrderAtMs: number | null;
  /** As soon as possible without the delay: now + the cooking or delivery time (+ extended cooking). */
  baseMs: number;
  /** The method's hours, for 'still open then' of a moved ASAP promise. */
  resto: {
    timezone: string;
    openingHours: readonly OpeningHoursDay[];
    specialDays?: readonly SpecialDayRule[];
  };
  /** Whether a slot start is a pre-order time the restaurant offers (isPreOrderSlot). */
  offered: (slotMs: number) => boolean;
}

export type CapacityVerdict =
  | { kind: 'promised'; promisedAtMs: number; slotAtMs: number }
  | { kind: 'slot-full'; nextFreeAtMs: number | null }
  | { kind: 'slots-full' };

function openAt(rules: PromiseRules) {
  return (ms: number) => {
    const state = scheduleStateAt(
      rules.resto.openingHours,
      ms,
      rules.resto.timezone,
      rules.resto.specialDays,
    );
    return state.kind === 'open' || state.kind === 'round-the-clock';
  };
}

/** The verdict on counts as given (memory or the transaction's read). */
export function judgeCapacity(
  capacity: number | null,
  loads: SlotLoads,
  delayMinutes: number,
  rules: PromiseRules,
): CapacityVerdict {
  if (rules.preOrderAtMs !== null) {
    const slot = slotStartMs(rules.preOrderAtMs);
    if (capacity === null || (loads.get(slot) ?? 0) < capacity)
      return { kind: 'promised', promisedAtMs: rules.preOrderAtMs, slotAtMs: slot };
    return {
      kind: 'slot-full',
      nextFreeAtMs: nextSlotWithRoom(loads, capacity, slot, slot + PRE_ORDER_SEARCH_MS, rules.offered),
    };
  }
  const earliest = rules.baseMs + delayMinutes * MINUTE;
  const at = asapPromiseMs(loads, capacity, earliest, openAt(rules), earliest + DAY);
  return at === null
    ? { kind: 'slots-full' }
    : { kind: 'promised', promisedAtMs: at, slotAtMs: slotStartMs(at) };
}

/** Minutes of extended cooking a cart of these dishes needs (0 or EXTENDED_COOKING_MINUTES). */
const extendedBySnapshot = new WeakMap<CatalogSnapshot, Map<string, Set<number>>>();
export function extendedCookingMinutes(
  snapshot: CatalogSnapshot,
  whiteLabel: string,
  positionIds: readonly number[],
): number {
  let byBrand = extendedBySnapshot.get(snapshot);
  if (!byBrand) {
    byBrand = new Map();
    extendedBySnapshot.set(snapshot, byBrand);
  }
  let ids = byBrand.get(whiteLabel);
  if (!ids) {
    ids = new Set();
    for (const menu of snapshot.menus.values())
      if (menu.whiteLabelId === whiteLabel)
        for (const p of menu.positions)
          if (p.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG)) ids.add(p.id);
    byBrand.set(whiteLabel, ids);
  }
  return positionIds.some((id) => ids.has(id)) ? EXTENDED_COOKING_MINUTES : 0;
}

export interface PreflightCapacity {
  readyAtMs: number | null;
  delayMinutes: number;
  problems: PricingProblem[];
}

/** The preflight's readyAt, delayMinutes and capacity problems, from the instance's memory. */
export function preflightCapacity(view: CapacityView, rules: PromiseRules): PreflightCapacity {
  const delayMinutes = delayMinutesAt(view.delay, rules.nowMs);
  // The delay only moves as-soon-as-possible promises; a pre-order keeps its time.
  const verdict = judgeCapacity(view.capacity, view.loads, delayMinutes, rules);
  switch (verdict.kind) {
    case 'promised':
      return { readyAtMs: verdict.promisedAtMs, delayMinutes, problems: [] };
    case 'slot-full':
      return {
        readyAtMs: null,
        delayMinutes,
        problems: [
          {
            code: 'slot.full',
            ...(verdict.nextFreeAtMs !== null ? { nextOpenAt: verdict.nextFreeAtMs } : {}),
          },
        ],
      };
    case 'slots-full':
      return { readyAtMs: null, delayMinutes, problems: [{ code: 'resto.slots-full' }] };
  }
}

/** The ASAP promise needs this many minutes before it: the band's delivery time or the take-away minutes. */
export function leadMinutesOf(
  deliveryType: CustomerDeliveryMethod,
  bandMinutes: number | null | undefined,
  takeAwayMinutes: number,
): number {
  return deliveryType === 'DELIVERY' ? (bandMinutes ?? 0) : takeAwayMinutes;
}

/** How many times placement looks again when another instance took the ASAP slot it chose a moment before. */
const ASAP_TRIES = 8;

/**
 * Placement: takes the order's place inside its transaction and answers the promise it holds, or why not. The
 * capacity and the delay are read here, not from memory; a pre-order whose slot is full is refused with the next
 * slot with room; an ASAP order whose slot another instance filled meanwhile moves on to the next with room.
 */
export async function holdSlot(
  tx: Executor,
  restoId: number,
  deliveryType: CustomerDeliveryMethod,
  rules: PromiseRules,
): Promise<CapacityVerdict & { delayMinutes: number }> {
  const capacity = await readCapacity(tx, restoId, deliveryType);
  const delayMinutes =
    rules.preOrderAtMs === null ? delayMinutesAt(await readDelay(tx, restoId, rules.nowMs), rules.nowMs) : 0;
  const key = (slotAtMs: number): SlotKey => ({ restoId, deliveryType, slotAtMs });
  const from = slotStartMs(rules.preOrderAtMs ?? rules.baseMs);
  const until = from + (rules.preOrderAtMs === null ? DAY : PRE_ORDER_SEARCH_MS) + DELAY_HOURS * 60 * MINUTE;
  for (let attempt = 0; attempt < ASAP_TRIES; attempt++) {
    const loads = capacity === null ? new Map() : await readSlotLoads(tx, restoId, deliveryType, from, until);
    const verdict = judgeCapacity(capacity, loads, delayMinutes, rules);
    if (verdict.kind !== 'promised') return { ...verdict, delayMinutes };
    if (await takeSlot(tx, key(verdict.slotAtMs), capacity)) return { ...verdict, delayMinutes };
    // Filled between the read and the upsert. A pre-order: refused with the next slot with room (read again).
    if (rules.preOrderAtMs !== null) {
      const again = await readSlotLoads(tx, restoId, deliveryType, from, until);
      return {
        kind: 'slot-full',
        nextFreeAtMs: nextSlotWithRoom(again, capacity, from, until, rules.offered),
        delayMinutes,
      };
    }
  }
  return { kind: 'slots-full', delayMinutes };
}
