// npm run bench — the preflight of a typical cart (five lines, a modifier, a promo code, delivery into a
// zone) on PGlite and on the PostgreSQL server, against a bare node:http server answering the same bytes
// to the same POST, measured in the same run: p99 at a fixed 200 requests/s and its ratio to the baseline's
// p99 at the same rate, and the most requests/s. PostgreSQL unreachable at PG_ADMIN_URL: said, and skipped.
// On PostgreSQL also a signed-in person spending points (decision 55: the program and the balance are read), and
// the cart with add-ons, free condiments by persons and a gift (decision 56: all from memory, no query added).
// The servers run on core 0 and the load generator on core 1 (taskset, see package.json).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_BONUS_PROGRAM } from '@storefront/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { AccessTokens } from '../../apps/api/src/core/access-tokens.ts';
import { readAuthSettings } from '../../apps/api/src/core/auth-settings.ts';
import {
  apiServerArgs,
  freePort,
  hasTaskset,
  onScratchPostgres,
  PRODUCTION_SIGN_IN_ENV,
  pinned,
  ROOT,
  stop,
  waitFor,
} from '../shared/processes.ts';

const PATH = '/1/persons/orders/preflight';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const FIXED_RATE = 200;

/**
 * A cart a customer of the demo chain would send: delivery from restaurant 3, the round-the-clock one, so the
 * cart has no problem at whatever hour the bench runs (a production start takes no test clock).
 */
const CART_WITH_PROMO = {
  deliveryType: 'DELIVERY',
  payType: 'CARD_UPON_RECEIPT',
  promoCode: 'WELCOME10',
  restoId: 3,
  address: 'пр. Победы, 100',
  location: { lat: 55.752, lng: 49.205 },
  preOrderAt: null,
  positions: [
    { id: 1, menu: { id: 1 }, count: 2, modifiers: [{ id: 1, modifierId: 1, count: 1 }], price: 69000 },
    { id: 3, menu: { id: 1 }, count: 1, price: 59000 },
    { id: 5, menu: { id: 1 }, count: 1, price: 75000 },
    { id: 4, menu: { id: 1 }, count: 2, price: 62000 },
    { id: 8, menu: { id: 1 }, count: 1, price: 39000 },
  ],
};
/**
 * The same cart with a promo code (one small query for the code's use count) and without one (no query at
 * all: catalog from memory), so the table shows what the database adds.
 */
interface Case {
  path: string;
  body: string;
  headers: Record<string, string>;
  /** What the sample answer must show before the case is measured (settings written while the server runs). */
  ready?: (answer: PreflightSample) => boolean;
}

