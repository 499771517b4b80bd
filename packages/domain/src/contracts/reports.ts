import { z } from 'zod';
import { RATING_TAGS } from '../ratings/rating-rules.ts';
import { DECLINE_REASONS } from '../staff/staff-model.ts';
import { id, localizedText, minorAmount } from './common.ts';

/**
 * Reports for the chain (decision 57): a period of brand-local days and a set of restaurants. The dates and the
 * restaurant list are checked by the API itself (checkReportPeriod), so a bad period answers a coded 422 that says
 * which of from, to is wrong, never a bare schema failure.
 */

export const reportQuery = z.object({
  from: z.string().max(40),
  to: z.string().max(40),
  /** '1,2,5': the restaurants to count; empty or absent: every restaurant of the person's. */
  restoIds: z.string().max(2000).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportExportQuery = reportQuery.extend({
  format: z.enum(['csv', 'xlsx']),
  locale: z.enum(['ru', 'en']).optional(),
});

const count = z.number().int().nonnegative();

/** The headline figures (GET /api/v1/admin/reports/summary): money in minor units. */
export const reportSummary = z.object({
  from: z.string(),
  to: z.string(),
  /** The brand's offset the days are counted in, e.g. '+03:00'. */
  timezone: z.string(),
  restoIds: z.array(id),
  currency: z.string(),
  /** Orders placed in the period that were neither declined nor cancelled. */
  orders: count,
  /** Money received for the period's orders, net of refunds. */
  revenue: minorAmount,
  /** revenue over the orders that brought money, rounded half up. */
  averageCheck: minorAmount,
});
export type ReportSummary = z.infer<typeof reportSummary>;

const timing = z.object({
  /** Orders timed. */
  count,
  /** Whole minutes (nearest rank); null when none was timed. The last bucket means 'this long or more'. */
  median: z.number().int().nonnegative().nullable(),
  p90: z.number().int().nonnegative().nullable(),
});

const itemLine = z.object({ count, amount: minorAmount });

export const reportDay = z.object({
  date: z.string(),
  placed: count,
  orders: count,
  revenue: minorAmount,
  averageCheck: minorAmount,
});

/** The whole report (GET /api/v1/admin/reports). */
export const report = reportSummary.extend({
  placed: count,
  done: count,
  cancelled: count,
  declined: count,
  revenueOrders: count,
  refunds: minorAmount,
  gross: minorAmount,
  discounts: minorAmount,
  bonusSpent: minorAmount,
  deliveryFees: minorAmount,
  /** Why orders were cancelled: 'customer', 'unpaid' (nobody paid in time), 'pos', 'staff'. */
  cancels: z.array(z.object({ reason: z.string(), count })),
  declines: z.array(z.object({ reason: z.enum(DECLINE_REASONS), count })),
  customers: z.object({
    /** People who placed an order (neither declined nor cancelled) in the period. */
    total: count,
    /** Of them, whose first order at the brand was in the period at one of the restaurants. */
    new: count,
    returning: count,
    /** Of them, who placed two orders or more in the period. */
    repeat: count,
  }),
  topDishes: z.array(itemLine.extend({ positionId: id, name: localizedText })),
  /** Dishes on a menu's add-on list ('Добавить к заказу'), most sold first. */
  topAddOns: z.array(itemLine.extend({ positionId: id, name: localizedText })),
  gifts: z.array(itemLine.extend({ positionId: id, name: localizedText })),
  promoCodes: z.array(itemLine.extend({ code: z.string() })),
  /** Orders per weekday (Monday first) and brand-local hour: 7 rows of 24. */
  heatMap: z.array(z.array(count).length(24)).length(7),
  timings: z.object({ toAcceptance: timing, toDone: timing }),
  ratings: z.object({
    count,
    /** Stars ×100 (4.37 is 437); null without ratings. */
    averageX100: z.number().int().nullable(),
    /** How many gave 1, 2, 3, 4, 5 stars. */
    stars: z.array(count).length(5),
    tags: z.array(z.object({ tag: z.enum(RATING_TAGS), count })),
  }),
  days: z.array(reportDay),
});
export type Report = z.infer<typeof report>;
