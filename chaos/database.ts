import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { BonusEntryKind } from '@storefront/domain';
import pg from 'pg';
import { REPO_ROOT } from '../apps/api/src/config.ts';
import type { DatabaseFacts, PosFacts, ReportFacts } from './checks.ts';

/**
 * The run's database and brand: a fresh PostgreSQL database (dropped at the end) or a PGlite data dir in a temp
 * dir, seeded by the first instance from a copy of the demo brand in which restaurant 3 (round the clock) takes
 * card payments online through YooKassa and a promo code with a small total limit exists.
 */

export const CHAOS_PROMO_CODE = 'CHAOS';
/** The welcome gift of the run's program, minor units (300 points). */
export const CHAOS_WELCOME_POINTS = 30_000;
/** Orders per 15-minute slot and method at the chaos restaurant: small enough that a run fills slots. */
export const CHAOS_SLOT_CAPACITY = 3;

/** A copy of brands/demo with the run's changes; BRANDS_DIR for the instances. */
export function chaosBrands(promoLimit: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-chaos-brands-'));
  cpSync(join(REPO_ROOT, 'brands', 'demo'), join(dir, 'demo'), { recursive: true });
  const restosFile = join(dir, 'demo', 'seed', 'restos.json');
  const restos = JSON.parse(readFileSync(restosFile, 'utf8')) as {
    id: number;
    payEngine: string;
    payConfig: { delivery: { cardOnline: string | null } };
    onlineMethods?: string[];
    slotCapacity?: { DELIVERY: number | null; TAKE_AWAY: number | null };
  }[];
  for (const resto of restos)
    if (resto.id === 3) {
      resto.payEngine = 'yookassa';
      resto.payConfig.delivery.cardOnline = 'demo-shop';
      // The fake's shop has every method, and the customers pay by all three.
      resto.onlineMethods = ['card', 'sbp', 'sberpay'];
      // A tight capacity (decision 56): the customers' orders fill quarter-hours on three instances at once, so
      // the slot-capacity invariant checks counting under races, not only the counts.
      resto.slotCapacity = { DELIVERY: CHAOS_SLOT_CAPACITY, TAKE_AWAY: CHAOS_SLOT_CAPACITY };
    }
  writeFileSync(restosFile, JSON.stringify(restos, null, 2));
  const promoFile = join(dir, 'demo', 'seed', 'promo-codes.json');
  const promos = JSON.parse(readFileSync(promoFile, 'utf8')) as { id: number }[];
  promos.push({
    id: Math.max(...promos.map((p) => p.id)) + 1,
    code: CHAOS_PROMO_CODE,
    description: { ru: 'Скидка 100 ₽ для проверки под сбоями', en: '100 ₽ off, for the chaos run' },
    kind: 'fixed',
    value: 10_000,
    maxDiscountAmount: null,
    minOrderAmount: null,
    startsAt: '2024-01-01T00:00:00+03:00',
    endsAt: null,
    active: true,
    hours: null,
    restoIds: [],
    deliveryMethods: [],
    totalLimit: promoLimit,
    perPersonLimit: null,
    usedCount: 0,
  } as { id: number });
  writeFileSync(promoFile, JSON.stringify(promos, null, 2));
  // Every customer starts with points (the welcome gift at the first sign-in), so spenders are there from the
  // first order; done orders add earners.
  const brandFile = join(dir, 'demo', 'seed', 'white-label.json');
  const brand = JSON.parse(readFileSync(brandFile, 'utf8')) as { bonusProgram?: Record<string, unknown> };
  if (brand.bonusProgram) brand.bonusProgram.welcomeBonus = CHAOS_WELCOME_POINTS;
  writeFileSync(brandFile, JSON.stringify(brand, null, 2));
  return dir;
}

