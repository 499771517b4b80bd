import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

/**
 * 'Often ordered with' in memory (decision 56): the restaurant's dish pairs of the last 90 days, as the background
 * job last computed them (position_pairs), so the preflight asks PostgreSQL nothing for its add-ons.
 *
 * First cut: knows no pairs; the job and the reload fill it.
 */
export class PositionPairsStore {
  /** resto id → position id → the dishes most often ordered with it, most often first. */
  private pairs = new Map<number, Map<number, number[]>>();

  constructor(
    readonly db: Database,
    readonly log: FastifyBaseLogger,
    readonly now: () => number,
  ) {}

  /** Reads position_pairs into memory. */
  async load(): Promise<void> {}

  /**
   * The dishes most often ordered with any of `positionIds` in the restaurant, most often first (counts of
   * several cart dishes added up), without the cart's own dishes.
   */
  oftenWith(restoId: number, positionIds: readonly number[]): number[] {
    const byPosition = this.pairs.get(restoId);
    if (!byPosition) return [];
    const inCart = new Set(positionIds);
    const seen = new Set<number>();
    const out: number[] = [];
    for (const id of positionIds)
      for (const other of byPosition.get(id) ?? [])
        if (!inCart.has(other) && !seen.has(other)) {
          seen.add(other);
          out.push(other);
        }
    return out;
  }

  stopPolling(): void {}
}
