import type { PosContext } from './pos-context.ts';

/** The worker: sends orders that may be cooked, follows creations, catches up statuses (filled in). */
export function startOrderTransfers(_ctx: PosContext): () => void {
  return () => {};
}
