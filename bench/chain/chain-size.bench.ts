// npm run bench:chain — the catalog at a chain's size (docs/benchmarks.md, Chain size): the demo (1×), 10× and 100× the demo, and
// a chain (100 restaurants, 20 cities, 30 menus of 300 dishes, each with modifiers and two photos),
// each on a scratch PostgreSQL database seeded by a first API start and grown with SQL (multiply-catalog.ts).
// Per size: the time to reload the catalog snapshot after a dish's price changed (loadCatalogSnapshot with the
// previous load's rows kept, in this process, as an instance does when the revision moves; a full load beside
// it), the RSS of each of two API instances after their answers are warmed, the largest menu's answer against
// a node:http server answering the same bytes, the preflight's p99 at a fixed rate against the same baseline,
// and edit-to-visible: a dish's price changed on instance A until instance B
// answers it. Servers on core 0, this process (and its load generator) on core 1 (taskset, see package.json).
// BENCH_DURATION_S (10) per load run, BENCH_CHAIN_SIZES (1x,10x,100x,chain) to run some sizes only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { CatalogRowCache, readCatalogRows } from '../../apps/api/src/modules/catalog/catalog-rows.ts';
import { loadCatalogSnapshot } from '../../apps/api/src/modules/catalog/catalog-snapshot.ts';
import { createStaffAccount, hashStaffPassword } from '../../apps/api/src/modules/staff/index.ts';
import { median } from '../shared/median.ts';
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
import { type ChainShape, catalogCounts, multiplyCatalog } from './multiply-catalog.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PREFLIGHT_RATE = 200;
const RELOAD_RUNS = 10;
const EDITS = 5;
const POLL_MS = 25;
/** The instances' own default (config: CATALOG_REFRESH_MS); the bench does not set it. */
const REFRESH_MS = Number(process.env.CATALOG_REFRESH_MS ?? 1000);
const TARGETS = { reloadMs: 200, rssMb: 512, menuRatio: 0.5, editVisibleMs: 2000 };
const MANAGER = { login: 'bench-manager', password: 'bench-manager-password-2026' };

interface Size {
  label: string;
  /** Multiplies the demo's cities, restaurants and menus; null: the demo as seeded. */
  shape: (demo: { cities: number; restos: number; menus: number }) => ChainShape | null;
}
const SIZES: Size[] = [
  { label: '1x', shape: () => null },
  ...[10, 100].map((factor) => ({
    label: `${factor}x`,
    shape: (demo: { cities: number; restos: number; menus: number }) => ({
      cities: demo.cities * factor,
      restos: demo.restos * factor,
      menus: demo.menus * factor,
      dishesPerMenu: null,
      fullDishes: false,
    }),
  })),
  {
    label: 'chain',
    shape: () => ({ cities: 20, restos: 100, menus: 30, dishesPerMenu: 300, fullDishes: true }),
  },
];

/** The preflight bench's cart (bench/preflight), without its promo code: the catalog from memory only. */
const CART = {
  deliveryType: 'DELIVERY',
  payType: 'CARD_UPON_RECEIPT',
  promoCode: null,
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
const PREFLIGHT_PATH = '/1/persons/orders/preflight';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return round(kb / 1024);
}

async function getOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