export async function postgresReachable(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** What the brand's seed starts each promo code's used_count at. */
export function seededUsedCounts(brandsDir: string): Map<string, number> {
  const promos = JSON.parse(readFileSync(join(brandsDir, 'demo', 'seed', 'promo-codes.json'), 'utf8')) as {
    code: string;
    usedCount: number;
  }[];
  return new Map(promos.map((p) => [p.code.toUpperCase(), p.usedCount]));
}

async function readFacts(query: Query, seeded: Map<string, number>): Promise<DatabaseFacts> {
  const orders = await query(
    `select id, person_id, status, payment_status, payable, paid_payment_id, promo_code_id from orders`,
  );
  const keys = await query(`select person_id, key, order_id from order_idempotency_keys`);
  const payments = await query(`select id, order_id, provider_payment_id, status, amount from payments`);
  const promos = await query(`select id, code, total_limit, used_count from promo_codes`);
  const ledger = await query(
    `select id, person_id, kind, amount, order_id, refund_id, expires_at, created_at from bonus_ledger`,
  );
  const orderPoints = await query(`select id, person_id, status, bonus_spent, bonus_earn from orders`);
  const loads = await query(
    `select l.resto_id, l.delivery_type, l.slot_at, l.taken,
       case l.delivery_type when 'DELIVERY' then r.slot_capacity_delivery else r.slot_capacity_take_away end as capacity
     from slot_loads l join restos r on r.id = l.resto_id`,
  );
  const holders = await query(`select id, resto_id, delivery_type, status, slot_at from orders`);
  const reports = await readReportFacts(query);
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const instant = (v: unknown) =>
    v === null || v === undefined ? null : new Date(v as string | Date).getTime();
  return {
    orders: orders.map((o) => ({
      id: Number(o.id),
      personId: Number(o.person_id),
      status: String(o.status),
      paymentStatus: String(o.payment_status),
      payable: Number(o.payable),
      paidPaymentId: number(o.paid_payment_id),
      promoCodeId: number(o.promo_code_id),
    })),
    keys: keys.map((k) => ({
      personId: Number(k.person_id),
      key: String(k.key),
      orderId: number(k.order_id),
    })),
    payments: payments.map((p) => ({
      id: Number(p.id),
      orderId: Number(p.order_id),
      providerPaymentId: p.provider_payment_id === null ? null : String(p.provider_payment_id),
      status: String(p.status),
      amount: Number(p.amount),
    })),
    promoCodes: promos.map((p) => ({
      id: Number(p.id),
      code: String(p.code),
      totalLimit: number(p.total_limit),
      usedCount: Number(p.used_count),
      seededUsedCount: seeded.get(String(p.code).toUpperCase()) ?? 0,
    })),
    slots: {
      loads: loads.map((l) => ({
        restoId: Number(l.resto_id),
        deliveryType: String(l.delivery_type),
        slotAtMs: instant(l.slot_at) ?? 0,
        taken: Number(l.taken),
        capacity: number(l.capacity),
      })),
      holders: holders.map((o) => ({
        orderId: Number(o.id),
        restoId: Number(o.resto_id),
        deliveryType: String(o.delivery_type),
        status: String(o.status),
        slotAtMs: instant(o.slot_at),
      })),
    },
    reports,
    bonus: {
      entries: ledger.map((e) => ({
        id: Number(e.id),
        personId: Number(e.person_id),
        kind: String(e.kind) as BonusEntryKind,
        amount: Number(e.amount),
        orderId: number(e.order_id),
        refundId: number(e.refund_id),
        expiresAtMs: instant(e.expires_at),
        createdAtMs: instant(e.created_at) ?? 0,
      })),
      orders: orderPoints.map((o) => ({
        id: Number(o.id),
        personId: Number(o.person_id),
        status: String(o.status),
        bonusSpent: Number(o.bonus_spent),
        bonusEarn: Number(o.bonus_earn),
      })),
    },
  };
}

/**
 * The roll-ups beside the raw orders' counts, by restaurant and brand-local day (the brand's offset: its first
 * restaurant's, as the outbox marks by), and the months with no day marked.
 */
async function readReportFacts(query: Query): Promise<ReportFacts> {
  const persons = (v: unknown) =>
    (Array.isArray(v) ? v : String(v).replace(/[{}]/g, '').split(',')).filter((x) => x !== '').map(Number);
  const day = (r: Record<string, unknown>) => ({
    restoId: Number(r.resto_id),
    localDate: String(r.local_date),
    placed: Number(r.placed),
    orders: Number(r.orders),
    persons: persons(r.persons),
  });
  const rolled = await query(
    `select resto_id, local_date::text as local_date, placed, orders, persons from report_days`,
  );
  const raw = await query(`
    with offset_of as (select coalesce((select timezone from restos order by id limit 1), '+03:00') as tz),
    o as (
      select resto_id, ((created_at at time zone 'UTC') + (select tz from offset_of)::interval)::date as local_date,
             person_id, status not in ('declined', 'canceled') as counted
      from orders),
    p as (
      select resto_id, local_date, person_id, least(count(*), 2)::int as n from o where counted group by 1, 2, 3)
    select o.resto_id, o.local_date::text as local_date, count(*)::int as placed,
           (count(*) filter (where counted))::int as orders,
           coalesce((select array_agg(p.person_id order by p.person_id) from p cross join generate_series(1, p.n)
                     where p.resto_id = o.resto_id and p.local_date = o.local_date), '{}') as persons
    from o group by o.resto_id, o.local_date`);
  const marked = await query(`select distinct resto_id, local_date::text as local_date from report_dirty`);
  const months = await query(`
    select m.resto_id, m.month::text as month, m.placed, m.orders,
           (select coalesce(sum(d.placed), 0) from report_days d where d.resto_id = m.resto_id
              and date_trunc('month', d.local_date)::date = m.month)::int as days_placed,
           (select coalesce(sum(d.orders), 0) from report_days d where d.resto_id = m.resto_id
              and date_trunc('month', d.local_date)::date = m.month)::int as days_orders
    from report_months m
    where not exists (select 1 from report_dirty r where r.resto_id = m.resto_id
                        and date_trunc('month', r.local_date)::date = m.month)`);
  return {
    rolled: rolled.map(day),
    raw: raw.map(day),
    marked: marked.map((m) => `${Number(m.resto_id)}|${String(m.local_date)}`),
    months: months.map((m) => ({
      restoId: Number(m.resto_id),
      month: String(m.month),
      placed: Number(m.placed),
      orders: Number(m.orders),
      daysPlaced: Number(m.days_placed),
      daysOrders: Number(m.days_orders),
    })),
  };
}

/** The restaurant the chaos customers order from: linked to the fake iiko. */
export const CHAOS_POS_RESTO = 3;

/** What the run links restaurant 3 to: the fake's demo organization, terminal group and payment types. */
export interface PosLinkPlan {
  restoId: number;
  organizationId: string;
  organizationName: string;
  terminalGroupId: string;
  paymentTypes: { 'card-online': string; card: string; cash: string };
}

/** The dishes a restaurant lists (every position of its menus): each gets an iiko product. */
export async function restoDishes(query: Query, restoId: number) {
  const rows = await query(
    `select p.id, p.name, p.price from positions p join resto_menus rm on rm.menu_id = p.menu_id
     where rm.resto_id = $1 order by p.id`,
    [restoId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String((r.name as { ru?: string } | null)?.ru ?? `dish ${r.id}`),
    price: Number(r.price),
  }));
}

