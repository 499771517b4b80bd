import {
  averageCheckOf,
  dateOfDayNumber,
  dayNumberOf,
  localDateAndHour,
  minuteBucketOf,
  percentileOfHistogram,
  REPORT_MINUTE_BUCKETS,
  REPORT_TOP,
} from '@storefront/domain';
import { type Report, report, reportSummary } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import {
  addRefund,
  brandMidnight,
  cancelOrder,
  type HistoryOrder,
  insertReportHistory,
  type ReportHistory,
  reportMarks,
  writeRating,
} from '../../test/report-history.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { markReportDay } from '../outbox/index.ts';
import { rebuildReportDays, runReportRollup } from './index.ts';

/**
 * Reports (decision 57): every figure of the report equals a recomputation in plain TypeScript from the raw rows of
 * a generated history — read live before the roll-up, rolled up after it, and mixed after a later change marks a
 * day again — plus who sees what, bad periods and restaurants, the export and a fuzz of the query.
 */

const NOW = Date.parse('2026-02-01T12:00:00Z');
const OFFSET = '+03:00';
const RESTOS = [1, 2, 6];
/** The history runs 2025-12-27 … 2026-01-31: a month read whole and days on either side of a month's end. */
const FIRST_DAY = '2025-12-27';
const DAY = 86_400_000;

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let linkedManager: Record<string, string>;
let history: ReportHistory;
let addOns: Set<number>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: () => NOW, env: { REPORT_ROLLUP_MS: '0' } }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'reports'));
  linkedManager = await staffHeaders(
    app,
    await addTestStaff(database.db, { login: 'reports-linked', role: 'manager', restoIds: [1] }),
  );
  history = await insertReportHistory(database.db, {
    seed: 36,
    orders: 420,
    restoIds: RESTOS,
    firstDay: FIRST_DAY,
    days: 36,
    at: new Date(NOW - 60_000),
  });
  const dishes = [...history.names.keys()].sort((a, b) => a - b);
  addOns = new Set([dishes[2], dishes[5]] as number[]);
  await database.db.execute(
    sql`update menus set add_on_position_ids = ${`{${[...addOns].join(',')}}`}::int[] where id = 1`,
  );
}, 120_000);
afterAll(() => close());

