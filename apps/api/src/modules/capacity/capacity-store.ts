import {
  type CustomerDeliveryMethod,
  type RestoDelayState,
  type SlotLoads,
  slotStartMs,
} from '@storefront/domain';
import { eq, gt, gte, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { restoDelays, restos, slotLoads } from '../../db/schema.ts';
import { sweepAutoDelays } from './delays.ts';

/**
 * Capacity in memory (decision 56), as AvailabilityStore keeps the stop-list: the preflight and the pre-order
 * picker ask PostgreSQL nothing. Each instance reloads every CATALOG_REFRESH_MS the restaurants' capacities and
 * take-away minutes, the counts of slots from now on and the running delays (small indexed reads); the instance
 * where staff set a delay knows it at once, the others (and every instance's orders) within the interval. Placement never trusts
 * this copy: it takes its place with the conditional upsert and reads the delay in its transaction.
 */

export interface RestoCapacity {
  capacityDelivery: number | null;
  capacityTakeAway: number | null;
  takeAwayMinutes: number;
  autoDelayThreshold: number | null;
}

export interface CapacityView {
  /** Orders one slot of the method holds; null: no limit. */
  capacity: number | null;
  loads: SlotLoads;
  delay: RestoDelayState | null;
  takeAwayMinutes: number;
}

interface Loaded {
  restos: Map<number, RestoCapacity>;
  /** `${restoId}|${method}` → slot start → orders taken. */
  loads: Map<string, Map<number, number>>;
  delays: Map<number, RestoDelayState>;
}

const DAY_MS = 86_400_000;
const loadKey = (restoId: number, deliveryType: CustomerDeliveryMethod) => `${restoId}|${deliveryType}`;
const EMPTY: SlotLoads = new Map();

export class CapacityStore {
  private loaded: Loaded = { restos: new Map(), loads: new Map(), delays: new Map() };
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private applied = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly whiteLabel: string,
  ) {}

  /** Reads everything afresh; a read that finishes after a later one is dropped. */
  async load(): Promise<void> {
    this.started += 1;
    const seq = this.started;
    const next = await this.read();
    if (seq > this.applied) {
      this.applied = seq;
      this.loaded = next;
    }
  }

  private async read(): Promise<Loaded> {
    const nowMs = this.now();
    const restoRows = await this.db
      .select({
        id: restos.id,
        capacityDelivery: restos.slotCapacityDelivery,
        capacityTakeAway: restos.slotCapacityTakeAway,
        takeAwayMinutes: restos.takeAwayMinutes,
        autoDelayThreshold: restos.autoDelayThreshold,
      })
      .from(restos)
      .where(eq(restos.whiteLabelId, this.whiteLabel));
    const loadRows = await this.db
      .select()
      .from(slotLoads)
      .where(gte(slotLoads.slotAt, new Date(slotStartMs(nowMs))));
    const delayRows = await this.db
      .select()
      .from(restoDelays)
      .where(gt(restoDelays.until, new Date(nowMs)));
    const loads = new Map<string, Map<number, number>>();
    for (const row of loadRows) {
      const key = loadKey(row.restoId, row.deliveryType);
      let bySlot = loads.get(key);
      if (!bySlot) {
        bySlot = new Map();
        loads.set(key, bySlot);
      }
      bySlot.set(row.slotAt.getTime(), row.taken);
    }
    return {
      restos: new Map(restoRows.map(({ id, ...rest }) => [id, rest])),
      loads,
      delays: new Map(
        delayRows.map((d) => [
          d.restoId,
          { extraMinutes: d.extraMinutes, untilMs: d.until.getTime(), source: d.source },
        ]),
      ),
    };
  }

  /** The restaurant's capacity, counts and delay for the method, from memory. */
  forResto(restoId: number, deliveryType: CustomerDeliveryMethod): CapacityView {
    const resto = this.loaded.restos.get(restoId);
    return {
      capacity: resto
        ? deliveryType === 'DELIVERY'
          ? resto.capacityDelivery
          : resto.capacityTakeAway
        : null,
      loads: this.loaded.loads.get(loadKey(restoId, deliveryType)) ?? EMPTY,
      delay: this.loaded.delays.get(restoId) ?? null,
      takeAwayMinutes: resto?.takeAwayMinutes ?? 0,
    };
  }

  /** The board's threshold of the automatic delay. */
  autoDelayThreshold(restoId: number): number | null {
    return this.loaded.restos.get(restoId)?.autoDelayThreshold ?? null;
  }

  /**
   * One round: the automatic delays, the rows of slots that ended more than a day ago (never read again), then
   * a reload. Tests call it by hand; server.ts runs it every CATALOG_REFRESH_MS.
   */
  async sweep(): Promise<void> {
    const nowMs = this.now();
    await sweepAutoDelays(this.db, this.whiteLabel, nowMs);
    await this.db.delete(slotLoads).where(lt(slotLoads.slotAt, new Date(nowMs - DAY_MS)));
    await this.load();
  }

  startPolling(intervalMs: number): void {
    this.stopPolling();
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.sweep()
        .catch((error) =>
          this.log.warn({ err: error }, 'capacity refresh failed; serving the last counts and delays'),
        )
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