/**
 * Links the restaurant as the back office would leave it (pos_links, pos_organizations), its dishes mapped
 * to the iiko products made for them (pos_mappings). No webhook yet: the next instance to start registers
 * its own (at start, as on linking). The menu is never synced from iiko in the run (next sync in 2100): the
 * customers' dishes and prices stay the seed's.
 */
export async function linkToPos(query: Query, plan: PosLinkPlan, products: Map<number, string>) {
  const brand = 'demo';
  await query(
    `insert into pos_links (resto_id, white_label_id, provider, organization_id, terminal_group_id,
       payment_types, linked_at) values ($1, $2, 'iiko', $3, $4, $5::jsonb, now())`,
    [plan.restoId, brand, plan.organizationId, plan.terminalGroupId, JSON.stringify(plan.paymentTypes)],
  );
  await query(
    `insert into pos_organizations (white_label_id, provider, organization_id, name, next_sync_at)
     values ($1, 'iiko', $2, $3, '2100-01-01T00:00:00Z')`,
    [brand, plan.organizationId, plan.organizationName],
  );
  for (const [positionId, productId] of products)
    await query(
      `insert into pos_mappings (white_label_id, provider, organization_id, kind, external_id, external_size_id,
       our_id) values ($1, 'iiko', $2, 'dish', $3, '', $4)`,
      [brand, plan.organizationId, productId, positionId],
    );
}

/** Runs `use` on the run's database: a client of its own (PostgreSQL), or the data dir while no instance has it. */
export async function withDatabase<T>(
  target: { url: string } | { dataDir: string },
  use: (query: Query) => Promise<T>,
): Promise<T> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return await use(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end().catch(() => {});
    }
  }
  const client = new PGlite({ dataDir: target.dataDir });
  await client.waitReady;
  try {
    return await use(
      async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    );
  } finally {
    await client.close();
  }
}

