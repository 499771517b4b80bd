import type { AdminResto, Report, StaffRating } from '@storefront/domain/contracts';
import { switchLocale } from '@storefront/web/src/shared/i18n/i18n.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { type Call, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import { ReportsScreen } from './reports-screen.tsx';

/** The reports screen against the contract's answers (decision 57); the clock is pinned to 27 Nov 2026, 12:00 MSK. */

const NOW = Date.parse('2026-11-27T09:00:00Z');

const resto = (id: number, ru: string, en: string): AdminResto =>
  ({
    id,
    name: { ru, en },
    address: { ru: `Казань, ${ru}` },
    timezone: '+03:00',
    isPublished: true,
  }) as AdminResto;

const RESTOS = [
  resto(1, 'На Баумана', 'Baumana St'),
  resto(2, 'На Пушкина', 'Pushkina St'),
  resto(3, 'Кремль', 'Kremlin'),
];

const heatMap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
(heatMap[4] as number[])[19] = 7;

const REPORT: Report = {
  from: '2026-11-21',
  to: '2026-11-27',
  timezone: '+03:00',
  restoIds: [1, 2, 3],
  currency: 'RUB',
  orders: 12,
  revenue: 1_234_550 as Report['revenue'],
  averageCheck: 102_879 as Report['averageCheck'],
  placed: 15,
  done: 11,
  cancelled: 2,
  declined: 1,
  revenueOrders: 12,
  refunds: 45_000 as Report['refunds'],
  gross: 1_500_000 as Report['gross'],
  discounts: 81_000 as Report['discounts'],
  bonusSpent: 20_000 as Report['bonusSpent'],
  deliveryFees: 30_000 as Report['deliveryFees'],
  cancels: [
    { reason: 'customer', count: 1 },
    { reason: 'unpaid', count: 1 },
  ],
  declines: [{ reason: 'kitchen-overloaded', count: 1 }],
  customers: { total: 9, new: 4, returning: 5, repeat: 3 },
  topDishes: [
    {
      positionId: 15,
      name: { ru: 'Филадельфия', en: 'Philadelphia roll' },
      count: 14,
      amount: 686_000 as Report['revenue'],
    },
    {
      positionId: 16,
      name: { ru: 'Калифорния', en: 'California roll' },
      count: 6,
      amount: 234_000 as Report['revenue'],
    },
  ],
  topAddOns: [
    {
      positionId: 14,
      name: { ru: 'Морс клюквенный', en: 'Cranberry drink' },
      count: 5,
      amount: 75_000 as Report['revenue'],
    },
  ],
  gifts: [
    {
      positionId: 21,
      name: { ru: 'Мисо-суп', en: 'Miso soup' },
      count: 2,
      amount: 0 as Report['revenue'],
    },
  ],
  promoCodes: [{ code: 'WINTER10', count: 3, amount: 27_000 as Report['revenue'] }],
  heatMap,
  timings: {
    toAcceptance: { count: 11, median: 3, p90: 9 },
    toDone: { count: 11, median: 48, p90: 240 },
  },
  ratings: {
    count: 4,
    averageX100: 375,
    stars: [1, 0, 0, 1, 2],
    tags: [
      { tag: 'cold', count: 1 },
      { tag: 'tasty', count: 2 },
    ],
  },
  days: [
    {
      date: '2026-11-26',
      placed: 8,
      orders: 7,
      revenue: 734_550 as Report['revenue'],
      averageCheck: 104_936 as Report['revenue'],
    },
    {
      date: '2026-11-27',
      placed: 7,
      orders: 5,
      revenue: 500_000 as Report['revenue'],
      averageCheck: 100_000 as Report['revenue'],
    },
  ],
};

const LOW: StaffRating[] = [
  {
    orderId: 501,
    restoId: 2,
    number: 'П-014',
    stars: 1,
    tags: ['cold'],
    comment: 'Роллы приехали холодными',
    ratedAt: '2026-11-26T18:30:00Z',
    seenAt: null,
  },
];

