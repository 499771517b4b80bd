import { CO_OCCURRENCE_DAYS, CO_OCCURRENCE_MIN_ORDERS, minor, type OrderStatus } from '@storefront/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, persons, positionPairs } from '../../db/schema.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { POSITION_PAIRS_TOP, recomputePositionPairs } from './position-pairs-job.ts';
import { PositionPairsStore } from './position-pairs-store.ts';

/**
 * 'Often ordered with' (decision 56): the job's counts on a generated history equal the counts recomputed here
 * from the raw orders (window, statuses, line kinds, threshold, top-N), each rule alone on a small history, the
 * round replacing a restaurant's rows, and the store's answer (several cart dishes' counts added up).
 */
let database: TestDatabase;
let personId: number;
const NOW = DAY;
const DAY_MS = 86_400_000;
const silent = { warn() {}, info() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db
    .insert(persons)
    .values({ whiteLabelId: 'demo', phone: '+79990000101' })
    .returning({ id: persons.id });
  personId = row?.id as number;
});
afterAll(async () => database?.dispose());

let numberSeq = 0;
type Line = number | { positionId: number; kind: 'dish' | 'free' | 'gift' };

async function addOrder(restoId: number, lines: Line[], at: number, status: OrderStatus = 'done') {
  numberSeq += 1;
  const [order] = await database.db
    .insert(orders)
    .values({
      whiteLabelId: 'demo',
      personId,
      restoId,
      number: `T-${numberSeq}`,
      localDate: new Date(at).toISOString().slice(0, 10),
      status,
      paymentStatus: 'not_required',
      deliveryType: 'TAKE_AWAY',
      payType: 'CASH_UPON_RECEIPT',
      currency: 'RUB',
      timezone: 'Europe/Moscow',
      restoName: { ru: 'Тест', en: 'Test' },
      personName: 'Анна',
      personPhone: '+79990000101',
      personCount: 1,
      promisedAt: new Date(at + 3_600_000),
      createdAt: new Date(at),
      sum: minor(0),
      discount: minor(0),
      deliveryPrice: minor(0),
      payable: minor(0),
      positionsCount: lines.length,
    })
    .returning({ id: orders.id });
  const orderId = order?.id as number;
  await database.db.insert(orderLines).values(
    lines.map((line, lineNo) => {
      const { positionId, kind } =
        typeof line === 'number' ? { positionId: line, kind: 'dish' as const } : line;
      return {
        orderId,
        lineNo,
        positionId,
        menuId: 1,
        name: { ru: 'Блюдо', en: 'Dish' },
        count: 1,
        price: minor(0),
        modifiers: [],
        sum: minor(0),
        discount: minor(0),
        payableAmount: minor(0),
        kind,
      };
    }),
  );
}

async function pairsOf(restoId: number) {
  const rows = await database.db
    .select({ p: positionPairs.positionId, w: positionPairs.withPositionId, n: positionPairs.orders })
    .from(positionPairs)
    .where(eq(positionPairs.restoId, restoId));
  return rows.map((r) => `${r.p}>${r.w}:${r.n}`).sort();
}

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** The job's answer recomputed from the raw orders of the database (every order, the generated and the seed's). */
async function expectedPairs(restoId: number, top: number): Promise<string[]> {
  const raw = (await database.db.execute(sql`
    select o.id, o.status, o.created_at, l.position_id, l.kind
    from orders o join order_lines l on l.order_id = o.id where o.resto_id = ${restoId}
  `)) as unknown as {
    rows: { id: number; status: string; created_at: string | Date; position_id: number; kind: string }[];
  };
  const dishesByOrder = new Map<number, Set<number>>();
  for (const r of raw.rows) {
    const at = new Date(r.created_at).getTime();
    if (r.status === 'declined' || r.status === 'canceled') continue;
    if (at < NOW - CO_OCCURRENCE_DAYS * DAY_MS || at > NOW) continue;
    if (r.kind !== 'dish') continue;
    const set = dishesByOrder.get(r.id) ?? new Set<number>();
    set.add(r.position_id);
    dishesByOrder.set(r.id, set);
  }
  const counts = new Map<number, Map<number, number>>();
  for (const dishes of dishesByOrder.values())
    for (const a of dishes)
      for (const b of dishes) {
        if (a === b) continue;
        const withs = counts.get(a) ?? new Map<number, number>();
        withs.set(b, (withs.get(b) ?? 0) + 1);
        counts.set(a, withs);
      }
  const out: string[] = [];
  for (const [a, withs] of counts) {
    const kept = [...withs]
      .filter(([, n]) => n >= CO_OCCURRENCE_MIN_ORDERS)
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, top);
    for (const [b, n] of kept) out.push(`${a}>${b}:${n}`);
  }
  return out.sort();
}

