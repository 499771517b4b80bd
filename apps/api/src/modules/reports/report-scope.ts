import { checkReportPeriod, mayAdmin, type ReportPeriod } from '@storefront/domain';
import type { ReportQuery } from '@storefront/domain/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { restos } from '../../db/schema.ts';

/** What one report covers: the period, the restaurants (sorted) and the brand's offset its days are counted in. */
export interface ReportScope {
  whiteLabel: string;
  period: ReportPeriod;
  restoIds: number[];
  timezone: string;
}

/**
 * Checks a report's query for a staff member (decision 57): 'reports.read' (403 admin.forbidden-role), the period
 * (422 report.date-malformed / report.from-after-to / report.period-too-long naming from or to), and the
 * restaurants: each the brand's (422 admin.resto-not-found) and the person's (403 staff.forbidden-resto); none
 * named means every restaurant of the person's.
 */
export async function reportScopeOf(
  db: Executor,
  access: StaffAccess,
  query: ReportQuery,
): Promise<ReportScope> {
  if (!mayAdmin(access.role, 'reports.read')) throw new ApiError(403, 'admin.forbidden-role');
  const checked = checkReportPeriod(query.from, query.to);
  if ('problem' in checked) {
    const status = 422;
    throw new ApiError(status, checked.problem.code, checked.problem.field);
  }
  const raw = (query.restoIds ?? '').trim();
  let restoIds: number[];
  if (raw === '') restoIds = [...access.restoIds];
  else {
    const parts = raw.split(',').map((part) => part.trim());
    if (parts.some((part) => !/^[1-9]\d{0,9}$/.test(part)))
      throw new ApiError(422, 'admin.resto-not-found', 'restoIds');
    restoIds = [...new Set(parts.map(Number))];
    const found = await db
      .select({ id: restos.id })
      .from(restos)
      .where(and(eq(restos.whiteLabelId, access.whiteLabel), inArray(restos.id, restoIds)));
    if (found.length !== restoIds.length) throw new ApiError(422, 'admin.resto-not-found', 'restoIds');
    if (restoIds.some((id) => !access.restoIds.includes(id)))
      throw new ApiError(403, 'staff.forbidden-resto', 'restoIds');
  }
  restoIds.sort((a, b) => a - b);
  const [first] = await db
    .select({ timezone: restos.timezone })
    .from(restos)
    .where(eq(restos.whiteLabelId, access.whiteLabel))
    .orderBy(restos.id)
    .limit(1);
  return {
    whiteLabel: access.whiteLabel,
    period: checked.period,
    restoIds,
    timezone: first?.timezone ?? '+03:00',
  };
}