interface PreflightSample {
  problems: { code: string }[];
  bonus: { spent: number } | null;
  freeLines?: unknown[];
  gift?: { positionId: number | null } | null;
  addOns?: unknown[];
}
const anonymous = (body: unknown): Case => ({
  path: PATH,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const CARTS: Record<string, Case> = {
  'with a promo code': anonymous(CART_WITH_PROMO),
  'no promo code': anonymous({ ...CART_WITH_PROMO, promoCode: null }),
};

/**
 * PostgreSQL only (PGlite's data directory is the server's alone), once the server has migrated it: the demo
 * program on, a person with a balance of 30 adjustments, and the no-promo cart spending 500 ₽ of points in
 * the person's preflight.
 */
async function signedInSpender(databaseUrl: string): Promise<Record<string, Case>> {
  const config = loadConfig({ ...process.env, ...PRODUCTION_SIGN_IN_ENV, NODE_ENV: 'production' });
  const settings = readAuthSettings(config);
  const tokens = new AccessTokens(settings.accessTokenKey, settings.issuer, settings.whiteLabel, Date.now);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const whiteLabel = config.brand.whiteLabel;
    await client.query(
      `insert into bonus_programs (white_label_id, program, version, updated_at) values ($1, $2, 1, now())
       on conflict (white_label_id) do update set program = excluded.program`,
      [whiteLabel, JSON.stringify(DEMO_BONUS_PROGRAM)],
    );
    const { rows } = await client.query<{ id: number }>(
      'insert into persons (white_label_id, phone) values ($1, $2) returning id',
      [whiteLabel, '+79890000001'],
    );
    const id = rows[0]?.id as number;
    for (let i = 0; i < 30; i++)
      await client.query(
        `insert into bonus_ledger (white_label_id, person_id, kind, amount, expires_at, reason, created_at)
         values ($1, $2, 'adjusted', 10000, now() + interval '90 days', 'bench', now())`,
        [whiteLabel, id],
      );
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${await tokens.sign(id)}` };
    const path = `/1/persons/${id}/orders/preflight`;
    // The same person without points first: what signing in costs, apart from what the points add.
    return {
      'signed in, no points': {
        path,
        body: JSON.stringify({ ...CART_WITH_PROMO, promoCode: null }),
        headers,
      },
      'signed in, 500 ₽ in points': {
        path,
        body: JSON.stringify({ ...CART_WITH_PROMO, promoCode: null, bonusToSpend: 50_000 }),
        headers,
      },
    };
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL only, as the points: the demo brand's chopsticks, soy sauce, ginger and wasabi free for each person,
 * a gift promotion from 1000 ₽ (a roll, or one of two), menu 1's add-on list, and 'often ordered with' pairs of the
 * cart's dishes, written as the back office and the pairs job would; the server reads them on its next refresh.
 */
async function selling(databaseUrl: string): Promise<Record<string, Case>> {
  const config = loadConfig({ ...process.env, ...PRODUCTION_SIGN_IN_ENV, NODE_ENV: 'production' });
  const whiteLabel = config.brand.whiteLabel;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const condiments = [56, 53, 54, 55].map((positionId) => ({ positionId, perPerson: 1 }));
    await client.query(
      `update brand_settings set settings = jsonb_set(settings, '{freeCondiments}', $2::jsonb) where white_label_id = $1`,
      [whiteLabel, JSON.stringify(condiments)],
    );
    await client.query(
      `insert into promotions (white_label_id, title, text, kind, gift_min_sum, gift_position_ids)
       values ($1, '{"ru":"Ролл в подарок"}', '{"ru":"От 1000 ₽"}', 'gift', 100000, '{22,8}')`,
      [whiteLabel],
    );
    await client.query(`update menus set add_on_position_ids = '{53,54,55,49,50,52}' where id = 1`);
    await client.query(
      `insert into position_pairs (resto_id, position_id, with_position_id, orders, computed_at)
       select 3, p, w, 10 + w, now() from unnest('{1,3,5,4,8}'::int[]) p, unnest('{16,20,29,41,46}'::int[]) w
       on conflict do nothing`,
    );
  } finally {
    await client.end();
  }
  return {
    'add-ons, free lines and a gift': {
      ...anonymous({ ...CART_WITH_PROMO, promoCode: null, personCount: 3 }),
      ready: (answer) =>
        (answer.freeLines?.length ?? 0) === 4 &&
        // A gift given: the bench's own from 1 000 ₽ or the demo seed's higher one, whichever the rules pick.
        answer.gift?.positionId != null &&
        (answer.addOns?.length ?? 0) >= 8,
    },
  };
}

interface Measured {
  rps: number;
  p99: number;
}

async function run(
  url: string,
  request: Case,
  options: { rate?: number; connections: number },
): Promise<Measured> {
  const common = {
    url,
    method: 'POST' as const,
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    ...(options.rate ? { overallRate: options.rate } : {}),
  };
  await autocannon({ ...common, duration: 2 }); // warm-up, not counted
  const result = await autocannon({ ...common, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function benchDatabase(
  label: string,
  env: NodeJS.ProcessEnv,
  /** More cases, each group's settings written only once the cases before it are measured. */
  more: (() => Promise<Record<string, Case>>)[] = [],
) {
  const apiPort = await freePort();
  const api = pinned(0, process.execPath, apiServerArgs(), {
    ...process.env,
    ...env,
    PORT: String(apiPort),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...PRODUCTION_SIGN_IN_ENV,
  });
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/1/now`);
    const rows = [];
    const groups = [async () => CARTS, ...more];
    for (const group of groups)
      for (const [cart, request] of Object.entries(await group())) {
        const url = `http://127.0.0.1:${apiPort}${request.path}`;
        let body = '';
        let answer: PreflightSample = { problems: [], bonus: null };
        // Settings written while the server runs show after its next catalog refresh and pairs reload.
        for (let tries = 0; ; tries++) {
          const sample = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
          body = await sample.text();
          if (!sample.ok) throw new Error(`preflight answered ${sample.status}: ${body}`);
          answer = JSON.parse(body) as PreflightSample;
          if (!request.ready || request.ready(answer)) break;
          if (tries >= 30) throw new Error(`the bench cart never showed what it measures: ${body}`);
          await new Promise((wait) => setTimeout(wait, 500));
        }
        if (answer.problems.length > 0)
          throw new Error(`the bench cart has problems: ${JSON.stringify(answer.problems)}`);
        if (request.body.includes('bonusToSpend') && !answer.bonus?.spent)
          throw new Error(`the bench cart spends no points: ${JSON.stringify(answer.bonus)}`);

        const basePort = await freePort();
        const baseline = pinned(
          0,
          process.execPath,
          ['--import', 'tsx', 'bench/catalog/baseline-server.ts'],
          process.env,
          'pipe',
        );
        const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
        baseline.stdin?.end(
          JSON.stringify({ port: basePort, answers: { [request.path]: { body, headers } } }),
        );
        await new Promise<void>((ready) => baseline.stdout?.once('data', () => ready()));
        const baseUrl = `http://127.0.0.1:${basePort}${request.path}`;
        try {
          // Alternate the two servers so drift in machine load hits both alike.
          const baseFixed = await run(baseUrl, request, { rate: FIXED_RATE, connections: 8 });
          const oursFixed = await run(url, request, { rate: FIXED_RATE, connections: 8 });
          const baseMax = await run(baseUrl, request, { connections: CONNECTIONS });
          const oursMax = await run(url, request, { connections: CONNECTIONS });
          rows.push({
            database: label,
            cart,
            bytes: Buffer.byteLength(body),
            [`baselineP99Ms@${FIXED_RATE}`]: baseFixed.p99,
            [`apiP99Ms@${FIXED_RATE}`]: oursFixed.p99,
            // The API's p99 over the baseline's, both at the same fixed rate.
            [`p99Ratio@${FIXED_RATE}`]: Number((oursFixed.p99 / Math.max(baseFixed.p99, 1)).toFixed(2)),
            baselineRps: Math.round(baseMax.rps),
            apiRps: Math.round(oursMax.rps),
            rpsRatio: Number((oursMax.rps / baseMax.rps).toFixed(3)),
          });
        } finally {
          await stop(baseline);
        }
      }
    return rows;
  } finally {
    await stop(api);
  }
}

async function main() {
  if (!hasTaskset)
    console.warn('taskset not found: server and load generator share cores; ratios are less reliable');
  const rows = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  try {
    rows.push(...(await benchDatabase('PGlite', { DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  await onScratchPostgres(`storefront_bench_${process.pid}`, async (databaseUrl) => {
    rows.push(
      ...(await benchDatabase(
        'PostgreSQL',
        // The pairs job off (the bench writes the pairs), their reload every second.
        { DATABASE_URL: databaseUrl, POSITION_PAIRS_RECOMPUTE_MS: '0', POSITION_PAIRS_RELOAD_MS: '1000' },
        [() => signedInSpender(databaseUrl), () => selling(databaseUrl)],
      )),
    );
  });

  console.log(
    `preflight of a 5-line cart, with and without a promo code (on PostgreSQL also signed in, spending points, and with add-ons, free lines and a gift); p99 at a fixed ${FIXED_RATE} req/s (8 connections) ` +
      `and its ratio to the baseline's p99 at the same rate, ` +
      `throughput with ${CONNECTIONS} connections, ${DURATION_S} s per run (autocannon)`,
  );
  console.table(rows);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'preflight.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

await main();
