import {
  ERROR_MESSAGES,
  type ErrorCode,
  formatMoney,
  type Locale,
  minor,
  pickText,
} from '@storefront/domain';
import type { AdminPosLogEntry } from '@storefront/domain/contracts';
import type { TFunction } from 'i18next';

/*
 * A POS log entry's summary in the staff's words. The API writes it as counts and names (decision 54): a menu sync's
 * added, changed, hidden and failed lists, a stop-list's stopped and restored dishes, an order's number, sum and
 * items, a status's iiko and our status with the cancel cause, an import's made and skipped zones. A field this
 * screen does not know yet is shown as it is, never dropped.
 */

/** Names shown of one list before "and N more". */
const LIST_SHOWN = 8;

const LISTS = ['added', 'changed', 'hidden', 'stopped', 'restored'] as const;
/** Fields read elsewhere or of no use to the staff (ids, the POS's revision). */
const QUIET = new Set([
  'revision',
  'externalOrderId',
  'terminalGroupId',
  'paymentTypes',
  'action',
  'previousOrganizationId',
  'source',
  'date',
  'ours',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function listLine(names: readonly string[], t: TFunction) {
  const shown = names.slice(0, LIST_SHOWN).join(', ');
  return names.length > LIST_SHOWN
    ? `${shown} ${t('summary_more', { count: names.length - LIST_SHOWN })}`
    : shown;
}

/** A reason as the staff read it: a coded one ('pos.zone-exists') in words of the screen's language, iiko's own as it is. */
export const reasonText = (reason: string, locale: Locale) =>
  reason in ERROR_MESSAGES ? pickText(ERROR_MESSAGES[reason as ErrorCode], locale) : reason;

/** "name — reason" pairs (a sync's failed dishes, an import's skipped zones). */
function reasonsOf(value: unknown, locale: Locale): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) =>
    isRecord(item)
      ? [text(item.name), reasonText(text(item.reason), locale)].filter(Boolean).join(' — ')
      : text(item),
  );
}

/** An order's lines: "Филадельфия ×2 (соус ×1)". */
function itemsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => {
    const modifiers = Array.isArray(item.modifiers)
      ? item.modifiers.filter(isRecord).map((m) => `${text(m.name)} ×${text(m.count)}`)
      : [];
    const line = `${text(item.name)} ×${text(item.count)}`;
    return modifiers.length ? `${line} (${modifiers.join(', ')})` : line;
  });
}

export interface SummaryLine {
  /** A stable key for React and tests. */
  key: string;
  label: string | null;
  text: string;
}

export function summaryLines(entry: AdminPosLogEntry, t: TFunction, locale: Locale): SummaryLine[] {
  const summary = entry.summary;
  const lines: SummaryLine[] = [];
  const add = (key: string, label: string | null, value: string) => {
    if (value) lines.push({ key, label, text: value });
  };
  for (const key of LISTS) {
    const names = Array.isArray(summary[key]) ? (summary[key] as unknown[]).map(text).filter(Boolean) : [];
    if (names.length) add(key, `${t(`summary_${key}`)} (${names.length})`, listLine(names, t));
  }
  // A zones' import names what it made as `added`, like a menu sync.
  for (const key of ['failed', 'skipped'] as const) {
    const reasons = reasonsOf(summary[key], locale);
    if (reasons.length) add(key, `${t(`summary_${key}`)} (${reasons.length})`, reasons.join('; '));
  }
  if (summary.number !== undefined && summary.number !== null)
    add('number', null, t('summary_number', { number: text(summary.number) }));
  if (typeof summary.sum === 'number')
    add(
      'sum',
      null,
      t('summary_sum', { sum: formatMoney(minor(summary.sum), 'RUB', locale === 'en' ? 'en' : 'ru') }),
    );
  const items = itemsOf(summary.items);
  if (items.length) add('items', t('summary_items'), items.join(', '));
  if (typeof summary.posStatus === 'string') {
    // A step the POS made is written as from → to; a late cancel left to staff names the status it stays at.
    const ours = text(summary.to) || text(summary.status);
    const oursText = ours ? t(`order_status_${ours}`, { defaultValue: ours }) : '—';
    add('status', null, t('summary_status', { pos: summary.posStatus, ours: oursText }));
  }
  // Our cancel or decline sent on to iiko: what we ended the order as, and what iiko did with the cancel.
  if (typeof summary.withdrawn === 'string')
    add(
      'withdrawn',
      null,
      t('summary_withdrawn', {
        status: t(`order_status_${summary.withdrawn}`, { defaultValue: summary.withdrawn }),
      }),
    );
  if (typeof summary.cancel === 'string')
    add('cancel', null, t(`summary_cancel_${summary.cancel}`, { defaultValue: summary.cancel }));
  if (summary.takenOver === true) add('takenOver', null, t('summary_taken_over'));
  if (typeof summary.cause === 'string' && summary.cause)
    add('cause', null, t('summary_cause', { cause: summary.cause }));
  if (typeof summary.attempts === 'number' && summary.attempts > 1)
    add('attempts', null, t('summary_attempts', { count: summary.attempts }));
  for (const key of ['message', 'reason'] as const) add(key, null, text(summary[key]));
  if (summary.action === 'register' && typeof summary.uri === 'string')
    add('uri', null, t('summary_register', { uri: summary.uri }));
  if (typeof summary.by === 'string') add('by', null, t('summary_by', { login: summary.by }));
  const known = new Set<string>([
    ...LISTS,
    'failed',
    'skipped',
    'number',
    'sum',
    'items',
    'posStatus',
    'status',
    'from',
    'to',
    'withdrawn',
    'cancel',
    'takenOver',
    'cause',
    'attempts',
    'message',
    'reason',
    'uri',
    'by',
    ...QUIET,
  ]);
  for (const [key, value] of Object.entries(summary))
    if (
      !known.has(key) &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    )
      add(key, key, String(value));
  if (lines.length === 0 && entry.kind === 'sync' && entry.ok) add('unchanged', null, t('summary_unchanged'));
  return lines;
}

/** Everything a search of the log matches: kind, reason, and each line of the summary. */
export function searchTextOf(entry: AdminPosLogEntry, lines: readonly SummaryLine[], t: TFunction): string {
  return [
    t(`kind_${entry.kind}`),
    entry.error ?? '',
    entry.errorMessage ?? '',
    ...lines.map((line) => `${line.label ?? ''} ${line.text}`),
  ]
    .join(' ')
    .toLocaleLowerCase();
}