const EMPTY: Report = {
  ...REPORT,
  orders: 0,
  placed: 0,
  revenue: 0 as Report['revenue'],
  averageCheck: 0 as Report['averageCheck'],
  days: [],
};

function api(over: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    'GET /api/v1/admin/restos': () => json({ restos: RESTOS }),
    'GET /api/v1/admin/reports': () => json(REPORT),
    'GET /api/v1/admin/reports/ratings': () => json({ content: LOW }),
    ...over,
  });
}

const open = (path = '/reports') => renderBackOffice(<ReportsScreen now={() => NOW} />, { path });
const searchOf = (calls: Call[], call: string) =>
  calls.filter((c) => c.call === call).map((c) => new URLSearchParams(c.search));

describe('the reports screen', () => {
  beforeEach(() => signInStaff('owner'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every block with the answer’s numbers, money from minor units', async () => {
    const calls = api();
    await open();
    expect(await screen.findByTestId('report-orders')).toHaveTextContent('12');
    expect(screen.getByTestId('report-revenue')).toHaveTextContent(/^12\s345,5\s₽$/);
    expect(screen.getByTestId('report-average-check')).toHaveTextContent(/^1\s028,79\s₽$/);
    expect(screen.getByText('из 15 оформленных')).toBeInTheDocument();
    expect(screen.getByTestId('report-discounts')).toHaveTextContent(/^810\s₽$/);
    expect(screen.getByTestId('report-bonus-spent')).toHaveTextContent(/^200\s₽$/);
    expect(screen.getByTestId('report-delivery-fees')).toHaveTextContent(/^300\s₽$/);
    expect(screen.getByTestId('report-refunds')).toHaveTextContent(/^450\s₽$/);
    expect(screen.getByTestId('report-cancelled')).toHaveTextContent('2');
    expect(screen.getByTestId('report-declined')).toHaveTextContent('1');

    // No dates in the URL: the last 7 brand-local days, every restaurant of the person's.
    const [query] = searchOf(calls, 'GET /api/v1/admin/reports');
    expect(query?.get('from')).toBe('2026-11-21');
    expect(query?.get('to')).toBe('2026-11-27');
    expect(query?.has('restoIds')).toBe(false);
    expect(screen.getByRole('button', { name: '7 дней' })).toHaveAttribute('aria-pressed', 'true');

    const days = within(screen.getByTestId('report-days')).getByRole('table');
    expect(within(days).getAllByRole('row')[1]).toHaveTextContent(/26\.11\s*7\s*7\s345,5\s₽\s*1\s049,36\s₽/);
    const heat = within(screen.getByTestId('report-heat-map')).getByRole('table');
    expect(within(heat).getByTitle('Пт, 19:00 — 7')).toHaveTextContent('7');
    expect(within(heat).getByTitle('Пн, 3:00 — 0')).toHaveTextContent('');

    expect(screen.getByTestId('report-top-dishes')).toHaveTextContent(/Филадельфия\s*14\s*6\s860\s₽/);
    expect(screen.getByTestId('report-top-add-ons')).toHaveTextContent(/Морс клюквенный\s*5\s*750\s₽/);
    expect(screen.getByTestId('report-gifts')).toHaveTextContent(/Подарки по акциям.*Мисо-суп\s*2/);
    expect(screen.getByTestId('report-cancels')).toHaveTextContent(/Гость\s*1/);
    expect(screen.getByTestId('report-cancels')).toHaveTextContent(/Не оплачен вовремя\s*1/);
    expect(screen.getByTestId('report-declines')).toHaveTextContent(
      /Кухня перегружена и не успеет приготовить заказ вовремя\s*1/,
    );
    const customers = screen.getByTestId('report-customers');
    expect(customers).toHaveTextContent(/Заказывали\s*9/);
    expect(customers).toHaveTextContent(/Новые\s*4/);
    expect(customers).toHaveTextContent(/Вернувшиеся\s*5/);
    // 3 of 9 came twice or more.
    expect(screen.getByTestId('report-repeat-rate')).toHaveTextContent(/^33\s%$/);
    const timings = screen.getByTestId('report-timings');
    expect(timings).toHaveTextContent(/До принятия\s*3 мин\s*9 мин\s*11/);
    expect(timings).toHaveTextContent(/До готовности\s*48 мин\s*240 мин и дольше\s*11/);
    expect(screen.getByTestId('report-promo-codes')).toHaveTextContent(/WINTER10\s*3\s*270\s₽/);

    const ratings = screen.getByTestId('report-ratings');
    expect(within(ratings).getByTestId('report-ratings-count')).toHaveTextContent('4');
    expect(within(ratings).getByTestId('report-ratings-average')).toHaveTextContent('3,8');
    expect(ratings).toHaveTextContent(/5 звёзд\s*2/);
    expect(ratings).toHaveTextContent(/1 звезда\s*1/);
    expect(ratings).toHaveTextContent(/Холодное\s*1/);
    expect(ratings).toHaveTextContent(/Вкусно\s*2/);
    const low = await within(ratings).findByTestId('report-low-ratings');
    expect(low).toHaveTextContent('П-014');
    expect(low).toHaveTextContent('На Пушкина');
    expect(low).toHaveTextContent('Роллы приехали холодными');
    const [lowQuery] = searchOf(calls, 'GET /api/v1/admin/reports/ratings');
    expect(lowQuery?.get('maxStars')).toBe('2');
    expect(lowQuery?.get('from')).toBe('2026-11-21');
    expect(calls.every((c) => c.headers.authorization === 'Bearer a1')).toBe(true);
  });

  it('keeps the period and restaurants in the URL: read from a shared link, written on every change', async () => {
    const calls = api();
    const { location } = await open('/reports?from=2026-11-01&to=2026-11-10&restos=2');
    await screen.findByTestId('report-orders');
    let [query] = searchOf(calls, 'GET /api/v1/admin/reports');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.get('to')).toBe('2026-11-10');
    expect(query?.get('restoIds')).toBe('2');
    expect(screen.getByLabelText('С')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('По')).toHaveValue('2026-11-10');
    expect(screen.getByTestId('report-restos-value')).toHaveTextContent('На Пушкина');

    fireEvent.click(screen.getByRole('button', { name: 'Прошлый месяц' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/reports?from=2026-10-01&to=2026-10-31&restos=2'),
    );
    await waitFor(() => expect(searchOf(calls, 'GET /api/v1/admin/reports')).toHaveLength(2));
    query = searchOf(calls, 'GET /api/v1/admin/reports').at(-1);
    expect(query?.get('from')).toBe('2026-10-01');
    expect(query?.get('to')).toBe('2026-10-31');

    // The restaurants: searched by name, ticked, and all again.
    fireEvent.change(screen.getByLabelText('Найти ресторан'), { target: { value: 'баум' } });
    expect(screen.queryByRole('checkbox', { name: 'На Пушкина' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'На Баумана' }));
    await waitFor(() => expect(location.history?.at(-1)).toContain('restos=1%2C2'));
    expect(screen.getByTestId('report-restos-value')).toHaveTextContent('2 ресторана');
    await waitFor(() =>
      expect(searchOf(calls, 'GET /api/v1/admin/reports').at(-1)?.get('restoIds')).toBe('1,2'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Все' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/reports?from=2026-10-01&to=2026-10-31'),
    );
    expect(screen.getByTestId('report-restos-value')).toHaveTextContent('Все рестораны');

    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-10-05' } });
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/reports?from=2026-10-05&to=2026-10-31'),
    );
  });

  it('shows the API’s refusal of the period beside the field it names', async () => {
    api({
      'GET /api/v1/admin/reports': (_body, _headers, search) => {
        const query = new URLSearchParams(search);
        if (query.get('from') === '2026-12-01') return refusal(422, 'report.from-after-to', {}, 'from');
        if (query.get('to') === '2029-01-01') return refusal(422, 'report.period-too-long', {}, 'to');
        return refusal(403, 'staff.forbidden-resto', {}, 'restoIds');
      },
    });
    await open('/reports?from=2026-12-01&to=2026-11-10');
    const from = screen.getByLabelText('С');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Начало периода позже его конца')).toBeInTheDocument();
    expect(screen.getByLabelText('По')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Не удалось загрузить отчёт')).toBeNull();

    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2029-01-01' } });
    expect(await screen.findByText('Период не длиннее двух лет')).toBeInTheDocument();
    expect(screen.getByLabelText('По')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('Эти рестораны вам недоступны')).toBeInTheDocument();
  });

  it('says when the period has no orders, and offers a retry when the report fails', async () => {
    let fail = true;
    api({
      'GET /api/v1/admin/reports': () => (fail ? refusal(500, 'internal') : json(EMPTY)),
    });
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить отчёт');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('report-empty')).toHaveTextContent('За этот период заказов нет');
    expect(screen.queryByTestId('report-orders')).toBeNull();
  });

  it('exports the same period and restaurants as CSV and XLSX with the staff token', async () => {
    const calls = api({
      'GET /api/v1/admin/reports/export': (_body, _headers, search) =>
        new URLSearchParams(search).get('format') === 'xlsx'
          ? new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]), {
              headers: {
                'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              },
            })
          : new Response('\uFEFFfigure;value\norders;12\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:saved';
      }),
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await open('/reports?from=2026-11-01&to=2026-11-10&restos=1,3');
    await screen.findByTestId('report-orders');
    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить отчёт в CSV' }));
    await waitFor(() => expect(names).toEqual(['report-2026-11-01-2026-11-10.csv']));
    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить отчёт в XLSX' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names[1]).toBe('report-2026-11-01-2026-11-10.xlsx');
    const exports = calls.filter((c) => c.call === 'GET /api/v1/admin/reports/export');
    expect(exports.map((c) => c.search)).toEqual([
      '?from=2026-11-01&to=2026-11-10&restoIds=1%2C3&format=csv&locale=ru',
      '?from=2026-11-01&to=2026-11-10&restoIds=1%2C3&format=xlsx&locale=ru',
    ]);
    expect(exports.every((c) => c.headers.authorization === 'Bearer a1')).toBe(true);
    // The workbook's bytes arrive whole (a text read would have spoilt them).
    expect([...new Uint8Array(await (saved[1] as Blob).arrayBuffer())]).toEqual([
      0x50, 0x4b, 0x03, 0x04, 0xff,
    ]);
  });

  it('says a refused export', async () => {
    api({ 'GET /api/v1/admin/reports/export': () => refusal(422, 'report.period-too-long', {}, 'to') });
    await open();
    await screen.findByTestId('report-orders');
    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить отчёт в CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('report.period-too-long (ru)');
  });

  // The English texts load on demand: their first load transforms every namespace, slow on a busy machine.
  it('speaks English with English numbers', async () => {
    api();
    const { i18n } = await open();
    await screen.findByTestId('report-orders');
    await act(() => switchLocale(i18n, 'en'));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByTestId('report-revenue')).toHaveTextContent('₽12,345.5');
    expect(screen.getByTestId('report-ratings-average')).toHaveTextContent('3.8');
    expect(screen.getByTestId('report-repeat-rate')).toHaveTextContent('33%');
    expect(screen.getByTestId('report-ratings')).toHaveTextContent(/5 stars\s*2/);
    expect(screen.getByTestId('report-top-dishes')).toHaveTextContent('Philadelphia roll');
    await act(() => switchLocale(i18n, 'ru'));
  }, 20_000);
});
