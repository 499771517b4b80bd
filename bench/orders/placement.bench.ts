// npm run bench:orders (chained into npm run bench, after the preflight) — order placement on the PostgreSQL
// server: the API in production mode places orders for N signed-in persons, each request with a new
// Idempotency-Key and a quote from a preflight made beforehand, at CONNECTIONS concurrent connections; 0 errors
// required (a non-2xx answer fails the bench). Measured twice on the same database: through ONE instance, then
// through TWO identical instances (the scale-out story of DESIGN.md: no state in memory that matters, all of it
// in PostgreSQL). The load is always two autocannon runs in parallel with half the connections each — both
// aimed at the one instance, or one at each of the two — so the generator does the same work in both rows;
// throughput is every answered order of both divided by the wall time, p99 is taken over the merged latencies
// of both (every response time collected, sorted, as for the baseline).
//
// The baseline, in the same run and on the same server: a bare transaction of node-postgres inserting the same
// rows (the order, its lines, the key and the event) from CONNECTIONS concurrent workers, through as many
// database connections as the API side holds: a pool of 10 for one instance, 20 for two (each instance has its
// pool of 10). Each API row is measured next to its baseline (bare 10, 1 instance, 2 instances, bare 20) so
// drift in the machine's load hits both alike. Ratios: API orders/s ÷ bare inserts/s, API p99 ÷ bare p99.
//
// What is fair on 2 cores: the load generator (this process, which also runs the baseline's client) is on
// core 1 (taskset, see package.json) and every API instance on core 0 — the two instances share that core.
// PostgreSQL is a system service and runs unpinned on both cores. So the 2-instance row gives the API the same
// CPU as the 1-instance row: it shows what running two instances on one database costs or buys (two pools,
// both instances queueing on the same rows: the restaurant's counter for the day, the persons' locks), not
// what a second core adds. On this machine a second core for the API would be taken from the generator and
// PostgreSQL, and the figure would measure that fight. On a bigger machine BENCH_API_CORES=0,2 (say) gives
// each instance its own core; the default is 0,0.
// When the PostgreSQL server at PG_ADMIN_URL cannot be reached, the bench says so and exits 0 (as the
// preflight bench does), so `npm run bench` goes on without it.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { AccessTokens } from '../../apps/api/src/core/access-tokens.ts';
import { readAuthSettings } from '../../apps/api/src/core/auth-settings.ts';
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
/** The API's default pool, set explicitly on each instance; the baseline gets as many connections in all. */
const POOL_SIZE = 10;
/** The cores of the first and the second API instance (see the header: both on core 0 on 2 cores). */
const API_CORES = (process.env.BENCH_API_CORES ?? '0,0').split(',').map(Number) as [number, number];
if (API_CORES.length !== 2 || API_CORES.some((core) => !Number.isInteger(core) || core < 0))
  throw new Error(`BENCH_API_CORES must name two cores, as 0,0 or 0,2; got ${process.env.BENCH_API_CORES}`);

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

type Person = { id: number; token: string };

/** A quote per person, made beforehand (valid for 10 minutes; the run is far shorter): the bodies to post. */
async function orderBodies(base: string, persons: Person[]): Promise<string[]> {
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
  return bodies;
}

/** The p99 of a list of latencies in ms (sorted in place), the same way for the API and the baseline. */
function p99Of(latencies: number[]): number {
  latencies.sort((a, b) => a - b);
  return Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0);
}

/**
 * Places orders through the given API instances: two autocannon runs in parallel, each with half the
 * connections, the first aimed at targets[0] and the second at targets[1] (the same instance twice for the
 * 1-instance row). Persons are taken in turn across both runs. Any non-2xx or error fails the bench.
 */
