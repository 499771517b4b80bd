import type { PosAdapter, PosCancelCause } from '../../integrations/pos/pos-adapter.ts';
import type { PosContext } from './pos-context.ts';

/**
 * Which of the POS's cancel causes our withdrawals are booked under. iiko lists an organization's own
 * causes (named by the chain); the cause is optional, so when none fits the cancel goes without one rather
 * than under a wrong one ("Ошибка кассира"). An order cancelled on the site is preferred, then the guest's
 * refusal. The list is read once an hour per organization: cancels are rare and the list changes rarer.
 */

const ON_THE_SITE = /сайт|онлайн|интернет|приложени|online|website/i;
const GUEST_REFUSED = /отказ|гост|клиент|покупател|customer|guest/i;

/** The cause that fits best, or null. */
export function fittingCause(causes: readonly PosCancelCause[]): string | null {
  const live = causes.filter((cause) => !cause.deleted);
  return (
    live.find((cause) => ON_THE_SITE.test(cause.name))?.id ??
    live.find((cause) => GUEST_REFUSED.test(cause.name))?.id ??
    null
  );
}

const KEEP_MS = 60 * 60_000;
const read = new WeakMap<PosAdapter, Map<string, { at: number; id: string | null }>>();

/** The organization's fitting cause; null when none fits or the list cannot be read now (it is optional). */
export async function pickCancelCause(
  ctx: PosContext,
  adapter: PosAdapter,
  organizationId: string,
): Promise<string | null> {
  let known = read.get(adapter);
  if (!known) {
    known = new Map();
    read.set(adapter, known);
  }
  const kept = known.get(organizationId);
  if (kept && ctx.now() - kept.at < KEEP_MS) return kept.id;
  try {
    const id = fittingCause(await adapter.cancelCauses(organizationId));
    known.set(organizationId, { at: ctx.now(), id });
    return id;
  } catch (error) {
    ctx.log.warn(
      { err: error, organizationId },
      'pos: the cancel causes could not be read; cancelling without one',
    );
    return null;
  }
}