/** The report recomputed from the history's raw rows, independently of the API's SQL. */
function expectedReport(from: string, to: string, restoIds: number[]): Report {
  const first = dayNumberOf(from) as number;
  const last = dayNumberOf(to) as number;
  const local = (o: HistoryOrder) => localDateAndHour(o.createdAt, OFFSET);
  const counted = (o: HistoryOrder) => o.status !== 'declined' && o.status !== 'canceled';
  const inScope = history.orders.filter((o) => {
    const day = dayNumberOf(local(o).date) as number;
    return restoIds.includes(o.restoId) && day >= first && day <= last;
  });
  const sum = (list: HistoryOrder[], f: (o: HistoryOrder) => number) => list.reduce((s, o) => s + f(o), 0);
  const kept = (o: HistoryOrder) => o.payments.find((p) => p.id === o.paidPaymentId);
  const refunded = (o: HistoryOrder) =>
    (kept(o)?.refunds ?? []).filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount, 0);
  const revenueOf = (o: HistoryOrder) => {
    const payment = kept(o);
    if (payment) return payment.amount - refunded(o);
    return o.payType !== 'CARD_ONLINE' && o.status === 'done' ? o.payable : 0;
  };
  const good = inScope.filter(counted);
  const revenue = sum(inScope, revenueOf);
  const revenueOrders = inScope.filter((o) => revenueOf(o) > 0).length;

  // A person's first counted order at the brand, over every order of the history (not only the scope's).
  const firstOf = new Map<number, HistoryOrder>();
  for (const o of [...history.orders].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id))
    if (counted(o) && !firstOf.has(o.personId)) firstOf.set(o.personId, o);
  const perPerson = new Map<number, number>();
  for (const o of good) perPerson.set(o.personId, (perPerson.get(o.personId) ?? 0) + 1);
  const newCount = good.filter((o) => firstOf.get(o.personId) === o).length;

  const heatMap = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const o of good) {
    const { hour, weekday } = local(o);
    (heatMap[weekday] as number[])[hour] = ((heatMap[weekday] as number[])[hour] ?? 0) + 1;
  }
  const bump = (h: number[], i: number) => {
    h[i] = (h[i] ?? 0) + 1;
  };
  const accept = new Array<number>(REPORT_MINUTE_BUCKETS).fill(0);
  const done = new Array<number>(REPORT_MINUTE_BUCKETS).fill(0);
  for (const o of inScope) {
    if (o.acceptedAt !== null) bump(accept, minuteBucketOf(o.acceptedAt - o.createdAt));
    if (o.status === 'done' && o.preOrderAt === null && o.doneAt !== null)
      bump(done, minuteBucketOf(o.doneAt - o.createdAt));
  }
  const timing = (h: number[]) => ({
    count: h.reduce((s, n) => s + n, 0),
    median: percentileOfHistogram(h, 0.5),
    p90: percentileOfHistogram(h, 0.9),
  });

  const tally = <K>(entries: [K, number, number][]) => {
    const map = new Map<K, { count: number; amount: number }>();
    for (const [key, count, amount] of entries) {
      const was = map.get(key) ?? { count: 0, amount: 0 };
      map.set(key, { count: was.count + count, amount: was.amount + amount });
    }
    return [...map.entries()];
  };
  const lines = (kind: 'dish' | 'gift') =>
    tally(
      good.flatMap((o) =>
        o.lines
          .filter((l) => l.kind === kind)
          .map((l): [number, number, number] => [l.positionId, l.count, l.payable]),
      ),
    )
      .map(([positionId, v]) => ({
        positionId,
        name: history.names.get(positionId) ?? { ru: '' },
        count: v.count,
        amount: v.amount,
      }))
      .sort((a, b) => b.count - a.count || b.amount - a.amount || a.positionId - b.positionId);
  const dishes = lines('dish');
  const reasons = (list: HistoryOrder[], key: (o: HistoryOrder) => string) =>
    tally(list.map((o): [string, number, number] => [key(o), 1, 0]))
      .map(([reason, v]) => ({ reason, count: v.count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  const cancelKey = (o: HistoryOrder) =>
    o.cancelledBy === 'customer'
      ? 'customer'
      : o.cancelledBy === 'system'
        ? 'unpaid'
        : o.cancelledBy === 'pos'
          ? 'pos'
          : 'staff';
  const rated = inScope.filter((o) => o.rating !== null);
  const stars = [1, 2, 3, 4, 5].map((s) => rated.filter((o) => o.rating?.stars === s).length);
  const starSum = sum(rated, (o) => o.rating?.stars ?? 0);

  const days = [];
  for (let day = first; day <= last; day++) {
    const date = dateOfDayNumber(day);
    const ofDay = inScope.filter((o) => local(o).date === date);
    const dayRevenue = sum(ofDay, revenueOf);
    days.push({
      date,
      placed: ofDay.length,
      orders: ofDay.filter(counted).length,
      revenue: dayRevenue,
      averageCheck: averageCheckOf(dayRevenue, ofDay.filter((o) => revenueOf(o) > 0).length),
    });
  }
  const expected = {
    from,
    to,
    timezone: OFFSET,
    restoIds: [...restoIds].sort((a, b) => a - b),
    currency: 'RUB',
    orders: good.length,
    revenue,
    averageCheck: averageCheckOf(revenue, revenueOrders),
    placed: inScope.length,
    done: inScope.filter((o) => o.status === 'done').length,
    cancelled: inScope.filter((o) => o.status === 'canceled').length,
    declined: inScope.filter((o) => o.status === 'declined').length,
    revenueOrders,
    refunds: sum(inScope, refunded),
    gross: sum(good, (o) => o.sum),
    discounts: sum(good, (o) => o.discount),
    bonusSpent: sum(good, (o) => Math.max(0, o.bonusSpent - o.bonusReturned)),
    deliveryFees: sum(good, (o) => o.deliveryPrice),
    cancels: reasons(
      inScope.filter((o) => o.status === 'canceled'),
      cancelKey,
    ),
    declines: reasons(
      inScope.filter((o) => o.status === 'declined'),
      (o) => o.declineReason ?? 'other',
    ),
    customers: {
      total: perPerson.size,
      new: newCount,
      returning: perPerson.size - newCount,
      repeat: [...perPerson.values()].filter((n) => n >= 2).length,
    },
    topDishes: dishes.slice(0, REPORT_TOP),
    topAddOns: dishes.filter((d) => addOns.has(d.positionId)).slice(0, REPORT_TOP),
    gifts: lines('gift').slice(0, REPORT_TOP),
    promoCodes: tally(
      good
        .filter((o) => o.promoCode !== null)
        .map((o): [string, number, number] => [o.promoCode ?? '', 1, o.discount]),
    )
      .map(([code, v]) => ({ code, count: v.count, amount: v.amount }))
      .sort((a, b) => b.count - a.count || b.amount - a.amount || a.code.localeCompare(b.code))
      .slice(0, REPORT_TOP),
    heatMap,
    timings: { toAcceptance: timing(accept), toDone: timing(done) },
    ratings: {
      count: rated.length,
      averageX100: rated.length > 0 ? Math.floor((starSum * 200 + rated.length) / (rated.length * 2)) : null,
      stars,
      tags: tally(
        rated.flatMap((o) => (o.rating?.tags ?? []).map((t): [string, number, number] => [t, 1, 0])),
      )
        .map(([tag, v]) => ({ tag, count: v.count }))
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    },
    days,
  };
  return report.parse(expected);
}

const SCOPES: [string, string, number[]][] = [
  ['2025-12-27', '2026-01-31', RESTOS],
  ['2026-01-01', '2026-01-31', [2, 6]],
  ['2026-01-12', '2026-01-15', RESTOS],
  ['2026-01-11', '2026-01-11', [1]],
  ['2025-12-30', '2026-01-20', [1, 6]],
];

const reportOf = async (
  from: string,
  to: string,
  restoIds: number[],
  who: Record<string, string> = as.owner,
) => {
  const response = await adminCall(
    app,
    'GET',
    `/api/v1/admin/reports?from=${from}&to=${to}&restoIds=${restoIds.join(',')}`,
    who,
  );
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return report.parse(response.json());
};

async function expectEveryScopeRecomputed() {
  for (const [from, to, restoIds] of SCOPES)
    expect(await reportOf(from, to, restoIds), `${from}..${to} ${restoIds}`).toEqual(
      expectedReport(from, to, restoIds),
    );
}

describe('figures recomputed from the raw orders', () => {
  it('the history covers what the figures must handle', () => {
    const o = history.orders;
    expect(new Set(o.map((x) => x.status)).size).toBe(8);
    expect(o.some((x) => x.payments.some((p) => p.id !== x.paidPaymentId && p.refunds.length > 0))).toBe(
      true,
    );
    expect(
      o.some((x) => x.payments[0]?.refunds.some((r) => r.status === 'succeeded' && r.amount < x.payable)),
    ).toBe(true);
    expect(o.some((x) => x.bonusReturned > 0)).toBe(true);
    expect(o.some((x) => x.rating !== null && x.rating.tags.length > 0)).toBe(true);
    expect(o.some((x) => x.restoId === 6)).toBe(true);
    expect(o.some((x) => (x.createdAt + 1000 - brandMidnight(FIRST_DAY)) % DAY === 0)).toBe(true);
    expect(o.some((x) => x.createdAt === brandMidnight('2026-01-01') - 1000)).toBe(true);
    expect(o.some((x) => x.createdAt === brandMidnight('2026-01-01'))).toBe(true);
  });

  it('live (every day marked behind), rolled up after the job, and both after later changes', async () => {
    expect(await reportMarks(database.db)).toBeGreaterThan(0);
    await expectEveryScopeRecomputed();

    const round = await runReportRollup(database.db, 'demo', NOW);
    expect(round.ran).toBe(true);
    expect(await reportMarks(database.db)).toBe(0);
    await expectEveryScopeRecomputed();

    // A month the period covers whole is read from its month's row: a row made wrong shows in the report.
    const january = async () => (await reportOf('2026-01-01', '2026-01-31', [2])).orders;
    const before = await january();
    await database.db.execute(
      sql`update report_months set orders = orders + 1000 where resto_id = 2 and month = '2026-01-01'`,
    );
    expect(await january()).toBe(before + 1000);
    expect((await reportOf('2026-01-02', '2026-01-31', [2])).orders).toBeLessThan(before + 1);
    await database.db.execute(
      sql`update report_months set orders = orders - 1000 where resto_id = 2 and month = '2026-01-01'`,
    );

    // Later changes mark their days again: a refund, a rating, a cancel.
    const later = NOW + 60_000;
    const paidDone = history.orders.find(
      (o) => o.status === 'done' && o.paidPaymentId !== null,
    ) as HistoryOrder;
    await addRefund(
      database.db,
      paidDone,
      paidDone.payments[0] as HistoryOrder['payments'][0],
      1_000,
      'succeeded',
    );
    const unrated = history.orders.find((o) => o.status === 'done' && o.rating === null) as HistoryOrder;
    await writeRating(database.db, unrated, { stars: 2, tags: ['cold', 'late'] });
    const fresh = history.orders.find((o) => o.status === 'new') as HistoryOrder;
    await cancelOrder(database.db, fresh, later);
    for (const changed of [paidDone, unrated, fresh])
      await markReportDay(database.db, changed.id, new Date(later));
    expect(await reportMarks(database.db)).toBeGreaterThan(0);
    await expectEveryScopeRecomputed();

    // A round that began before the marks leaves them for the next.
    expect((await runReportRollup(database.db, 'demo', NOW)).days).toBe(0);
    expect(await reportMarks(database.db)).toBeGreaterThan(0);
    await runReportRollup(database.db, 'demo', later);
    expect(await reportMarks(database.db)).toBe(0);
    await expectEveryScopeRecomputed();

    // A rebuild (days first, then each month once) gives the same figures.
    await rebuildReportDays(database.db, 'demo', new Date(later + 60_000));
    await expectEveryScopeRecomputed();
  }, 120_000);

  it('the summary is the report’s headline', async () => {
    const [from, to, restoIds] = SCOPES[0] as [string, string, number[]];
    const response = await adminCall(
      app,
      'GET',
      `/api/v1/admin/reports/summary?from=${from}&to=${to}&restoIds=${restoIds.join(',')}`,
      as.manager,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const full = await reportOf(from, to, restoIds);
    expect(reportSummary.parse(response.json())).toEqual({
      from: full.from,
      to: full.to,
      timezone: full.timezone,
      restoIds: full.restoIds,
      currency: full.currency,
      orders: full.orders,
      revenue: full.revenue,
      averageCheck: full.averageCheck,
    });
  });
});

describe('who sees what', () => {
  const url = (restoIds: string) =>
    `/api/v1/admin/reports?from=2026-01-10&to=2026-01-21&restoIds=${restoIds}`;
  it('an operator is refused; a linked manager sees only their restaurant; the owner every one', async () => {
    const operator = await adminCall(app, 'GET', url(''), as.operator);
    expect(operator.statusCode).toBe(403);
    expect(errorsOf(operator)[0]?.code).toBe('admin.forbidden-role');

    const own = await adminCall(app, 'GET', url(''), linkedManager);
    expect(own.statusCode, own.body).toBe(200);
    expect(report.parse(own.json()).restoIds).toEqual([1]);
    expect(report.parse(own.json())).toEqual(expectedReport('2026-01-10', '2026-01-21', [1]));
    const other = await adminCall(app, 'GET', url('1,2'), linkedManager);
    expect(other.statusCode).toBe(403);
    expect(errorsOf(other)[0]).toMatchObject({ code: 'staff.forbidden-resto', field: 'restoIds' });

    const all = report.parse((await adminCall(app, 'GET', url(''), as.owner)).json());
    expect(all.restoIds).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all.orders).toBe(expectedReport('2026-01-10', '2026-01-21', RESTOS).orders);
  });
});

describe('bad queries', () => {
  const cases: [string, string, string][] = [
    ['from=2026-02-01&to=2026-01-01', 'report.from-after-to', 'from'],
    ['from=2026-01-01&to=2028-01-02', 'report.period-too-long', 'to'],
    ['from=2026-02-30&to=2026-03-01', 'report.date-malformed', 'from'],
    ['from=2026-01-01&to=abc', 'report.date-malformed', 'to'],
    ['from=2026-01-01&to=2026-01-02&restoIds=1,x', 'admin.resto-not-found', 'restoIds'],
    ['from=2026-01-01&to=2026-01-02&restoIds=99999', 'admin.resto-not-found', 'restoIds'],
  ];
  it.each(cases)('%s → 422 %s on %s, in the request’s language', async (query, code, field) => {
    for (const path of ['/api/v1/admin/reports', '/api/v1/admin/reports/summary']) {
      const response = await adminCall(app, 'GET', `${path}?${query}`, {
        ...as.owner,
        'accept-language': 'en',
      });
      expect(response.statusCode, response.body).toBe(422);
      const [error] = errorsOf(response);
      expect(error).toMatchObject({ code, field });
      expect(error?.message).toMatch(/[a-z]/i);
    }
  });
  it('a missing date is a coded 4xx', async () => {
    const response = await adminCall(app, 'GET', '/api/v1/admin/reports?from=2026-01-01', as.owner);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorsOf(response)[0]?.code).toEqual(expect.any(String));
  });
  it('a fuzzed query never answers 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '2026-01-10',
        '2026-13-01',
        '0000-00-00',
        '9999-12-31',
        '1,2',
        '1,,2',
        '-1',
        '0',
        '1e3',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/v1/admin/reports',
          '/api/v1/admin/reports/summary',
          '/api/v1/admin/reports/export',
        ),
        fc.array(fc.tuple(fc.constantFrom('from', 'to', 'restoIds', 'format', 'locale'), value), {
          maxLength: 5,
        }),
        async (path, pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const response = await adminCall(app, 'GET', `${path}?${query}`, as.manager);
          expect(response.statusCode, `${path}?${query}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('export', () => {
  const query = 'from=2026-01-10&to=2026-01-21&restoIds=1,2,6';
  it('CSV: BOM, semicolons, CRLF, rubles, headers in the language; figures parse back', async () => {
    const expected = expectedReport('2026-01-10', '2026-01-21', RESTOS);
    const response = await adminCall(app, 'GET', `/api/v1/admin/reports/export?${query}&format=csv`, {
      ...as.owner,
      'accept-language': 'en',
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(';'));
    const cell = (label: string) => rows.find((r) => r[0] === label)?.[1];
    const rubles = (value: string | undefined) => Math.round(Number((value ?? '').replace(',', '.')) * 100);
    expect(Number(cell('Orders'))).toBe(expected.orders);
    expect(rubles(cell('Revenue'))).toBe(expected.revenue);
    expect(rubles(cell('Average check'))).toBe(expected.averageCheck);
    expect(rubles(cell('Refunds'))).toBe(expected.refunds);
    expect(rubles(cell('Points spent'))).toBe(expected.bonusSpent);
    expect(Number(cell('Customers'))).toBe(expected.customers.total);
    const day = expected.days[2];
    const dayRow = rows.find((r) => r[0] === day?.date);
    expect(dayRow && [Number(dayRow[1]), Number(dayRow[2]), rubles(dayRow[3])]).toEqual([
      day?.placed,
      day?.orders,
      day?.revenue,
    ]);
    const ru = await adminCall(
      app,
      'GET',
      `/api/v1/admin/reports/export?${query}&format=csv&locale=ru`,
      as.owner,
    );
    expect(ru.body).toContain('Выручка;');
  });

  it('XLSX: one sheet per table; the figures parse back', async () => {
    const expected = expectedReport('2026-01-10', '2026-01-21', RESTOS);
    const response = await adminCall(
      app,
      'GET',
      `/api/v1/admin/reports/export?${query}&format=xlsx&locale=en`,
      as.owner,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const workbook = text('xl/workbook.xml');
    expect([...workbook.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toContain('Summary');
    const shared = [...text('xl/sharedStrings.xml').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]);
    const sheet = text('xl/worksheets/sheet1.xml');
    const values = new Map<string, string>();
    for (const row of sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)) {
      const cells = [...(row[1] ?? '').matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map((c) => {
        const v =
          /<v>([^<]*)<\/v>/.exec(c[2] ?? '')?.[1] ?? /<t[^>]*>([^<]*)<\/t>/.exec(c[2] ?? '')?.[1] ?? '';
        return /t="s"/.test(c[1] ?? '') ? (shared[Number(v)] ?? '') : v;
      });
      if (cells[0]) values.set(cells[0], cells[1] ?? '');
    }
    expect(Number(values.get('Orders'))).toBe(expected.orders);
    expect(Math.round(Number(values.get('Revenue')) * 100)).toBe(expected.revenue);
    expect(Math.round(Number(values.get('Average check')) * 100)).toBe(expected.averageCheck);
    expect(Number(values.get('Declined'))).toBe(expected.declined);
  });
});
