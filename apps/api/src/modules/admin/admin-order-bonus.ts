import { type Locale, type Minor, mayAdmin } from '@storefront/domain';
import type { staffBonusResponse, staffRefundResponse } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { bonusLedger, payments } from '../../db/schema.ts';
import { visibleOrderRow } from '../board/index.ts';
import { adjustBonus, bonusHistory, bonusState, readBonusProgram } from '../bonus/index.ts';
import { queueStaffRefund } from '../payments/index.ts';
import { assertMay } from './admin-access.ts';
import { writeAuditEntry } from './admin-audit-log.ts';

/**
 * An order's customer's points and money from the order card (decision 55). Any staff member who sees the order
 * on the board (its restaurant is theirs; online, paid) reads the points; managers and owners adjust them with a
 * reason (audited, reverted from the audit log by the opposite adjustment) and refund a done order paid online,
 * whole or in part (audited, not revertible: money cannot be taken back). Points follow a refund when it succeeds.
 */

type StaffBonus = z.infer<typeof staffBonusResponse>;
type StaffRefund = z.infer<typeof staffRefundResponse>;

/** GET /api/v1/staff/orders/{orderId}/bonus. */
export async function staffOrderBonus(
  db: Executor,
  access: StaffAccess,
  orderId: number,
  nowMs: number,
  locale: Locale,
): Promise<StaffBonus> {
  const order = await visibleOrderRow(db, access, orderId);
  const program = await readBonusProgram(db, access.whiteLabel);
  const state = await bonusState(db, access.whiteLabel, order.personId, nowMs);
  return {
    enabled: program.enabled,
    personId: order.personId,
    balance: state.spendable,
    history: await bonusHistory(db, access.whiteLabel, order.personId, locale, 20),
    canAdjust: mayAdmin(access.role, 'bonus.adjust'),
  };
}

/** What the audit log keeps of an adjustment; its `before` is the same with amount 0. */
export interface BonusAdjustmentState {
  personId: number;
  orderId: number;
  amount: number;
  reason: string;
}

/** POST /api/v1/staff/orders/{orderId}/bonus-adjustments: in the caller's transaction, audited. */
export async function adjustOrderBonus(
  tx: Executor,
  access: StaffAccess,
  orderId: number,
  body: { amount: number; reason: string },
  nowMs: number,
): Promise<void> {
  assertMay(access, 'bonus.adjust');
  const order = await visibleOrderRow(tx, access, orderId);
  const { entryId } = await adjustBonus(tx, {
    whiteLabel: access.whiteLabel,
    personId: order.personId,
    amount: body.amount as Minor,
    reason: body.reason,
    staffId: access.staffId,
    nowMs,
  });
  const after: BonusAdjustmentState = {
    personId: order.personId,
    orderId,
    amount: body.amount,
    reason: body.reason,
  };
  await writeAuditEntry(tx, access, new Date(nowMs), {
    entity: 'bonus-adjustment',
    entityId: entryId,
    action: 'adjust',
    before: { ...after, amount: 0 },
    after: { ...after },
  });
}

/** An adjustment as a revert compares it: the ledger row never changes, so it holds the entry's `after`. */
export async function bonusAdjustmentStateForRevert(
  tx: Executor,
  access: StaffAccess,
  entryId: number,
  logged: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  assertMay(access, 'bonus.adjust');
  const [row] = await tx.select().from(bonusLedger).where(eq(bonusLedger.id, entryId));
  if (!row || row.whiteLabelId !== access.whiteLabel || row.kind !== 'adjusted')
    throw new ApiError(409, 'admin.not-revertible', 'entryId');
  return { personId: row.personId, orderId: logged.orderId, amount: row.amount, reason: row.reason };
}

/**
 * Reverts an adjustment by the opposite one (the ledger's rows are never changed); refused 409 bonus.below-zero
 * when the customer has spent what it gave.
 */
export async function revertBonusAdjustment(
  tx: Executor,
  access: StaffAccess,
  logged: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const personId = Number(logged.personId);
  const amount = Number(logged.amount);
  try {
    await adjustBonus(tx, {
      whiteLabel: access.whiteLabel,
      personId,
      amount: -amount as Minor,
      reason: `${String(logged.reason ?? '')} (отменено / reverted)`,
      staffId: access.staffId,
      nowMs: at.getTime(),
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'bonus.below-zero')
      throw new ApiError(409, 'bonus.below-zero', 'entryId');
    throw error;
  }
}

/** POST /api/v1/staff/orders/{orderId}/refunds: queues the refund in the caller's transaction, audited. */
export async function refundOrder(
  tx: Executor,
  access: StaffAccess,
  orderId: number,
  amount: Minor,
  nowMs: number,
): Promise<StaffRefund> {
  assertMay(access, 'orders.refund');
  const order = await visibleOrderRow(tx, access, orderId);
  if (order.status !== 'done') throw new ApiError(422, 'payment.refund-order-not-done', 'orderId');
  if (order.payType !== 'CARD_ONLINE' || order.paidPaymentId === null)
    throw new ApiError(422, 'payment.not-paid', 'orderId');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, order.paidPaymentId));
  if (payment?.status !== 'succeeded') throw new ApiError(422, 'payment.not-paid', 'orderId');
  const { refundId, refundable } = await queueStaffRefund(tx, payment, amount, nowMs);
  await writeAuditEntry(tx, access, new Date(nowMs), {
    entity: 'order-refund',
    entityId: refundId,
    action: 'refund',
    before: { orderId, refunded: 0 },
    after: { orderId, refunded: amount },
  });
  return { refundId, amount, refundable };
}
