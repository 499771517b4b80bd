import {
  DECLINE_REASON_TEXTS,
  formatMoney,
  type Locale,
  type Minor,
  pickText,
  RATING_TAG_TEXTS,
  REPORT_MINUTE_BUCKETS,
} from '@storefront/domain';
import type { Report, StaffRating } from '@storefront/domain/contracts';
import { serverNow } from '@storefront/web/src/entities/clock/clock-store.ts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminRestos } from '../../../entities/restos/restos.ts';
import { useSearchParams } from '../../../shared/navigation.tsx';
import { brandToday, filterOfQuery, queryOfFilter, type ReportFilter } from '../model/report-period.ts';
import {
  type ExportFormat,
  exportPath,
  fetchReportFile,
  lowRatingsQuery,
  reportQuery,
  saveBlob,
} from '../model/reports-api.ts';
import type { BarPoint } from './report-charts.tsx';
import { type FilterErrors, ReportFilters } from './report-filters.tsx';
import styles from './reports.module.css';

type T = TFunction<'reports'>;

const DaysChart = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.DaysChart })));
const BarsChart = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.BarsChart })));

/** The brand's offset when no restaurant says one: the API's own default. */
const DEFAULT_OFFSET = '+03:00';

/** Stars ×100 as a mark with one decimal in the interface's way: 437 → '4,4' / '4.4'. */
export function averageText(averageX100: number | null, locale: Locale): string {
  if (averageX100 === null) return '—';
  const tenths = Math.round(averageX100 / 10);
  return `${Math.floor(tenths / 10)}${locale === 'ru' ? ',' : '.'}${tenths % 10}`;
}

/** A share as whole percent: 1 of 3 → '33 %' / '33%'. */
export function percentText(part: number, whole: number, locale: Locale): string {
  const value = whole > 0 ? Math.round((part * 100) / whole) : 0;
  return locale === 'ru' ? `${value}\u00a0%` : `${value}%`;
}

const dayLabel = (date: string, locale: Locale) => {
  const [, m, d] = date.split('-');
  return locale === 'ru' ? `${d}.${m}` : `${m}/${d}`;
};