interface Measured {
  rps: number;
  p99: number;
}
async function load(
  url: string,
  options: { body?: string; rate?: number; connections: number },
): Promise<Measured> {
  const common = {
    url,
    connections: options.connections,
    ...(options.body
      ? { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: options.body }
      : {}),
    ...(options.rate ? { overallRate: options.rate } : {}),
  };
  await autocannon({ ...common, duration: 2 }); // warm-up, not counted
  const result = await autocannon({ ...common, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function startApi(databaseUrl: string, port: number) {
  const child = pinned(0, process.execPath, apiServerArgs(), {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    // Warnings name every restaurant without online payment: hundreds of lines at 100×.
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    ...PRODUCTION_SIGN_IN_ENV,
  });
  // A pipe nobody reads would block the server's log writes once full.
  child.stdout?.pipe(process.stderr);
  return child;
}

/**
 * Times a reload as an instance runs it (CatalogStore: loadCatalogSnapshot with the rows of its previous load
 * kept, decision 49) after one dish's price changed, as a manager's edit does; and, for comparison, a full
 * load from nothing (an instance's start). When the reload misses, where the time goes: the reads alone
 * (readCatalogRows in its transaction; the rest is the mapping) and each catalog table read alone as raw rows.
 */
async function reloadTimes(databaseUrl: string, largestMenuId: number) {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [dish] = (
      await client.query('select id from positions where menu_id = $1 order by id limit 1', [largestMenuId])
    ).rows as { id: number }[];
    if (!dish) throw new Error('the largest menu has no dish');
    const editPrice = () => client.query('update positions set price = price + 100 where id = $1', [dish.id]);
    const cache = new CatalogRowCache();
    for (let i = 0; i < 2; i++) await loadCatalogSnapshot(handle.db, undefined, cache); // warm-up
    const runs: number[] = [];
    const reads: number[] = [];
    const full: number[] = [];
    const fetched: number[] = [];
    for (let i = 0; i < RELOAD_RUNS; i++) {
      await editPrice();
      let start = performance.now();
      await loadCatalogSnapshot(handle.db, undefined, cache);
      runs.push(performance.now() - start);
      fetched.push(cache.positions.lastFetched);
      await editPrice();
      start = performance.now();
      await handle.db.transaction((tx) => readCatalogRows(tx, cache), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      reads.push(performance.now() - start);
      start = performance.now();
      await loadCatalogSnapshot(handle.db);
      full.push(performance.now() - start);
    }
    const timed = async (sql: string, params: unknown[] = []) => {
      await client.query(sql, params);
      const start = performance.now();
      const result = await client.query(sql, params);
      return { rows: result.rowCount ?? 0, ms: round(performance.now() - start) };
    };
    const tables: { table: string; rows: number; ms: number }[] = [];
    const { rows } = await client.query(
      `select tgrelid::regclass::text as t from pg_trigger where tgname like '%bump_catalog_revision' group by 1`,
    );
    for (const { t } of rows as { t: string }[])
      tables.push({ table: t.replaceAll('"', ''), ...(await timed(`select * from ${t}`)) });
    tables.sort((a, b) => b.ms - a.ms);
    return {
      medianMs: round(median(runs)),
      maxMs: round(Math.max(...runs)),
      dishesReadAgain: Math.max(...fetched),
      fullLoadMedianMs: round(median(full)),
      readMedianMs: round(median(reads)),
      mappingMedianMs: round(Math.max(0, median(runs) - median(reads))),
      rawTablesMs: round(tables.reduce((sum, t) => sum + t.ms, 0)),
      slowestTables: tables.slice(0, 5),
    };
  } finally {
    await client.end();
    await handle.close();
  }
}

async function benchSize(size: Size, databaseUrl: string) {
  // A first start migrates and seeds the demo brand; then the catalog is grown with the servers down.
  const seedPort = await freePort();
  const seeder = startApi(databaseUrl, seedPort);
  try {
    await waitFor(`http://127.0.0.1:${seedPort}/1/now`);
  } finally {
    await stop(seeder);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let largestMenuId: number;
  let counts: Awaited<ReturnType<typeof catalogCounts>>;
  try {
    const demo = await catalogCounts(client);
    const shape = size.shape(demo);
    const growStart = performance.now();
    if (shape) await multiplyCatalog(client, shape);
    console.log(`${size.label}: catalog grown in ${Math.round(performance.now() - growStart)} ms`);
    counts = await catalogCounts(client);
    largestMenuId = Number(
      (
        await client.query(
          'select menu_id from positions group by menu_id order by count(*) desc, menu_id limit 1',
        )
      ).rows[0].menu_id,
    );
    // The manager who edits: created here (production seeds no known password).
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
    try {
      await createStaffAccount(
        handle.db,
        {
          whiteLabel: 'demo',
          login: MANAGER.login,
          name: 'Bench manager',
          role: 'manager',
          passwordHash: await hashStaffPassword(MANAGER.password),
          restoIds: [],
        },
        new Date(),
      );
    } finally {
      await handle.close();
    }
  } finally {
    await client.end();
  }

  const reload = await reloadTimes(databaseUrl, largestMenuId);

  const [portA, portB] = [await freePort(), await freePort()];
  const a = startApi(databaseUrl, portA);
  const b = startApi(databaseUrl, portB);
  try {
    const urlA = `http://127.0.0.1:${portA}`;
    const urlB = `http://127.0.0.1:${portB}`;
    await Promise.all([waitFor(`${urlA}/1/now`), waitFor(`${urlB}/1/now`)]);

    // Warm every public catalog answer a storefront asks for, on both instances.
    const ids = await (await getOk(`${urlA}/1/p/restos`)).json();
    const restoIds = (ids as { id: number }[]).map((r) => r.id);
    const menuIds = new Set<number>();
    for (const base of [urlA, urlB]) {
      await getOk(`${base}/1/p/cities`);
      await getOk(`${base}/1/p/restos`);
      for (const id of restoIds) {
        const resto = (await (await getOk(`${base}/1/p/restos/${id}`)).json()) as {
          menus?: { id: number }[];
        };
        for (const menu of resto.menus ?? []) menuIds.add(menu.id);
      }
      for (const id of menuIds) {
        await getOk(`${base}/1/p/menus/${id}/position-groups`);
        await getOk(`${base}/1/p/menus/${id}/positions`);
      }
    }
    const rssWarm = { a: rssMb(a.pid), b: rssMb(b.pid) };

    // The largest menu's answer and the preflight, each against node:http answering the same bytes.
    const menuPath = `/1/p/menus/${largestMenuId}/positions`;
    const menuResponse = await getOk(`${urlA}${menuPath}`);
    const menuHeaders: Record<string, string> = {};
    for (const name of ['content-type', 'etag', 'cache-control'])
      menuHeaders[name] = menuResponse.headers.get(name) ?? '';
    const menuBody = await menuResponse.text();
    const cart = JSON.stringify(CART);
    const preflight = await getOk(`${urlA}${PREFLIGHT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: cart,
    });
    const preflightBody = await preflight.text();
    const problems = (JSON.parse(preflightBody) as { problems: unknown[] }).problems;
    if (problems.length > 0) throw new Error(`the bench cart has problems: ${JSON.stringify(problems)}`);

    const basePort = await freePort();
    const baseline = pinned(
      0,
      process.execPath,
      ['--import', 'tsx', 'bench/catalog/baseline-server.ts'],
      process.env,
      'pipe',
    );
    baseline.stdin?.end(
      JSON.stringify({
        port: basePort,
        answers: {
          [menuPath]: { body: menuBody, headers: menuHeaders },
          [PREFLIGHT_PATH]: {
            body: preflightBody,
            headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
          },
        },
      }),
    );
    await new Promise<void>((ready) => baseline.stdout?.once('data', () => ready()));
    const urlBase = `http://127.0.0.1:${basePort}`;
    let menu: { base: Measured; api: Measured };
    let pre: { base: Measured; api: Measured };
    try {
      // Alternate the two servers so drift in machine load hits both alike.
      menu = {
        base: await load(`${urlBase}${menuPath}`, { connections: CONNECTIONS }),
        api: await load(`${urlA}${menuPath}`, { connections: CONNECTIONS }),
      };
      const fixed = { body: cart, rate: PREFLIGHT_RATE, connections: 8 };
      pre = {
        base: await load(`${urlBase}${PREFLIGHT_PATH}`, fixed),
        api: await load(`${urlA}${PREFLIGHT_PATH}`, fixed),
      };
    } finally {
      await stop(baseline);
    }

    // Edit-to-visible: a manager changes a dish's price on A; B answers the new price after its next poll
    // of the revision and a reload. A random pause first, so the edits fall anywhere in B's poll interval.
    const signIn = await getOk(`${urlA}/api/v1/staff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MANAGER),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const cartIds = new Set(CART.positions.map((p) => p.id));
    const dishId = (JSON.parse(menuBody) as { id: number }[]).find((p) => !cartIds.has(p.id))?.id;
    if (dishId === undefined) throw new Error(`menu ${largestMenuId} has no dish outside the cart`);
    const visible: number[] = [];
    const firstAnswer: number[] = [];
    for (let edit = 0; edit < EDITS; edit++) {
      await sleep(Math.random() * REFRESH_MS);
      const current = await getOk(`${urlA}/api/v1/admin/dishes/${dishId}`, { headers: auth });
      const etag = current.headers.get('etag') ?? '';
      const price = ((await current.json()) as { price: number }).price + 100;
      const start = performance.now();
      await getOk(`${urlA}/api/v1/admin/dishes/${dishId}`, {
        method: 'PATCH',
        headers: { ...auth, 'if-match': etag, 'content-type': 'application/json' },
        body: JSON.stringify({ price }),
      });
      for (;;) {
        const asked = performance.now();
        const answer = (await (await getOk(`${urlB}${menuPath}`)).json()) as { id: number; price: number }[];
        if (answer.find((p) => p.id === dishId)?.price === price) {
          visible.push(performance.now() - start);
          firstAnswer.push(performance.now() - asked);
          break;
        }
        if (performance.now() - start > 30_000) throw new Error(`edit ${edit} not visible on B within 30 s`);
        await sleep(POLL_MS);
      }
    }
    const rssEnd = { a: rssMb(a.pid), b: rssMb(b.pid) };

    const menuRatio = menu.api.rps / menu.base.rps;
    // A's end includes the manager's sign-in (scrypt takes 128 MiB for a moment); B's end, five reloads.
    const rssMax = Math.max(rssWarm.a, rssWarm.b, rssEnd.b);
    const visibleMax = Math.max(...visible);
    return {
      size: size.label,
      catalog: counts,
      reload,
      rssMb: { warmA: rssWarm.a, warmB: rssWarm.b, endA: rssEnd.a, endB: rssEnd.b },
      menu: {
        path: menuPath,
        bytes: Buffer.byteLength(menuBody),
        baselineRps: Math.round(menu.base.rps),
        apiRps: Math.round(menu.api.rps),
        ratio: round(menuRatio, 2),
        baselineP99Ms: menu.base.p99,
        apiP99Ms: menu.api.p99,
      },
      preflight: {
        rate: PREFLIGHT_RATE,
        baselineP99Ms: pre.base.p99,
        apiP99Ms: pre.api.p99,
        p99Ratio: round(pre.api.p99 / Math.max(pre.base.p99, 1), 2),
      },
      editVisible: {
        refreshMs: REFRESH_MS,
        medianMs: Math.round(median(visible)),
        maxMs: Math.round(visibleMax),
        runsMs: visible.map(Math.round),
        // The poll of B that first showed the price: it built the menu's answer from the new snapshot.
        firstAnswerMedianMs: round(median(firstAnswer)),
      },
      targets: {
        reload: reload.medianMs <= TARGETS.reloadMs ? 'met' : 'missed',
        memory: rssMax <= TARGETS.rssMb ? 'met' : 'missed',
        menuAnswer: menuRatio >= TARGETS.menuRatio ? 'met' : 'missed',
        editVisible: visibleMax <= TARGETS.editVisibleMs ? 'met' : 'missed',
      },
    };
  } finally {
    await Promise.all([stop(a), stop(b)]);
  }
}

type Row = Awaited<ReturnType<typeof benchSize>>;

function printRow(row: Row) {
  const c = row.catalog;
  console.log(
    `\n${row.size}: ${c.restos} restaurants, ${c.cities} cities, ${c.menus} menus, ${c.dishes} dishes ` +
      `(largest menu ${c.largestMenu}), ${c.attachments} modifier attachments, ${c.zones} zones`,
  );
  console.table([
    {
      measure: 'reload after a price edit',
      value: `median ${row.reload.medianMs} ms, max ${row.reload.maxMs} ms (full load ${row.reload.fullLoadMedianMs} ms)`,
      target: `≤ ${TARGETS.reloadMs} ms (median)`,
      status: row.targets.reload,
    },
    {
      measure: 'RSS per instance',
      value: `A ${row.rssMb.warmA}→${row.rssMb.endA} MB, B ${row.rssMb.warmB}→${row.rssMb.endB} MB`,
      target: `≤ ${TARGETS.rssMb} MB`,
      status: row.targets.memory,
    },
    {
      measure: `menu answer (${Math.round(row.menu.bytes / 1024)} KiB)`,
      value: `${row.menu.apiRps} vs ${row.menu.baselineRps} req/s = ${row.menu.ratio}`,
      target: `≥ ${TARGETS.menuRatio} of node:http`,
      status: row.targets.menuAnswer,
    },
    {
      measure: `preflight p99 @${row.preflight.rate}/s`,
      value: `${row.preflight.apiP99Ms} ms vs ${row.preflight.baselineP99Ms} ms (×${row.preflight.p99Ratio})`,
      target: 'reported',
      status: '',
    },
    {
      measure: 'edit on A visible on B',
      value: `median ${row.editVisible.medianMs} ms, max ${row.editVisible.maxMs} ms`,
      target: `≤ ${TARGETS.editVisibleMs} ms (max)`,
      status: row.targets.editVisible,
    },
  ]);
  if (row.targets.reload === 'missed') {
    const r = row.reload;
    console.log(
      `reload: reads ${r.readMedianMs} ms, mapping ${r.mappingMedianMs} ms; slowest tables read alone (raw pg): ` +
        `${r.slowestTables.map((t) => `${t.table} ${t.rows} rows ${t.ms} ms`).join(', ')}; ` +
        `dishes read again per reload: ${r.dishesReadAgain}`,
    );
  }
}

async function main() {
  if (!hasTaskset)
    console.warn('taskset not found: servers and load generator share cores; ratios are less reliable');
  const wanted = (process.env.BENCH_CHAIN_SIZES ?? SIZES.map((s) => s.label).join(',')).split(',');
  const unknown = wanted.filter((w) => !SIZES.some((s) => s.label === w));
  if (unknown.length) throw new Error(`BENCH_CHAIN_SIZES: unknown ${unknown.join(', ')}`);
  apiServerArgs(); // builds once, before any timing
  const rows: Row[] = [];
  let reachable = false;
  for (const size of SIZES.filter((s) => wanted.includes(s.label))) {
    await onScratchPostgres(`storefront_chain_${size.label}_${process.pid}`, async (url) => {
      reachable = true;
      const started = performance.now();
      const row = await benchSize(size, url);
      console.log(`${size.label}: measured in ${Math.round((performance.now() - started) / 1000)} s`);
      printRow(row);
      rows.push(row);
    });
    if (!reachable) return; // said by onScratchPostgres: nothing to measure without PostgreSQL
  }
  console.log(
    `\nmenu answer: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s; preflight: a 5-line cart without a ` +
      `promo code at ${PREFLIGHT_RATE} req/s (8 connections); edits: ${EDITS}, B polled every ${POLL_MS} ms, ` +
      `CATALOG_REFRESH_MS ${REFRESH_MS}`,
  );
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'chain-size.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

await main();
