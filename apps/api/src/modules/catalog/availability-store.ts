import type { PricingCatalog } from '@storefront/domain';
import { and, eq, gt, gte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { restoPauses, restoStopList } from '../../db/schema.ts';
import { restaurantDay } from './restaurant-day.ts';

/**
 * What staff switch during a shift (decision 23): the stop-list of the restaurant-local day and 'busy'.
 *
 * The preflight must not ask PostgreSQL on every request, so each instance keeps these in memory and
 * reloads them every CATALOG_REFRESH_MS (two small indexed reads: the stop-lists of recent days and the
 * pauses still running; the tables hold a few rows per restaurant). The instance that made a change
 * reloads at once; the others agree within the interval. Placement does not trust this copy: it reads
 * the same rows in the order's transaction (readAvailability), so an order for a stopped dish or during
 * 'busy' is refused even while an instance's memory is a moment old.
 */

export type Availability = Pick<PricingCatalog, 'stopList' | 'busyUntilMs'>;

/** Told when staff stop (true) or restore (false) a dish of a restaurant for today. */
export type StopChangedListener = (restoId: number, positionId: number, stopped: boolean) => Promise<void>;

interface Loaded {
  /** resto id → local date → stopped position ids. */
  stops: Map<number, Map<string, Set<number>>>;
  busyUntil: Map<number, number>;
}

const DAY_MS = 86_400_000;

/** The stop-list and pause of one restaurant for `nowMs`, from the database (placement's transaction). */
export async function readAvailability(
  db: Executor,
  restoId: number,
  timezone: string,
  nowMs: number,
): Promise<Availability> {
  const day = restaurantDay(nowMs, timezone);
  const stops = await db
    .select({ positionId: restoStopList.positionId })
    .from(restoStopList)
    .where(and(eq(restoStopList.restoId, restoId), eq(restoStopList.localDate, day.date)));
  const [pause] = await db
    .select({ busyUntil: restoPauses.busyUntil })
    .from(restoPauses)
    .where(eq(restoPauses.restoId, restoId));
  const busyUntilMs = pause && pause.busyUntil.getTime() > nowMs ? pause.busyUntil.getTime() : null;
  return {
    stopList: { dayStartMs: day.startMs, positionIds: new Set(stops.map((s) => s.positionId)) },
    busyUntilMs,
  };
}

export class AvailabilityStore {
  private loaded: Loaded = { stops: new Map(), busyUntil: new Map() };
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private applied = 0;
  private readonly stopListeners: StopChangedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /**
   * Reads the stop-lists of two days back onwards (so every offset's today is in) and the running pauses.
   * Every call reads afresh (a write must see its own change); a read that finishes after a later one is
   * dropped, so the copy never goes back to older rows.
   */
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
    const since = new Date(nowMs - 2 * DAY_MS).toISOString().slice(0, 10);
    const stopRows = await this.db
      .select({
        restoId: restoStopList.restoId,
        positionId: restoStopList.positionId,
        localDate: restoStopList.localDate,
      })
      .from(restoStopList)
      .where(gte(restoStopList.localDate, since));
    const pauseRows = await this.db
      .select({ restoId: restoPauses.restoId, busyUntil: restoPauses.busyUntil })
      .from(restoPauses)
      .where(gt(restoPauses.busyUntil, new Date(nowMs)));
    const stops = new Map<number, Map<string, Set<number>>>();
    for (const row of stopRows) {
      let byDate = stops.get(row.restoId);
      if (!byDate) {
        byDate = new Map();
        stops.set(row.restoId, byDate);
      }
      let ids = byDate.get(row.localDate);
      if (!ids) {
        ids = new Set();
        byDate.set(row.localDate, ids);
      }
      ids.add(row.positionId);
    }
    return { stops, busyUntil: new Map(pauseRows.map((row) => [row.restoId, row.busyUntil.getTime()])) };
  }

  /** The restaurant's availability now, from memory (the preflight). */
  forResto(restoId: number, timezone: string, nowMs: number): Availability {
    const day = restaurantDay(nowMs, timezone);
    const ids = this.loaded.stops.get(restoId)?.get(day.date);
    const busyUntilMs = this.loaded.busyUntil.get(restoId) ?? null;
    return {
      stopList: ids ? { dayStartMs: day.startMs, positionIds: ids } : null,
      busyUntilMs: busyUntilMs !== null && busyUntilMs > nowMs ? busyUntilMs : null,
    };
  }

  /**
   * Another module follows staff's stops and restores (the POS module sends them to the linked POS) without
   * the catalog importing it: it registers here, on the store both are given.
   */
  onStopChanged(listener: StopChangedListener): void {
    this.stopListeners.push(listener);
  }

  /** Tells every listener; a listener's failure is logged, never the staff's call's. */
  async stopChanged(restoId: number, positionId: number, stopped: boolean): Promise<void> {
    await Promise.all(
      this.stopListeners.map((listener) =>
        listener(restoId, positionId, stopped).catch((error: unknown) =>
          this.log.warn({ err: error, restoId, positionId }, 'a stop-list listener failed'),
        ),
      ),
    );
  }

  startPolling(intervalMs: number): void {
    this.stopPolling();
    this.timer = setInterval(() => {
      this.load().catch((error) =>
        this.log.warn({ err: error }, 'availability refresh failed; serving the last stop-list and pauses'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
