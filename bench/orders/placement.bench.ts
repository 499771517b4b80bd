// npm run bench:orders — order placement on the PostgreSQL server: the API in production mode places orders
// for N signed-in persons, each request with a new Idempotency-Key and a quote from a preflight made
// beforehand, at CONNECTIONS concurrent connections; 0 errors required. The baseline, in the same run and
// on the same server: a bare transaction of node-postgres inserting the same rows (the order, its lines, the
// key and the event) from as many concurrent workers. Prints throughput and p99 and their ratios.
// The API runs on core 0 and the load generator on core 1 (taskset, see package.json).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { AccessTokens } from '../../apps/api/src/modules/auth/access-tokens.ts';
import { readAuthSettings } from '../../apps/api/src/modules/auth/auth-settings.ts';
import {
  apiServerArgs,
  freePort,
  hasTaskset,
  PRODUCTION_SIGN_IN_ENV,
  pinned,
  ROOT,
  stop,
  waitFor,
} from '../shared/processes.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PERSONS = Number(process.env.BENCH_PERSONS ?? 40);
/** The API's default pool; the baseline gets the same number of connections. */
const POOL_SIZE = 10;

/** Restaurant 3 works round the clock: the bench can run at any hour. Delivery into its zone 3. */
const CART = {
  deliveryType: 'DELIVERY',
  payType: 'CASH_UPON_RECEIPT',
  restoId: 3,
  address: 'Казань, пр. Победы, 100',
  location: { lat: 55.749875, lng: 49.20485 },
  preOrderAt: null,
  positions: [
    { id: 1, menu: { id: 1 }, count: 2 },
    { id: 3, menu: { id: 1 }, count: 1 },
    { id: 8, menu: { id: 1 }, count: 1 },
  ],
};
const CONTACTS = {
  person: { name: 'Анна', phone: '+7 912 345-67-89', email: null },
  comment: null,
  personCount: 1,
};

interface Measured {
  rps: number;
  p99: number;
  requests: number;
}

async function signedInPersons(databaseUrl: string) {
  const config = loadConfig({ ...process.env, ...PRODUCTION_SIGN_IN_ENV, NODE_ENV: 'production' });
  const settings = readAuthSettings(config);
  const tokens = new AccessTokens(settings.accessTokenKey, settings.issuer, settings.whiteLabel, Date.now);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const persons = [];
    for (let i = 0; i < PERSONS; i++) {
      const phone = `+7990${String(i).padStart(7, '0')}`;
      const { rows } = await client.query<{ id: number }>(
        'insert into persons (white_label_id, phone) values ($1, $2) returning id',
        [config.brand.whiteLabel, phone],
      );
      const id = rows[0]?.id as number;
      persons.push({ id, token: await tokens.sign(id) });
    }
    return persons;
  } finally {
    await client.end();
  }
}

