import type { PosContext } from './pos-context.ts';

/** Replaces the POS-sourced stop-list rows of the organization's restaurants with what the POS says now. */
export async function syncStopLists(_ctx: PosContext, _organizationId: string): Promise<void> {}
