import type { PosContext } from './pos-context.ts';

/** Reads the organization's nomenclature since its revision into its menu (filled in by the menu sync). */
export async function syncMenu(_ctx: PosContext, _organizationId: string): Promise<void> {}

/** The schedule: each organization's menu and stop-lists read again every POS_SYNC_INTERVAL_MS. */
export function startMenuSync(_ctx: PosContext): () => void {
  return () => {};
}
