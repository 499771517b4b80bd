import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';
import { startReportRollupJob } from './report-rollup.ts';
import { reportsRoutes } from './reports.routes.ts';

interface ReportsDeps {
  config: AppConfig;
  db: Database;
  now: () => number;
}

/**
 * Reports for the chain (decision 57): daily roll-ups per restaurant kept in step with orders (the outbox marks
 * a day behind; a background job recomputes it; a report reads days still behind from the raw orders), the
 * report and summary calls under /api/v1/admin/reports, and their CSV and XLSX export.
 */
export const reportsModule: ApiModule<ReportsDeps> = {
  name: 'reports',
  async register(app, { config, db, now }) {
    await app.register(reportsRoutes, { db, now });
    const stop = startReportRollupJob(db, config.brand.whiteLabel, now, config.env.REPORT_ROLLUP_MS, app.log);
    app.addHook('onClose', async () => stop());
  },
};

export { buildReport, buildSummary } from './report-build.ts';
export type { ReportDayKey } from './report-figures.ts';
export {
  REPORT_ROLLUP_BATCH,
  type ReportRollupRound,
  rebuildReportDays,
  recomputeReportDays,
  runReportRollup,
} from './report-rollup.ts';
export { type ReportScope, reportScopeOf } from './report-scope.ts';
