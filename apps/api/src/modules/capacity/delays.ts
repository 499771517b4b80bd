import { autoDelayStep, DELAY_HOURS, type DelayMinutes, type RestoDelayState } from '@storefront/domain';
import type { RestoDelay } from '@storefront/domain/contracts';
import { and, eq, gt, isNotNull, ne, or, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import type { Database } from '../../db/client.ts';
import { orders, restoDelays, restos } from '../../db/schema.ts';

/**
 * 'Busy' grown up (decision 56): staff add +15/+30/+60 minutes to every as-soon-as-possible promise for
 * DELAY_HOURS (0 clears), and the board sets an automatic delay of the restaurant's auto_delay_minutes while more
 * than its auto_delay_threshold orders wait unaccepted, clearing it when the count falls back to the threshold.
 * An automatic delay never overwrites one staff set.
 */

const HOUR = 3_600_000;

/** A pre-order due later than this is not counted as waiting: it is not the kitchen's queue yet. */
const WAITING_PRE_ORDER_WINDOW_MS = HOUR;

/** The delay running now, or null. */
export async function readDelay(
  db: Executor,
  restoId: number,
  nowMs: number,
): Promise<RestoDelayState | null> {
  const [row] = await db
    .select({ extraMinutes: restoDelays.extraMinutes, until: restoDelays.until, source: restoDelays.source })
    .from(restoDelays)
    .where(and(eq(restoDelays.restoId, restoId), gt(restoDelays.until, new Date(nowMs))));
  return row ? { extraMinutes: row.extraMinutes, untilMs: row.until.getTime(), source: row.source } : null;
}

export function delayAnswer(delay: RestoDelayState | null): RestoDelay | null {
  return delay
    ? { extraMinutes: delay.extraMinutes, until: new Date(delay.untilMs).toISOString(), source: delay.source }
    : null;
}

/** POST /api/v1/staff/restos/{restoId}/delay: staff's delay for DELAY_HOURS, or 0 to clear any delay. */
export async function setDelay(
  db: Database,
  access: StaffAccess,
  restoId: number,
  extraMinutes: 0 | DelayMinutes,
  nowMs: number,
): Promise<RestoDelayState | null> {
  assertRestoAccess(access, restoId);
  const [resto] = await db
    .select({ id: restos.id })
    .from(restos)
    .where(and(eq(restos.id, restoId), eq(restos.whiteLabelId, access.whiteLabel)));
  if (!resto) throw new ApiError(404, 'resto.not-found', 'restoId');
  if (extraMinutes === 0) await db.delete(restoDelays).where(eq(restoDelays.restoId, restoId));
  else {
    const values = {
      extraMinutes,
      until: new Date(nowMs + DELAY_HOURS * HOUR),
      source: 'staff' as const,
      setBy: access.staffId,
      updatedAt: new Date(nowMs),
    };
    await db
      .insert(restoDelays)
      .values({ restoId, ...values })
      .onConflictDoUpdate({ target: restoDelays.restoId, set: values });
  }
  return readDelay(db, restoId, nowMs);
}

/** Orders the kitchen has not accepted: new and, online, paid; pre-orders only once due within the hour. */
export function waitingOrdersSql(nowMs: number) {
  return and(
    eq(orders.status, 'new'),
    or(ne(orders.payType, 'CARD_ONLINE'), eq(orders.paymentStatus, 'paid')),
    sql`(${orders.preOrderAt} is null or ${orders.preOrderAt} <= ${new Date(nowMs + WAITING_PRE_ORDER_WINDOW_MS)})`,
  );
}

export interface AutoDelayReport {
  set: number[];
  cleared: number[];
}

/**
 * One round of the automatic delay for the brand's restaurants that have a threshold (or still carry an
 * automatic delay). Every instance may run it at once: the set is an upsert guarded against a running staff
 * delay, the clear deletes only an automatic row.
 */
export async function sweepAutoDelays(
  db: Database,
  whiteLabel: string,
  nowMs: number,
): Promise<AutoDelayReport> {
  const now = new Date(nowMs);
  const candidates = await db
    .select({
      id: restos.id,
      threshold: restos.autoDelayThreshold,
      minutes: restos.autoDelayMinutes,
      extraMinutes: restoDelays.extraMinutes,
      until: restoDelays.until,
      source: restoDelays.source,
    })
    .from(restos)
    .leftJoin(restoDelays, eq(restoDelays.restoId, restos.id))
    .where(
      and(
        eq(restos.whiteLabelId, whiteLabel),
        or(isNotNull(restos.autoDelayThreshold), eq(restoDelays.source, 'auto')),
      ),
    );
  const report: AutoDelayReport = { set: [], cleared: [] };
  for (const resto of candidates) {
    const current: RestoDelayState | null =
      resto.until && resto.source && resto.extraMinutes !== null
        ? { extraMinutes: resto.extraMinutes, untilMs: resto.until.getTime(), source: resto.source }
        : null;
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.restoId, resto.id), waitingOrdersSql(nowMs)));
    const step = autoDelayStep(Number(counted?.n ?? 0), resto.threshold, current, nowMs);
    if (step === 'set') {
      const values = {
        extraMinutes: resto.minutes,
        until: new Date(nowMs + DELAY_HOURS * HOUR),
        source: 'auto' as const,
        setBy: null,
        updatedAt: now,
      };
      const written = await db
        .insert(restoDelays)
        .values({ restoId: resto.id, ...values })
        .onConflictDoUpdate({
          target: restoDelays.restoId,
          set: values,
          // A staff delay set meanwhile on another instance stays.
          setWhere: or(ne(restoDelays.source, 'staff'), sql`${restoDelays.until} <= ${now}`),
        })
        .returning({ restoId: restoDelays.restoId });
      if (written.length > 0) report.set.push(resto.id);
    } else if (step === 'clear') {
      const deleted = await db
        .delete(restoDelays)
        .where(and(eq(restoDelays.restoId, resto.id), eq(restoDelays.source, 'auto')))
        .returning({ restoId: restoDelays.restoId });
      if (deleted.length > 0) report.cleared.push(resto.id);
    }
  }
  return report;
}
