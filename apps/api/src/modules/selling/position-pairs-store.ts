import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { positionPairs } from '../../db/schema.ts';

/**
 * 'Often ordered with' in memory (decision 56): the restaurant's dish pairs of the last 90 days, as the background
 * job last computed them (position_pairs), so the preflight asks PostgreSQL nothing for its add-ons. Every instance
 * reads the table at start and again every few minutes (`startPolling`); a failed read keeps the last pairs.
 */
export class PositionPairsStore {
  /** resto id → position id → (the dish ordered with it → in how many orders). */
  private pairs = new Map<number, Map<number, Map<number, number>>>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    readonly db: Database,
    readonly log: FastifyBaseLogger,
    readonly now: () => number,
  ) {}

  /** Reads position_pairs into memory (all of it: the job keeps ~10 rows per dish). */
  async load(): Promise<void> {
    const rows = await this.db
      .select({
        restoId: positionPairs.restoId,
        positionId: positionPairs.positionId,
        withPositionId: positionPairs.withPositionId,
        orders: positionPairs.orders,
      })
      .from(positionPairs);
    const next = new Map<number, Map<number, Map<number, number>>>();
    for (const row of rows) {
      let byPosition = next.get(row.restoId);
      if (!byPosition) {
        byPosition = new Map();
        next.set(row.restoId, byPosition);
      }
      let withs = byPosition.get(row.positionId);
      if (!withs) {
        withs = new Map();
        byPosition.set(row.positionId, withs);
      }
      withs.set(row.withPositionId, row.orders);
    }
    this.pairs = next;
  }

  /**
   * The dishes most often ordered with any of `positionIds` in the restaurant, most often first (the counts of
   * several cart dishes added up; equal counts by id, so the answer is stable), without the cart's own dishes.
   */
  oftenWith(restoId: number, positionIds: readonly number[]): number[] {
    const byPosition = this.pairs.get(restoId);
    if (!byPosition) return [];
    const inCart = new Set(positionIds);
    const sums = new Map<number, number>();
    for (const id of inCart)
      for (const [other, orders] of byPosition.get(id) ?? [])
        if (!inCart.has(other)) sums.set(other, (sums.get(other) ?? 0) + orders);
    return [...sums].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  }

  /** Reads the table again every `intervalMs` (0 = never), unref'd. */
  startPolling(intervalMs: number): void {
    this.stopPolling();
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.load().catch((error) =>
        this.log.warn({ err: error }, "'often ordered with' reload failed; serving the last pairs"),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
