import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { REPO_ROOT } from '../apps/api/src/config.ts';
import type { DatabaseFacts } from './checks.ts';

/**
 * The run's database and brand: a fresh PostgreSQL database (dropped at the end) or a PGlite data dir in a temp
 * dir, seeded by the first instance from a copy of the demo brand in which restaurant 3 (round the clock) takes
 * card payments online through YooKassa and a promo code with a small total limit exists.
 */

export const CHAOS_PROMO_CODE = 'CHAOS';

/** A copy of brands/demo with the run's changes; BRANDS_DIR for the instances. */
export function chaosBrands(promoLimit: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-chaos-brands-'));
  cpSync(join(REPO_ROOT, 'brands', 'demo'), join(dir, 'demo'), { recursive: true });
  const restosFile = join(dir, 'demo', 'seed', 'restos.json');
  const restos = JSON.parse(readFileSync(restosFile, 'utf8')) as {
    id: number;
    payEngine: string;
    payConfig: { delivery: { cardOnline: string | null } };
  }[];
  for (const resto of restos)
    if (resto.id === 3) {
      resto.payEngine = 'yookassa';
      resto.payConfig.delivery.cardOnline = 'demo-shop';
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

type Query = (text: string) => Promise<Record<string, unknown>[]>;

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
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
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
  };
}

/** A reader of the run's database while (PostgreSQL) or after (PGlite: one process at a time) it serves. */
export interface FactsReader {
  facts(): Promise<DatabaseFacts>;
  /** Attempts still waiting at our side (creating/pending) and refunds not finished. */
  unsettled(): Promise<{ payments: { id: number; providerPaymentId: string | null }[]; refunds: number }>;
  close(): Promise<void>;
}

function reader(query: Query, close: () => Promise<void>, seeded: Map<string, number>): FactsReader {
  return {
    facts: () => readFacts(query, seeded),
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
    async (text) => (await pool.query(text)).rows,
    () => pool.end(),
    seeded,
  );
}

export async function pgliteReader(dataDir: string, seeded: Map<string, number>): Promise<FactsReader> {
  const client = new PGlite({ dataDir });
  await client.waitReady;
  return reader(
    async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    () => client.close(),
    seeded,
  );
}