async function placeWithApi(base: string, persons: { id: number; token: string }[]): Promise<Measured> {
  // A quote per person, made beforehand (valid for 10 minutes; the run is far shorter).
  const bodies: string[] = [];
  for (const person of persons) {
    const response = await fetch(`${base}/1/persons/${person.id}/orders/preflight`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
      body: JSON.stringify(CART),
    });
    const answer = (await response.json()) as { quote: string; problems: { code: string }[] };
    if (!response.ok || answer.problems.length > 0)
      throw new Error(`preflight ${response.status}: ${JSON.stringify(answer).slice(0, 400)}`);
    bodies.push(JSON.stringify({ ...CART, quote: answer.quote, ...CONTACTS }));
  }
  let next = 0;
  const options = (duration: number) => ({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST' as const,
        setupRequest: (request: Request): Request => {
          const i = next++ % persons.length;
          const person = persons[i] as { id: number; token: string };
          return {
            ...request,
            path: `/api/v1/persons/${person.id}/orders`,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${person.token}`,
              'idempotency-key': randomUUID(),
            },
            body: bodies[i],
          };
        },
      },
    ],
  });
  await autocannon(options(2)); // warm-up, not counted
  const result = await autocannon(options(DURATION_S));
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`placement: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total };
}

/** The same rows with nothing else: one transaction per order, CONNECTIONS workers on a pool of POOL_SIZE. */
async function bareInserts(databaseUrl: string, personIds: number[]): Promise<Measured> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const latencies: number[] = [];
  let n = 0;
  const insertOne = async () => {
    // Taken before the first await: concurrent workers must not share a number.
    const seq = n++;
    const personId = personIds[seq % personIds.length] as number;
    const started = performance.now();
    const client = await pool.connect();
    try {
      await client.query('begin');
      const now = new Date();
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (white_label_id, person_id, resto_id, number, local_date, status, payment_status,
           delivery_type, pay_type, currency, timezone, resto_name, person_name, person_phone, person_count,
           address, lat, lng, promised_at, created_at, sum, discount, delivery_price, payable, positions_count)
         values ('demo', $1, 3, $2, $3, 'new', 'not_required', 'DELIVERY', 'CASH_UPON_RECEIPT', 'RUB', '+03:00',
           '{"ru":"Нори-Нори"}', 'Анна', '+79123456789', 1, 'Казань', 55.75, 49.2, $4, $4, 197000, 0, 0, 197000, 4)
         returning id`,
        [personId, `X-${seq}`, '2000-01-01', now],
      );
      const orderId = rows[0]?.id;
      for (const [lineNo, [positionId, count, price]] of [
        [1, 2, 69000],
        [3, 1, 59000],
        [8, 1, 39000],
      ].entries())
        await client.query(
          `insert into order_lines (order_id, line_no, position_id, menu_id, name, count, price, modifiers, sum,
             discount, payable_amount) values ($1, $2, $3, 1, '{"ru":"Ролл"}', $4, $5, '[]', $6, 0, $6)`,
          [orderId, lineNo, positionId, count, price, (count as number) * (price as number)],
        );
      await client.query(
        `insert into order_idempotency_keys (person_id, key, fingerprint, order_id, locked_until, created_at)
         values ($1, $2, 'x', $3, $4, $4)`,
        [personId, randomUUID(), orderId, now],
      );
      await client.query(
        `insert into order_events (white_label_id, resto_id, order_id, kind, at) values ('demo', 3, $1, 'placed', $2)`,
        [orderId, now],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    latencies.push(performance.now() - started);
  };
  const runFor = async (seconds: number) => {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) await insertOne();
      }),
    );
  };
  try {
    await runFor(2); // warm-up
    latencies.length = 0;
    const started = performance.now();
    await runFor(DURATION_S);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    return { rps: latencies.length / seconds, p99: Math.round(p99), requests: latencies.length };
  } finally {
    await pool.end();
  }
}

async function main() {
  if (!hasTaskset)
    console.warn('taskset not found: server and load generator share cores; ratios are less reliable');
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `storefront_bench_orders_${process.pid}`;
  const databaseUrl = `${admin.replace(/\/[^/]*$/, '')}/${name}`;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.query(`create database "${name}"`);
  try {
    const apiPort = await freePort();
    const api = pinned(0, process.execPath, apiServerArgs(), {
      ...process.env,
      ...PRODUCTION_SIGN_IN_ENV,
      DATABASE_URL: databaseUrl,
      PORT: String(apiPort),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    let ours: Measured;
    let persons: { id: number; token: string }[];
    try {
      await waitFor(`http://127.0.0.1:${apiPort}/1/now`);
      persons = await signedInPersons(databaseUrl);
      ours = await placeWithApi(`http://127.0.0.1:${apiPort}`, persons);
    } finally {
      await stop(api);
    }
    const base = await bareInserts(
      databaseUrl,
      persons.map((p) => p.id),
    );
    const rows = [
      {
        persons: PERSONS,
        connections: CONNECTIONS,
        apiOrders: ours.requests,
        apiRps: Math.round(ours.rps),
        apiP99Ms: ours.p99,
        bareRps: Math.round(base.rps),
        bareP99Ms: base.p99,
        rpsRatio: Number((ours.rps / base.rps).toFixed(3)),
        p99Ratio: Number((ours.p99 / Math.max(base.p99, 1)).toFixed(2)),
      },
    ];
    console.log(
      `order placement on PostgreSQL: ${PERSONS} persons, ${CONNECTIONS} connections, ${DURATION_S} s per run; ` +
        'baseline: a bare node-postgres transaction inserting the order, its lines, the key and the event',
    );
    console.table(rows);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'orders.json'), `${JSON.stringify(rows, null, 2)}\n`);
  } finally {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end().catch(() => {});
  }
}

await main();
