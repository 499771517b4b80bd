import {
  CSV_BOM,
  csvCell,
  formatRubles,
  type Locale,
  type LocalizedText,
  pickText,
} from '@storefront/domain';
import type { Report } from '@storefront/domain/contracts';
import writeXlsxFile from 'write-excel-file/node';

/**
 * A report as files (decision 57): the same tables in both, headers in the request's language. CSV as a Russian
 * Excel opens it (BOM, ';', CRLF, rubles '150,00'), the tables one under another with a title line and a blank line
 * between; XLSX one sheet per table, money as numbers of rubles so a spreadsheet can sum them.
 */

type Money = { money: number };
type ExportCell = string | number | Money;

interface ExportTable {
  /** Sheet name: at most 31 signs, no []:*?/\ (Excel's rule). */
  title: { ru: string; en: string };
  headers: { ru: string; en: string }[];
  rows: ExportCell[][];
}

const t = (ru: string, en: string) => ({ ru, en });
const money = (value: number): Money => ({ money: value });
const WEEKDAYS = {
  ru: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

export function reportTables(report: Report, locale: Locale): ExportTable[] {
  const name = (text: LocalizedText) => pickText(text, locale);
  const minutes = (value: number | null) => (value === null ? '' : value);
  const figures: [{ ru: string; en: string }, ExportCell][] = [
    [t('Период с', 'From'), report.from],
    [t('Период по', 'To'), report.to],
    [t('Часовой пояс', 'Time zone'), report.timezone],
    [t('Рестораны', 'Restaurants'), report.restoIds.join(', ')],
    [t('Заказы', 'Orders'), report.orders],
    [t('Оформлено', 'Placed'), report.placed],
    [t('Выполнено', 'Done'), report.done],
    [t('Отменено', 'Cancelled'), report.cancelled],
    [t('Отклонено', 'Declined'), report.declined],
    [t('Выручка', 'Revenue'), money(report.revenue)],
    [t('Заказы с выручкой', 'Orders with revenue'), report.revenueOrders],
    [t('Средний чек', 'Average check'), money(report.averageCheck)],
    [t('Возвраты', 'Refunds'), money(report.refunds)],
    [t('Сумма блюд', 'Dishes before discounts'), money(report.gross)],
    [t('Скидки', 'Discounts'), money(report.discounts)],
    [t('Списано баллов', 'Points spent'), money(report.bonusSpent)],
    [t('Доставка', 'Delivery fees'), money(report.deliveryFees)],
    [t('Покупатели', 'Customers'), report.customers.total],
    [t('Новые', 'New'), report.customers.new],
    [t('Вернувшиеся', 'Returning'), report.customers.returning],
    [t('Повторные заказы', 'Ordered again'), report.customers.repeat],
    [
      t('До принятия, медиана, мин', 'To acceptance, median, min'),
      minutes(report.timings.toAcceptance.median),
    ],
    [t('До принятия, 90%, мин', 'To acceptance, 90th, min'), minutes(report.timings.toAcceptance.p90)],
    [t('До выполнения, медиана, мин', 'To done, median, min'), minutes(report.timings.toDone.median)],
    [t('До выполнения, 90%, мин', 'To done, 90th, min'), minutes(report.timings.toDone.p90)],
    [t('Оценки', 'Ratings'), report.ratings.count],
    [
      t('Средняя оценка', 'Average rating'),
      report.ratings.averageX100 === null ? '' : report.ratings.averageX100 / 100,
    ],
  ];
  const dishTable = (title: { ru: string; en: string }, lines: Report['topDishes']): ExportTable => ({
    title,
    headers: [t('Блюдо', 'Dish'), t('Штук', 'Count'), t('Сумма', 'Amount')],
    rows: lines.map((l) => [name(l.name), l.count, money(l.amount)]),
  });
  return [
    {
      title: t('Итоги', 'Summary'),
      headers: [t('Показатель', 'Figure'), t('Значение', 'Value')],
      rows: figures.map(([label, value]) => [label[locale], value]),
    },
    {
      title: t('По дням', 'Days'),
      headers: [
        t('День', 'Date'),
        t('Оформлено', 'Placed'),
        t('Заказы', 'Orders'),
        t('Выручка', 'Revenue'),
        t('Средний чек', 'Average check'),
      ],
      rows: report.days.map((d) => [d.date, d.placed, d.orders, money(d.revenue), money(d.averageCheck)]),
    },
    dishTable(t('Блюда', 'Dishes'), report.topDishes),
    dishTable(t('Добавки', 'Add-ons'), report.topAddOns),
    dishTable(t('Подарки', 'Gifts'), report.gifts),
    {
      title: t('Промокоды', 'Promo codes'),
      headers: [t('Код', 'Code'), t('Заказы', 'Orders'), t('Скидка', 'Discount')],
      rows: report.promoCodes.map((p) => [p.code, p.count, money(p.amount)]),
    },
    {
      title: t('Отмены', 'Cancels'),
      headers: [t('Кто отменил', 'Cancelled by'), t('Заказы', 'Orders')],
      rows: report.cancels.map((c) => [c.reason, c.count]),
    },
    {
      title: t('Отказы', 'Declines'),
      headers: [t('Причина', 'Reason'), t('Заказы', 'Orders')],
      rows: report.declines.map((d) => [d.reason, d.count]),
    },
    {
      title: t('Оценки', 'Ratings'),
      headers: [t('Звёзды или отметка', 'Stars or tag'), t('Оценки', 'Ratings')],
      rows: [
        ...report.ratings.stars.map((n, i): ExportCell[] => [String(i + 1), n]),
        ...report.ratings.tags.map((tag): ExportCell[] => [tag.tag, tag.count]),
      ],
    },
    {
      title: t('Часы и дни недели', 'Hours and weekdays'),
      headers: [
        t('День недели', 'Weekday'),
        ...Array.from({ length: 24 }, (_, h) => t(String(h), String(h))),
      ],
      rows: report.heatMap.map((line, weekday) => [WEEKDAYS[locale][weekday] ?? '', ...line]),
    },
  ];
}

const isMoney = (cell: ExportCell): cell is Money => typeof cell === 'object';

export function reportCsv(report: Report, locale: Locale): string {
  const line = (cells: ExportCell[]) =>
    cells.map((cell) => csvCell(isMoney(cell) ? formatRubles(cell.money) : String(cell), ';')).join(';');
  const blocks = reportTables(report, locale).map((table) =>
    [line([table.title[locale]]), line(table.headers.map((h) => h[locale])), ...table.rows.map(line)].join(
      '\r\n',
    ),
  );
  return `${CSV_BOM}${blocks.join('\r\n\r\n')}\r\n`;
}

export async function reportXlsx(report: Report, locale: Locale): Promise<Buffer> {
  const sheets = reportTables(report, locale).map((table) => ({
    sheet: table.title[locale].slice(0, 31),
    data: [
      table.headers.map((h) => ({ value: h[locale], fontWeight: 'bold' as const })),
      ...table.rows.map((row) =>
        row.map((cell) =>
          isMoney(cell)
            ? { value: cell.money / 100, type: Number, format: '#,##0.00' }
            : typeof cell === 'number'
              ? { value: cell, type: Number }
              : { value: cell, type: String },
        ),
      ),
    ],
  }));
  return writeXlsxFile(sheets).toBuffer();
}
