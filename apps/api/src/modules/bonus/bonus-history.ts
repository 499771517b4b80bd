import type { Locale, OrderStatus } from '@storefront/domain';
import type { BonusHistoryEntry, PersonBonus } from '@storefront/domain/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { bonusLedger, orders } from '../../db/schema.ts';
import { bonusState, earnPercentOf, readBonusProgram } from './bonus-ledger.ts';

/**
 * A person's points as people read them (decision 55): the balance, what expires soon and the history with a
 * title per row in the request's language. A hold reads as the spend once its order is done ('spent'), as a
 * reservation while the order is live.
 */

const DAY_MS = 86_400_000;
/** "Expiring soon" looks this far ahead. */
const SOON_DAYS = 30;

interface HistoryRow {
  id: number;
  kind: BonusHistoryEntry['kind'];
  amount: number;
  createdAt: Date;
  orderId: number | null;
  orderNumber: string | null;
  orderStatus: OrderStatus | null;
  expiresAt: Date | null;
  reason: string | null;
}

type Titles = Record<Locale, (row: HistoryRow, n: string) => string>;

const ENDED: Record<Locale, Partial<Record<OrderStatus, string>>> = {
  ru: { declined: 'отклонён', canceled: 'отменён' },
  en: { declined: 'declined', canceled: 'cancelled' },
};

const TITLES: Record<BonusHistoryEntry['kind'], Titles> = {
  welcome: { ru: () => 'Приветственные баллы', en: () => 'Welcome points' },
  earned: { ru: (_, n) => `Начислено за заказ ${n}`, en: (_, n) => `Earned for order ${n}` },
  spent: { ru: (_, n) => `Списано на заказ ${n}`, en: (_, n) => `Spent on order ${n}` },
  held: {
    ru: (_, n) => `Зарезервировано для заказа ${n}`,
    en: (_, n) => `Reserved for order ${n}`,
  },
  released: {
    ru: (row, n) => `Возвращено: заказ ${n} ${ENDED.ru[row.orderStatus ?? 'canceled'] ?? 'отменён'}`,
    en: (row, n) => `Returned: order ${n} ${ENDED.en[row.orderStatus ?? 'canceled'] ?? 'cancelled'}`,
  },
  'refund-return': {
    ru: (_, n) => `Возвращено при возврате денег за заказ ${n}`,
    en: (_, n) => `Returned with the refund of order ${n}`,
  },
  'refund-clawback': {
    ru: (_, n) => `Списано при возврате денег за заказ ${n}`,
    en: (_, n) => `Taken back with the refund of order ${n}`,
  },
  expired: { ru: () => 'Сгорели баллы', en: () => 'Points expired' },
  adjusted: {
    ru: (row) => `${row.amount >= 0 ? 'Начислено' : 'Списано'} сотрудником: ${row.reason ?? ''}`,
    en: (row) => `${row.amount >= 0 ? 'Added' : 'Taken'} by staff: ${row.reason ?? ''}`,
  },
};

/** The person's rows, newest first, at most `limit`, with their titles. */
export async function bonusHistory(
  db: Executor,
  whiteLabel: string,
  personId: number,
  locale: Locale,
  limit: number,
): Promise<BonusHistoryEntry[]> {
  const rows = await db
    .select({
      id: bonusLedger.id,
      kind: bonusLedger.kind,
      amount: bonusLedger.amount,
      createdAt: bonusLedger.createdAt,
      orderId: bonusLedger.orderId,
      orderNumber: orders.number,
      orderStatus: orders.status,
      expiresAt: bonusLedger.expiresAt,
      reason: bonusLedger.reason,
    })
    .from(bonusLedger)
    .leftJoin(orders, eq(orders.id, bonusLedger.orderId))
    .where(and(eq(bonusLedger.personId, personId), eq(bonusLedger.whiteLabelId, whiteLabel)))
    .orderBy(desc(bonusLedger.id))
    .limit(limit);
  return rows.map((stored) => {
    const row: HistoryRow = {
      ...stored,
      kind: stored.kind === 'held' && stored.orderStatus === 'done' ? 'spent' : stored.kind,
    };
    return {
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      at: row.createdAt.toISOString(),
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      // Debits carry no expiry of their own; an `expired` row's instant is in its title's moment, not a date ahead.
      expiresAt: row.amount > 0 ? (row.expiresAt?.toISOString() ?? null) : null,
      reason: row.reason,
      title: TITLES[row.kind][locale](row, row.orderNumber ?? ''),
    };
  });
}

/** GET /api/v1/persons/{personId}/bonus's answer. */
export async function personBonus(
  db: Executor,
  whiteLabel: string,
  personId: number,
  nowMs: number,
  locale: Locale,
): Promise<PersonBonus> {
  const program = await readBonusProgram(db, whiteLabel);
  const state = await bonusState(db, whiteLabel, personId, nowMs);
  const soon = nowMs + SOON_DAYS * DAY_MS;
  return {
    enabled: program.enabled,
    // What can be spent now: points past their day are not shown as the balance even before their row is written.
    balance: state.spendable,
    earnPercent: program.enabled ? await earnPercentOf(db, program, whiteLabel, personId, nowMs) : 0,
    spendMaxPercent: program.enabled ? program.spendMaxPercent : 0,
    expiringSoon: state.lots
      .filter((lot) => lot.expiresAtMs > nowMs && lot.expiresAtMs <= soon)
      .map((lot) => ({ amount: lot.left, expiresAt: new Date(lot.expiresAtMs).toISOString() })),
    history: await bonusHistory(db, whiteLabel, personId, locale, 100),
  };
}