/** The API's coded refusal of the query, beside the field it names. */
function filterErrorsOf(error: unknown, t: T): FilterErrors | null {
  if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 403)) return null;
  const errors: FilterErrors = {};
  for (const fieldError of error.fieldErrors) {
    if (fieldError.field === 'from' || fieldError.field === 'to')
      errors[fieldError.field] = t(fieldError.code, { defaultValue: fieldError.message });
    else if (fieldError.field === 'restoIds') errors.restoIds = t('restosError');
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function Card({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <div className={styles.card}>
      <dt className={styles.cardLabel}>{label}</dt>
      <dd className={styles.cardValue} data-testid={testId}>
        {value}
      </dd>
      {hint && <dd className={styles.cardHint}>{hint}</dd>}
    </div>
  );
}

/** A block of the report: its title, a chart (if any) and the table with the same numbers beside it. */
function Block({
  title,
  chart,
  children,
  testId,
  wide,
}: {
  title: string;
  chart?: ReactNode;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <section className={wide ? `${styles.block} ${styles.wide}` : styles.block} data-testid={testId}>
      <h2 className={styles.blockTitle}>{title}</h2>
      <div className={chart ? styles.blockBody : undefined}>
        {chart && (
          <div className={styles.chart}>
            <Suspense fallback={<div className={styles.chartLoading} />}>{chart}</Suspense>
          </div>
        )}
        <div className={styles.tableWrap}>{children}</div>
      </div>
    </section>
  );
}

/** A two- or three-column table: a name, a count and, when given, an amount. */
function LinesTable({
  rows,
  nameHeader,
  countHeader,
  amountHeader,
  none,
}: {
  rows: { key: string; name: string; count: number; amount?: string }[];
  nameHeader: string;
  countHeader: string;
  amountHeader?: string;
  none: string;
}) {
  if (rows.length === 0) return <p className={styles.hint}>{none}</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col" className={styles.num}>
            {countHeader}
          </th>
          {amountHeader && (
            <th scope="col" className={styles.num}>
              {amountHeader}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td className={styles.num}>{row.count}</td>
            {amountHeader && <td className={styles.num}>{row.amount}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const bars = (rows: { name: string; count: number }[]): BarPoint[] =>
  rows.map((row) => ({ label: row.name, value: row.count }));

function HeatMap({ heatMap, t }: { heatMap: number[][]; t: T }) {
  const max = Math.max(1, ...heatMap.flat());
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return (
    <div className={styles.heatWrap}>
      <table className={styles.heat}>
        <thead>
          <tr>
            <th scope="col">
              <span className={styles.srOnly}>{t('hour')}</span>
            </th>
            {hours.map((hour) => (
              <th key={hour} scope="col">
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatMap.map((row, weekday) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the seven weekdays, in order
            <tr key={weekday}>
              <th scope="row">{t(`weekday_${weekday}`)}</th>
              {row.map((count, hour) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells are the 24 hours, in order
                  key={hour}
                  title={t('heatCell', { day: t(`weekday_${weekday}`), hour, count })}
                  style={{
                    background:
                      count > 0
                        ? `color-mix(in srgb, var(--color-primary) ${Math.round(15 + (85 * count) / max)}%, transparent)`
                        : undefined,
                  }}
                  className={count / max > 0.55 ? styles.heatStrong : undefined}
                >
                  {count > 0 ? count : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function minutesText(value: number | null, t: T): string {
  if (value === null) return '—';
  return value >= REPORT_MINUTE_BUCKETS - 1
    ? t('minutesMore', { count: value })
    : t('minutes', { count: value });
}

function LowRatings({
  ratings,
  restoName,
  locale,
  t,
}: {
  ratings: StaffRating[];
  restoName: (id: number) => string;
  locale: Locale;
  t: T;
}) {
  if (ratings.length === 0) return <p className={styles.hint}>{t('lowRatingsNone')}</p>;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <table className={styles.table} data-testid="report-low-ratings">
      <thead>
        <tr>
          <th scope="col">{t('order')}</th>
          <th scope="col" className={styles.num}>
            {t('stars')}
          </th>
          <th scope="col">{t('comment')}</th>
          <th scope="col">{t('ratedAt')}</th>
        </tr>
      </thead>
      <tbody>
        {ratings.map((rating) => (
          <tr key={rating.orderId}>
            <th scope="row">
              {rating.number}
              <span className={styles.cellHint}>{restoName(rating.restoId)}</span>
            </th>
            <td className={styles.num}>{rating.stars}</td>
            <td>
              {rating.comment ? rating.comment : <span className={styles.hint}>{t('noComment')}</span>}
              {rating.tags.length > 0 && (
                <span className={styles.cellHint}>
                  {rating.tags.map((tag) => pickText(RATING_TAG_TEXTS[tag], locale)).join(', ')}
                </span>
              )}
            </td>
            <td>
              <time dateTime={rating.ratedAt}>{when.format(new Date(rating.ratedAt))}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every block of a report with orders in it. */
function ReportBody({
  report,
  lowRatings,
  restoName,
}: {
  report: Report;
  /** undefined while loading, null when the call failed. */
  lowRatings: StaffRating[] | null | undefined;
  restoName: (id: number) => string;
}) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount as Minor, report.currency || 'RUB', locale);
  const moneyAxis = (amount: number) =>
    formatMoney((Math.round(amount / 100) * 100) as Minor, report.currency || 'RUB', locale);
  const itemRows = (items: Report['topDishes']) =>
    items.map((item) => ({
      key: String(item.positionId),
      name: pickText(item.name, locale),
      count: item.count,
      amount: money(item.amount),
    }));
  const dishes = itemRows(report.topDishes);
  const addOns = itemRows(report.topAddOns);
  const gifts = itemRows(report.gifts);
  const cancels = report.cancels.map((row) => ({
    key: row.reason,
    name: t(`cancel_${row.reason}`, { defaultValue: row.reason }),
    count: row.count,
  }));
  const declines = report.declines.map((row) => ({
    key: row.reason,
    name: pickText(DECLINE_REASON_TEXTS[row.reason], locale),
    count: row.count,
  }));
  const promo = report.promoCodes.map((row) => ({
    key: row.code,
    name: row.code,
    count: row.count,
    amount: money(row.amount),
  }));
  const stars = [5, 4, 3, 2, 1].map((star) => ({
    key: String(star),
    name: t('starsLabel', { count: star }),
    count: report.ratings.stars[star - 1] ?? 0,
  }));
  const tags = report.ratings.tags.map((row) => ({
    key: row.tag,
    name: pickText(RATING_TAG_TEXTS[row.tag], locale),
    count: row.count,
  }));
  const { customers, timings } = report;

  return (
    <>
      <dl className={styles.cards} aria-label={t('headline')}>
        <Card
          label={t('orders')}
          value={String(report.orders)}
          hint={t('ordersHint', { placed: report.placed })}
          testId="report-orders"
        />
        <Card
          label={t('revenue')}
          value={money(report.revenue)}
          hint={t('revenueHint')}
          testId="report-revenue"
        />
        <Card label={t('averageCheck')} value={money(report.averageCheck)} testId="report-average-check" />
        <Card label={t('discounts')} value={money(report.discounts)} testId="report-discounts" />
        <Card label={t('bonusSpent')} value={money(report.bonusSpent)} testId="report-bonus-spent" />
        <Card label={t('deliveryFees')} value={money(report.deliveryFees)} testId="report-delivery-fees" />
        <Card label={t('refunds')} value={money(report.refunds)} testId="report-refunds" />
        <Card label={t('cancelled')} value={String(report.cancelled)} testId="report-cancelled" />
        <Card label={t('declined')} value={String(report.declined)} testId="report-declined" />
      </dl>

      <div className={styles.blocks}>
        <Block
          title={t('byDay')}
          wide
          testId="report-days"
          chart={
            <DaysChart
              points={report.days.map((day) => ({
                label: dayLabel(day.date, locale),
                revenue: day.revenue,
                orders: day.orders,
              }))}
              revenueName={t('chartRevenue')}
              ordersName={t('chartOrders')}
              money={moneyAxis}
            />
          }
        >
          <div className={styles.scrollTable}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col" className={styles.num}>
                    {t('orders')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('revenue')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('averageCheck')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{dayLabel(day.date, locale)}</th>
                    <td className={styles.num}>{day.orders}</td>
                    <td className={styles.num}>{money(day.revenue)}</td>
                    <td className={styles.num}>{money(day.averageCheck)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Block>

        <Block title={t('heatMap')} wide testId="report-heat-map">
          <p className={styles.hint}>{t('heatMapHint')}</p>
          <HeatMap heatMap={report.heatMap} t={t} />
        </Block>

        <Block
          title={t('topDishes')}
          testId="report-top-dishes"
          chart={dishes.length > 0 && <BarsChart points={bars(dishes.slice(0, 10))} name={t('count')} />}
        >
          <LinesTable
            rows={dishes}
            nameHeader={t('dish')}
            countHeader={t('count')}
            amountHeader={t('amount')}
            none={t('none')}
          />
        </Block>

        <Block
          title={t('topAddOns')}
          testId="report-top-add-ons"
          chart={addOns.length > 0 && <BarsChart points={bars(addOns.slice(0, 10))} name={t('count')} />}
        >
          <LinesTable
            rows={addOns}
            nameHeader={t('dish')}
            countHeader={t('count')}
            amountHeader={t('amount')}
            none={t('none')}
          />
        </Block>

        <Block title={t('gifts')} testId="report-gifts">
          <LinesTable rows={gifts} nameHeader={t('dish')} countHeader={t('count')} none={t('none')} />
        </Block>

        <Block
          title={t('cancels')}
          testId="report-cancels"
          chart={cancels.length > 0 && <BarsChart points={bars(cancels)} name={t('cancelled')} />}
        >
          <LinesTable rows={cancels} nameHeader={t('reason')} countHeader={t('cancelled')} none={t('none')} />
        </Block>

        <Block
          title={t('declines')}
          testId="report-declines"
          chart={declines.length > 0 && <BarsChart points={bars(declines)} name={t('declined')} />}
        >
          <LinesTable rows={declines} nameHeader={t('reason')} countHeader={t('declined')} none={t('none')} />
        </Block>

        <Block title={t('customers')} testId="report-customers">
          <dl className={styles.facts}>
            <div>
              <dt>{t('customersTotal')}</dt>
              <dd>{customers.total}</dd>
            </div>
            <div>
              <dt>{t('customersNew')}</dt>
              <dd>{customers.new}</dd>
            </div>
            <div>
              <dt>{t('customersReturning')}</dt>
              <dd>{customers.returning}</dd>
            </div>
            <div>
              <dt>{t('customersRepeat')}</dt>
              <dd>{customers.repeat}</dd>
            </div>
            <div>
              <dt>{t('repeatRate')}</dt>
              <dd data-testid="report-repeat-rate">
                {percentText(customers.repeat, customers.total, locale)}
              </dd>
            </div>
          </dl>
        </Block>

        <Block title={t('timings')} testId="report-timings">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <span className={styles.srOnly}>{t('timings')}</span>
                </th>
                <th scope="col" className={styles.num}>
                  {t('median')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('p90')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('timed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {(['toAcceptance', 'toDone'] as const).map((key) => (
                <tr key={key}>
                  <th scope="row">{t(key)}</th>
                  <td className={styles.num}>{minutesText(timings[key].median, t)}</td>
                  <td className={styles.num}>{minutesText(timings[key].p90, t)}</td>
                  <td className={styles.num}>{timings[key].count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Block>

        <Block title={t('promoCodes')} testId="report-promo-codes">
          <LinesTable
            rows={promo}
            nameHeader={t('code')}
            countHeader={t('uses')}
            amountHeader={t('discounts')}
            none={t('none')}
          />
        </Block>

        <section className={`${styles.block} ${styles.wide}`} data-testid="report-ratings">
          <h2 className={styles.blockTitle}>{t('ratings')}</h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('ratingsCount')}</dt>
              <dd data-testid="report-ratings-count">{report.ratings.count}</dd>
            </div>
            <div>
              <dt>{t('ratingsAverage')}</dt>
              <dd data-testid="report-ratings-average">{averageText(report.ratings.averageX100, locale)}</dd>
            </div>
          </dl>
          <div className={styles.blockBody}>
            <div className={styles.chart}>
              <Suspense fallback={<div className={styles.chartLoading} />}>
                <BarsChart points={bars(stars)} name={t('ratingsCount')} />
              </Suspense>
            </div>
            <div className={styles.tableWrap}>
              <LinesTable
                rows={stars}
                nameHeader={t('stars')}
                countHeader={t('ratingsCount')}
                none={t('none')}
              />
              <LinesTable
                rows={tags}
                nameHeader={t('tag')}
                countHeader={t('ratingsCount')}
                none={t('none')}
              />
            </div>
          </div>
          <h3 className={styles.subTitle}>{t('lowRatings')}</h3>
          {lowRatings === undefined ? (
            <Spinner label={t('loading')} />
          ) : lowRatings === null ? (
            <p className={styles.error}>{t('failed')}</p>
          ) : (
            <div className={styles.scrollTable}>
              <LowRatings ratings={lowRatings} restoName={restoName} locale={locale} t={t} />
            </div>
          )}
        </section>
      </div>
    </>
  );
}

function ExportButtons({ filter }: { filter: ReportFilter }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    setFailed(null);
    try {
      const blob = await fetchReportFile(exportPath(filter, format, locale), locale);
      saveBlob(`report-${filter.from}-${filter.to}.${format}`, blob);
    } catch (error) {
      setFailed(
        error instanceof ApiError && error.status !== 0 && error.code ? error.message : t('exportFailed'),
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.export}>
      <span className={styles.hint}>{t('export')}</span>
      <Button
        variant="secondary"
        aria-label={t('exportCsvLabel')}
        loading={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void download('csv')}
      >
        {t('exportCsv')}
      </Button>
      <Button
        variant="secondary"
        aria-label={t('exportXlsxLabel')}
        loading={busy === 'xlsx'}
        disabled={busy !== null}
        onClick={() => void download('xlsx')}
      >
        {t('exportXlsx')}
      </Button>
      {failed && (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      )}
    </div>
  );
}

/**
 * /admin/reports: the chain's figures for a period and restaurants (decision 57). The period and restaurants are the
 * URL's query, so a link shares the report; days are the brand's (its first restaurant's offset). Headline cards,
 * then a chart with its table per block, the ratings with the low ones' comments, and the export of the same query.
 */
export function ReportsScreen({ now = serverNow }: { now?: () => number }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const restos = useAdminRestos();
  const restoList = restos.data ?? [];
  const offset = [...restoList].sort((a, b) => a.id - b.id)[0]?.timezone ?? DEFAULT_OFFSET;
  const today = brandToday(now(), offset);
  const filter = filterOfQuery(params, today);
  const report = useQuery(reportQuery(filter));
  const hasOrders = !!report.data && report.data.placed > 0;
  const lowRatings = useQuery({ ...lowRatingsQuery(filter), enabled: hasOrders });
  const errors = filterErrorsOf(report.error, t);
  const restoName = (id: number) => {
    const found = restoList.find((resto) => resto.id === id);
    return found ? pickText(found.name, locale) : `#${id}`;
  };
  const setFilter = (next: ReportFilter) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        for (const [key, value] of Object.entries(queryOfFilter(next))) {
          if (value) query.set(key, value);
          else query.delete(key);
        }
        return query;
      },
      { replace: true },
    );

  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.intro}>{t('intro', { timezone: report.data?.timezone ?? offset })}</p>
        </div>
        <ExportButtons filter={filter} />
      </div>
      <ReportFilters
        filter={filter}
        today={today}
        restos={restoList}
        errors={errors ?? {}}
        onChange={setFilter}
      />
      {report.isPending && (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      )}
      {report.isError && !errors && (
        <div role="alert" className={styles.failed}>
          <p className={styles.error}>{t('failed')}</p>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {report.data && !hasOrders && (
        <p className={styles.empty} data-testid="report-empty">
          {t('empty')}
        </p>
      )}
      {report.data && hasOrders && (
        <ReportBody
          report={report.data}
          lowRatings={lowRatings.isError ? null : lowRatings.data}
          restoName={restoName}
        />
      )}
    </div>
  );
}
