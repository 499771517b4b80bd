import {
  ERROR_MESSAGES,
  type ErrorCode,
  type Locale,
  POS_TAKE_OVER_STATES,
  pickText,
} from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { posOrderTransfers } from '../../db/schema.ts';

/**
 * How an order of a linked restaurant stands in the chain's POS (decision 54), as the board shows it: flagged
 * with the reason while it failed. The POS module owns the transfers; the board reads them through the table
 * alone (no module imports pos).
 */

const failureOf = (code: string | null, locale: Locale) =>
  code === null
    ? null
    : {
        code,
        message:
          code in ERROR_MESSAGES
            ? pickText(ERROR_MESSAGES[code as ErrorCode], locale)
            : pickText(ERROR_MESSAGES['pos.rejected'], locale),
      };

/** The order's transfer as the board shows it; null for an order of a restaurant not linked to a POS. */
export async function posStandingOf(
  db: Executor,
  orderId: number,
  locale: Locale,
): Promise<NonNullable<BoardOrder['pos']> | null> {
  const [row] = await db.select().from(posOrderTransfers).where(eq(posOrderTransfers.orderId, orderId));
  if (!row) return null;
  // A retry in progress keeps the last failure's flag until the POS has the order; an order the POS has
  // is flagged only when the POS cancelled it once cooking began (staff decide what to do). A withdrawn
  // order is flagged while its cancel in the POS fails or when the POS refused it (staff call the kitchen),
  // and one taken over by hand when the POS took it too (two orders in the kitchen).
  const flagged =
    row.state === 'failed' ||
    row.state === 'in-progress' ||
    row.state === 'waiting' ||
    row.state === 'cancelling' ||
    row.state === 'cancel-refused' ||
    (row.state === 'created' && row.lastError === 'pos.cancelled-late') ||
    (row.state === 'taken-over' && row.lastError === 'pos.created-after-take-over');
  return {
    state: row.state,
    failure: flagged ? failureOf(row.lastError, locale) : null,
    detail: flagged ? row.lastErrorText : null,
    attempts: row.attempts,
    canTakeOver: POS_TAKE_OVER_STATES.includes(row.state),
  };
}