describe('the job on a generated history', () => {
  it('counts what the raw orders say, per restaurant, top 3 per dish', async () => {
    const next = random(56);
    const statuses: OrderStatus[] = ['done', 'done', 'done', 'accepted', 'new', 'declined', 'canceled'];
    for (let i = 0; i < 160; i += 1) {
      const restoId = next() < 0.6 ? 1 : 2;
      const size = 1 + Math.floor(next() * 5);
      const lines: Line[] = [];
      for (let k = 0; k < size; k += 1) lines.push(500 + Math.floor(next() * 9));
      if (next() < 0.3) lines.push({ positionId: 500 + Math.floor(next() * 9), kind: 'free' });
      if (next() < 0.2) lines.push({ positionId: 520, kind: 'gift' });
      const at = NOW - Math.floor(next() * 120 * DAY_MS);
      await addOrder(restoId, lines, at, statuses[Math.floor(next() * statuses.length)] as OrderStatus);
    }
    const report = await recomputePositionPairs(database.db, 'demo', NOW, { top: 3 });
    expect(report.ran).toBe(true);
    for (const restoId of [1, 2]) {
      const expected = await expectedPairs(restoId, 3);
      expect(expected.length).toBeGreaterThan(10);
      expect(await pairsOf(restoId)).toEqual(expected);
    }
    // A gift line never makes a pair.
    expect((await pairsOf(1)).some((p) => p.includes('520'))).toBe(false);
  });
});

describe('each rule alone', () => {
  const RESTO = 3;
  it('counts orders of the last 90 days only, never declined or cancelled ones, from 3 orders up', async () => {
    for (let i = 0; i < 3; i += 1) await addOrder(RESTO, [701, 702], NOW - (CO_OCCURRENCE_DAYS - 1) * DAY_MS);
    for (let i = 0; i < 3; i += 1) await addOrder(RESTO, [703, 704], NOW - (CO_OCCURRENCE_DAYS + 1) * DAY_MS);
    await addOrder(RESTO, [705, 706], NOW - DAY_MS);
    await addOrder(RESTO, [705, 706], NOW - DAY_MS, 'declined');
    await addOrder(RESTO, [705, 706], NOW - DAY_MS, 'canceled');
    for (let i = 0; i < 2; i += 1) await addOrder(RESTO, [707, 708], NOW - DAY_MS);
    // The same dish twice in an order counts the order once.
    for (let i = 0; i < 3; i += 1) await addOrder(RESTO, [709, 709, 710], NOW - DAY_MS);
    await recomputePositionPairs(database.db, 'demo', NOW);
    expect(await pairsOf(RESTO)).toEqual(['701>702:3', '702>701:3', '709>710:3', '710>709:3']);
  });

  it('keeps the top 10 per dish, most often first, and replaces the restaurant’s old rows', async () => {
    const RESTO2 = 4;
    await database.db.insert(positionPairs).values({
      restoId: RESTO2,
      positionId: 1,
      withPositionId: 2,
      orders: 99,
      computedAt: new Date(NOW - DAY_MS),
    });
    // Dish 800 with twelve partners: partner 800+k in 3+k orders.
    for (let k = 1; k <= 12; k += 1)
      for (let i = 0; i < 2 + k; i += 1) await addOrder(RESTO2, [800, 800 + k], NOW - DAY_MS);
    await recomputePositionPairs(database.db, 'demo', NOW);
    const of800 = (await pairsOf(RESTO2)).filter((p) => p.startsWith('800>'));
    expect(of800).toHaveLength(POSITION_PAIRS_TOP);
    expect(of800).not.toContain('800>801:3');
    expect(of800).not.toContain('800>802:4');
    expect(of800).toContain('800>812:14');
    expect(of800).toContain('800>803:5');
    expect(await pairsOf(RESTO2)).not.toContain('1>2:99');
  });

  it('skips a round while the pairs are fresh', async () => {
    const fresh = await recomputePositionPairs(database.db, 'demo', NOW + 60_000, { freshMs: 3_600_000 });
    expect(fresh.ran).toBe(false);
    const stale = await recomputePositionPairs(database.db, 'demo', NOW + 2 * 3_600_000, {
      freshMs: 3_600_000,
    });
    expect(stale.ran).toBe(true);
    // Back to the pinned now for the store's test.
    await recomputePositionPairs(database.db, 'demo', NOW);
  });
});

describe('the store', () => {
  it('answers the cart dishes’ partners by their counts added up, without the cart’s own dishes', async () => {
    const RESTO = 5;
    // 901 goes with 903 (5) and 904 (3); 902 goes with 904 (4) and 905 (6).
    for (let i = 0; i < 5; i += 1) await addOrder(RESTO, [901, 903], NOW - DAY_MS);
    for (let i = 0; i < 3; i += 1) await addOrder(RESTO, [901, 904], NOW - DAY_MS);
    for (let i = 0; i < 4; i += 1) await addOrder(RESTO, [902, 904], NOW - DAY_MS);
    for (let i = 0; i < 6; i += 1) await addOrder(RESTO, [902, 905], NOW - DAY_MS);
    await recomputePositionPairs(database.db, 'demo', NOW);
    const store = new PositionPairsStore(database.db, silent, () => NOW);
    expect(store.oftenWith(RESTO, [901])).toEqual([]);
    await store.load();
    expect(store.oftenWith(RESTO, [901])).toEqual([903, 904]);
    // 904: 3 + 4 = 7 before 905 (6) and 903 (5).
    expect(store.oftenWith(RESTO, [901, 902])).toEqual([904, 905, 903]);
    expect(store.oftenWith(RESTO, [901, 903])).toEqual([904]);
    expect(store.oftenWith(RESTO + 100, [901])).toEqual([]);
    expect(store.oftenWith(RESTO, [])).toEqual([]);
  });
});
