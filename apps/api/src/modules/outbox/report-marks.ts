import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';

/**
 * Reports' days behind their orders (decision 57): every change of an order passes the outbox, which marks the
 * order's brand-local day of placement in report_dirty in the change's own transaction. The roll-up job recomputes
 * marked days; a report reads the days still marked from the raw orders. Each change appends its own mark (no
 * upsert, hence no row lock: concurrent placements of one restaurant's day never wait on each other here).
 */

/**
 * The brand-local date of an instant column of a row of `orders` aliased `o`: the brand's offset is its first
 * restaurant's (as brandTimezone), added as an interval ('+03:00'::interval), because PostgreSQL reads a bare
 * '+03:00' time zone POSIX-wise, west of Greenwich. A brand with no restaurant of its own (an order of another brand's
 * restaurant) counts in '+03:00', as brandTimezone and brandOffset do: a null date would refuse the order's change.
 */
export function brandDateSql(instant: SQL, whiteLabelColumn: SQL): SQL {
  return sql`((${instant} at time zone 'UTC') + coalesce((select r.timezone from restos r where r.white_label_id = ${whiteLabelColumn} order by r.id limit 1), '+03:00')::interval)::date`;
}

/** Marks the day the order was placed on as behind (inside the caller's transaction). */
export async function markReportDay(tx: Executor, orderId: number, at: Date): Promise<void> {
  await tx.execute(sql`
    insert into report_dirty (white_label_id, resto_id, local_date, marked_at)
    select o.white_label_id, o.resto_id, ${brandDateSql(sql`o.created_at`, sql`o.white_label_id`)}, ${at.toISOString()}::timestamptz
    from orders o where o.id = ${orderId}`);
}