async function placeWithApi(
  targets: [string, string],
  persons: Person[],
  bodies: string[],
): Promise<Measured> {
  let next = 0;
  const halves = [Math.ceil(CONNECTIONS / 2), Math.floor(CONNECTIONS / 2)];
  const options = (target: string, connections: number, duration: number): autocannon.Options => ({
    url: target,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: Request): Request => {
          const i = next++ % persons.length;
          const person = persons[i] as Person;
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
  const both = async (duration: number) => {
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const results = await Promise.all(
      targets.map(
        (target, t) =>
          new Promise<autocannon.Result>((done, fail) => {
            const instance = autocannon(options(target, halves[t] as number, duration), (error, result) =>
              error ? fail(error) : done(result),
            );
            instance.on('response', (_client, statusCode, _bytes, responseTime) => {
              if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
              else failed++;
            });
          }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
    const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
    if (failed > 0 || non2xx > 0 || errors > 0)
      throw new Error(
        `placement on ${targets.join(' + ')}: ${Math.max(failed, non2xx)} non-2xx, ${errors} errors`,
      );
    return { rps: latencies.length / seconds, p99: p99Of(latencies), requests: latencies.length };
  };
  await both(2); // warm-up of every target, not counted
  return both(DURATION_S);
}

/** The same rows with nothing else: one transaction per order, CONNECTIONS workers on a pool of poolSize. */
let bareRuns = 0;

async function bareInserts(databaseUrl: string, personIds: number[], poolSize: number): Promise<Measured> {
  // Order numbers are unique per restaurant and day: each run numbers its orders apart from the others.
  const run = ++bareRuns;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
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
        [personId, `X${run}-${seq}`, '2000-01-01', now],
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
    return { rps: latencies.length / seconds, p99: p99Of(latencies), requests: latencies.length };
  } finally {
    await pool.end();
  }
}

function startApi(core: number, databaseUrl: string, port: number) {
  return pinned(core, process.execPath, apiServerArgs(), {
    ...process.env,
    ...PRODUCTION_SIGN_IN_ENV,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
}

async function main() {
  if (!hasTaskset)
    console.warn('taskset not found: servers and load generator share cores; ratios are less reliable');
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    // Only an unreachable server is skipped; any failure of the bench itself below fails it.
    console.warn(`order placement skipped: PostgreSQL at ${admin} unreachable (${(error as Error).message})`);
    await client.end().catch(() => {});
    return;
  }
  const name = `storefront_bench_orders_${process.pid}`;
  const databaseUrl = `${admin.replace(/\/[^/]*$/, '')}/${name}`;
  await client.query(`create database "${name}"`);
  const apis: ChildProcess[] = [];
  try {
    const ports = [await freePort(), await freePort()];
    const [first, second] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    apis.push(startApi(API_CORES[0], databaseUrl, ports[0] as number));
    await waitFor(`${first}/1/now`);
    const persons = await signedInPersons(databaseUrl);
    const personIds = persons.map((p) => p.id);
    const bodies = await orderBodies(first, persons);

    // Each API row next to its baseline: bare (10), 1 instance, 2 instances, bare (20).
    const bare1 = await bareInserts(databaseUrl, personIds, POOL_SIZE);
    const one = await placeWithApi([first, first], persons, bodies);
    // The second instance starts on the database the first has migrated and seeded, as a scale-out would.
    apis.push(startApi(API_CORES[1], databaseUrl, ports[1] as number));
    await waitFor(`${second}/1/now`);
    const two = await placeWithApi([first, second], persons, bodies);
    const bare2 = await bareInserts(databaseUrl, personIds, 2 * POOL_SIZE);

    const row = (instances: number, cores: string, ours: Measured, base: Measured) => ({
      instances,
      apiCores: cores,
      dbConnections: instances * POOL_SIZE,
      apiOrders: ours.requests,
      apiOrdersPerS: Math.round(ours.rps),
      apiP99Ms: ours.p99,
      bareInsertsPerS: Math.round(base.rps),
      bareP99Ms: base.p99,
      rpsRatio: Number((ours.rps / base.rps).toFixed(3)),
      p99Ratio: Number((ours.p99 / Math.max(base.p99, 1)).toFixed(2)),
    });
    const rows = [row(1, String(API_CORES[0]), one, bare1), row(2, API_CORES.join('+'), two, bare2)];
    console.log(
      `order placement on PostgreSQL: ${PERSONS} persons, ${CONNECTIONS} connections (two autocannon runs of ` +
        `${Math.ceil(CONNECTIONS / 2)} and ${Math.floor(CONNECTIONS / 2)}), ${DURATION_S} s per run after a 2 s warm-up; ` +
        `API pool ${POOL_SIZE} per instance; baseline: a bare node-postgres transaction inserting the order, its ` +
        `lines, the key and the event, ${CONNECTIONS} workers on a pool of dbConnections`,
    );
    console.table(rows);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'orders.json'), `${JSON.stringify(rows, null, 2)}\n`);
  } finally {
    for (const api of apis) await stop(api);
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end().catch(() => {});
  }
}

await main();
