import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { promoCodeRedemptions, promoCodes } from '../../db/schema.ts';

/**
 * An order that will not be made gives its promo use back (ORDERING.md: cancelled and declined orders): its
 * redemption row goes and the code's counter comes down, only when a redemption existed, so a use is never
 * given back twice. Run it in the transaction that moves the order to canceled or declined.
 */
export async function givePromoUseBack(tx: Executor, orderId: number, promoCodeId: number) {
  const given = await tx
    .delete(promoCodeRedemptions)
    .where(eq(promoCodeRedemptions.orderId, orderId))
    .returning({ id: promoCodeRedemptions.id });
  if (given.length > 0)
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
      .where(eq(promoCodes.id, promoCodeId));
}