async function readPosFacts(query: Query): Promise<Omit<PosFacts, 'deliveries'>> {
  const links = await query(`select resto_id from pos_links`);
  const linkedRestoIds = links.map((l) => Number(l.resto_id));
  // The linked restaurants' orders, and any other order given a transfer.
  const orders = await query(
    `select id, resto_id, number, status, payment_status, pay_type, delivery_type from orders o
     where resto_id in (select resto_id from pos_links)
        or exists (select 1 from pos_order_transfers t where t.order_id = o.id)`,
  );
  const transfers = await query(
    `select order_id, external_order_id, state, last_error from pos_order_transfers`,
  );
  return {
    linkedRestoIds,
    orders: orders.map((o) => ({
      id: Number(o.id),
      restoId: Number(o.resto_id),
      number: String(o.number),
      status: String(o.status),
      paymentStatus: String(o.payment_status),
      payType: String(o.pay_type),
      deliveryType: String(o.delivery_type),
    })),
    transfers: transfers.map((t) => ({
      orderId: Number(t.order_id),
      externalOrderId: String(t.external_order_id),
      state: String(t.state),
      lastError: t.last_error === null ? null : String(t.last_error),
    })),
  };
}

/** A reader of the run's database while (PostgreSQL) or after (PGlite: one process at a time) it serves. */
export interface FactsReader {
  facts(): Promise<DatabaseFacts>;
  /** The POS side of the database: linked restaurants, their orders, the transfers. */
  posFacts(): Promise<Omit<PosFacts, 'deliveries'>>;
  /** One order's transfer and POS log, oldest first, in words: why it took long (the report's notes). */
  posTrail(orderId: number): Promise<string[]>;
  /** How many orders each failure flagged on the board at least once (the failures in the POS log). */
  posFlagged(): Promise<Record<string, number>>;
  /** Attempts still waiting at our side (creating/pending) and refunds not finished. */
  unsettled(): Promise<{ payments: { id: number; providerPaymentId: string | null }[]; refunds: number }>;
  close(): Promise<void>;
}

function reader(query: Query, close: () => Promise<void>, seeded: Map<string, number>): FactsReader {
  return {
    facts: () => readFacts(query, seeded),
    posFacts: () => readPosFacts(query),
    async posTrail(orderId) {
      const [transfer] = await query(
        `select state, attempts, correlation_id is not null as has_correlation, last_error,
           round(extract(epoch from next_attempt_at - now()))::int as next_in_s from pos_order_transfers
         where order_id = $1`,
        [orderId],
      );
      const lines = await query(
        `select to_char(at, 'HH24:MI:SS.MS') as at, kind, ok, error, summary from pos_log
         where order_id = $1 order by id`,
        [orderId],
      );
      return [
        `order ${orderId}: ${JSON.stringify(transfer ?? null)}`,
        ...lines.map(
          (l) =>
            `  ${l.at} ${l.kind} ${l.ok ? 'ok' : `failed ${l.error}`} ${JSON.stringify(l.summary).slice(0, 200)}`,
        ),
      ];
    },
    async posFlagged() {
      const rows = await query(
        `select error, count(distinct order_id)::int as n from pos_log
         where kind = 'order' and not ok group by error order by error`,
      );
      return Object.fromEntries(rows.map((r) => [String(r.error), Number(r.n)]));
    },
    async unsettled() {
      const payments = await query(
        `select id, provider_payment_id from payments where status in ('creating', 'pending')`,
      );
      const refunds = await query(
        `select count(*)::int as n from payment_refunds where status in ('creating', 'pending')`,
      );
      return {
        payments: payments.map((p) => ({
          id: Number(p.id),
          providerPaymentId: p.provider_payment_id === null ? null : String(p.provider_payment_id),
        })),
        refunds: Number(refunds[0]?.n ?? 0),
      };
    },
    close,
  };
}

export async function postgresReader(url: string, seeded: Map<string, number>): Promise<FactsReader> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  return reader(
    async (text, params) => (await pool.query(text, params)).rows,
    () => pool.end(),
    seeded,
  );
}

export async function pgliteReader(dataDir: string, seeded: Map<string, number>): Promise<FactsReader> {
  const client = new PGlite({ dataDir });
  await client.waitReady;
  return reader(
    async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    () => client.close(),
    seeded,
  );
}
