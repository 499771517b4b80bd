import {
  errorBody,
  report,
  reportExportQuery,
  reportQuery,
  reportSummary,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { buildReport, buildSummary } from './report-build.ts';
import { reportCsv, reportXlsx } from './report-export.ts';
import { reportScopeOf } from './report-scope.ts';

const SCOPE =
  "Owner and manager ('reports.read'; an operator gets 403 admin.forbidden-role). from and to: brand-local days " +
  "YYYY-MM-DD, both included, in the offset of the brand's first restaurant (422 report.date-malformed on from or " +
  'to; report.from-after-to; report.period-too-long past 731 days). restoIds: comma-separated ids of the brand ' +
  "(422 admin.resto-not-found on restoIds), each the person's (403 staff.forbidden-resto); absent or empty: every " +
  "restaurant of the person's (a manager linked to restaurants: those). Money in minor units. An order counts on " +
  'the day it was placed, with its later refunds, acceptance and rating. Figures are read from daily roll-ups and, ' +
  'for days whose orders changed since, from the orders themselves, so they are never behind.';

interface ReportsRoutesOptions {
  db: Database;
  now: () => number;
}

/** The chain's reports (decision 57): headline, the whole report, and its export. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { db, now }) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/reports/summary',
    {
      config: staffOnly,
      schema: {
        tags: ['reports'],
        summary: 'The headline figures of a period: orders, revenue, average check',
        description: `${SCOPE} orders: placed and neither declined nor cancelled; revenue: money received net of refunds; averageCheck: revenue over the orders that brought money, rounded half up.`,
        querystring: reportQuery,
        response: { 200: reportSummary, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const scope = await reportScopeOf(db, signedInStaff(request), request.query);
      reply.header('cache-control', 'no-store');
      return buildSummary(db, scope, now());
    },
  );

  app.get(
    '/api/v1/admin/reports',
    {
      config: staffOnly,
      schema: {
        tags: ['reports'],
        summary: 'The whole report of a period and restaurants',
        description: `${SCOPE} Besides the headline: cancels by who cancelled, declines by reason, customers (new: first order at the brand in the period), top dishes and add-ons, gifts, promo codes, an hour × weekday heat map (Monday first), minutes to acceptance and to done (median and 90th percentile, nearest rank), ratings and every day of the period.`,
        querystring: reportQuery,
        response: { 200: report, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const scope = await reportScopeOf(db, signedInStaff(request), request.query);
      reply.header('cache-control', 'no-store');
      return buildReport(db, scope, now());
    },
  );

  app.get(
    '/api/v1/admin/reports/export',
    {
      config: staffOnly,
      schema: {
        tags: ['reports'],
        summary: 'The report as CSV or XLSX',
        description: `${SCOPE} format csv: UTF-8 with a byte order mark, ';' between cells, CRLF, rubles as 150,00, the tables one under another, each with its title line. format xlsx: one sheet per table, money as numbers of rubles. Headers in locale (ru, en) or else the request's language.`,
        querystring: reportExportQuery,
        response: {
          200: z.unknown().describe('CSV text (text/csv) or an XLSX workbook'),
          401: errorBody,
          403: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { format, locale: asked, ...query } = request.query;
      const scope = await reportScopeOf(db, signedInStaff(request), query);
      const built = await buildReport(db, scope, now());
      const locale = asked ?? requestLocale(request);
      const name = `report-${scope.period.from}-${scope.period.to}.${format}`;
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') {
        reply.header('content-type', 'text/csv; charset=utf-8');
        return reportCsv(built, locale);
      }
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(await reportXlsx(built, locale));
    },
  );
};
