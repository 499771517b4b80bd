/// <reference lib="dom" />
// npm run bench:web — what a first visit to the storefront costs.
// 1. Bytes: builds the storefront, loads a first visit in headless Chromium until the network goes idle and
//    sums the gzip size (level 9) of every script it fetched: the entry chunk, its static imports and the
//    location popup's early download. The build's static graph (entry and static imports) is printed beside
//    it. Budget: first-visit JS ≤ 140 KB gzip (KB = 1024 bytes); the process exits 1 when it is exceeded,
//    after printing everything.
// 2. Time: starts the storefront as `npm start` would (fresh PGlite data dir, free port) and loads it in
//    headless Chromium, each load in a fresh browser context (empty HTTP cache): the menu's first group
//    heading and the first dish card (data-testid="dish-card") for a returning customer (location in
//    local storage and the first screen's cookie, so the server draws that screen, decision 44; and the moment
//    the app's own card replaces the drawn one; all from the same loads), and the location popup for a first
//    visit. Each moment is the frame that shows it. Against a
//    baseline measured in the same run: the first paint of a static 1 KB page from a bare node:http
//    server. 1 warm-up and 5 measured loads each; the three kinds are interleaved. Twice: as the machine
//    is, and as a cheap phone on a slow mobile network (Chromium's own throttling: 150 ms added to every
//    request, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower), where round trips and script cost show.
// 3. Menu payload: with the same server, walks cities → restos → menus over the public API and fetches
//    every menu's positions as identity, br and gzip (raw bytes on the wire, via node:http, so nothing is
//    decoded); reports each menu and, for the largest one (by identity bytes of its positions), also its
//    position groups.
// Servers run on core 0 and this process (and the browser it launches) on core 1 when taskset exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
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
import { RETURNING_CUSTOMER, RETURNING_CUSTOMER_COOKIE } from '../shared/returning-customer.ts';

const DIST = join(ROOT, 'apps/web/dist');
const JS_BUDGET_BYTES = 140 * 1024;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const WARM_UPS = 1;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Every load is a phone's: its screen and its browser's user agent (an Android Chrome, as Lighthouse's mobile
 * run sends), by which the server guesses the layout of a first screen it draws (decision 44).
 */
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
};

interface Profile {
  name: string;
  throttle: { latencyMs: number; downKbit: number; upKbit: number; cpuSlowdown: number } | null;
}
const PROFILES: Profile[] = [
  { name: 'this machine', throttle: null },
  {
    name: 'cheap phone, slow network',
    throttle: { latencyMs: 150, downKbit: 1600, upKbit: 750, cpuSlowdown: 4 },
  },
];

// ---------------------------------------------------------------------------------------------------
// Bytes of a first visit

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Asset paths (relative to dist) a first visit downloads: the entry, its static imports, their CSS. */
function firstVisitAssets(): { files: string[]; source: string } {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
    return { files: [...files], source: '.vite/manifest.json' };
  }

  // No manifest: what index.html loads, plus every static import inside those chunks (transitively).
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const files = new Set<string>();
  const queue: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isModule = tag.startsWith('<script') && /type="module"/.test(tag);
    const rel = attribute(tag, 'rel');
    const url = isModule
      ? attribute(tag, 'src')
      : rel === 'modulepreload' || rel === 'stylesheet'
        ? attribute(tag, 'href')
        : undefined;
    if (!url || /^[a-z]+:\/\//i.test(url)) continue;
    const file = url.replace(/^\//, '');
    if (!files.has(file)) {
      files.add(file);
      if (file.endsWith('.js')) queue.push(file);
    }
  }
  // `import{…}from"./x.js"` and `import"./x.js"` are static; `import("./x.js")` is lazy and skipped.
  const staticImport = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const code = readFileSync(join(DIST, file), 'utf8');
    for (const match of code.matchAll(staticImport)) {
      const target = join(file, '..', match[1] ?? '').replace(/\\/g, '/');
      if (!files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  return { files: [...files], source: 'index.html + static imports' };
}

interface AssetSize {
  file: string;
  kind: 'js' | 'css' | 'html';
  bytes: number;
  gzipBytes: number;
}

function measureBytes(): { assets: AssetSize[]; source: string } {
  const { files, source } = firstVisitAssets();
  const size = (file: string, kind: AssetSize['kind']): AssetSize => {
    const content = readFileSync(join(DIST, file));
    return { file, kind, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  };
  const assets = [size('index.html', 'html')];
  for (const file of files) {
    if (file.endsWith('.js')) assets.push(size(file, 'js'));
    else if (file.endsWith('.css')) assets.push(size(file, 'css'));
  }
  return { assets, source };
}

// ---------------------------------------------------------------------------------------------------
// Time to content

/**
 * Runs in the page before its own scripts: notes performance.now() (milliseconds since navigation
 * start) at the frame that first shows a menu group heading (h2 in the app's main, not the server's readable
 * page), a dish card (data-testid="dish-card"), the first frame after the app's first commit with a dish card
 * on screen (main.tsx's user-timing mark: a server's drawing taken over, decision 44, or the app's own) and
 * the location popup (a dialog with buttons), and reports each on the console
 * (`bench-mark <name> <ms>`). The harness listens for those lines instead of asking the page: Playwright's
 * waitForFunction polls on every animation frame, which on the throttled single core kept the page producing
 * frames and ran the harness's own script beside the app's, and delayed what it measured by a fifth
 * (decision 34). A string, not a function: tsx would wrap named functions in helpers the page does not have.
 */
const WATCH_FOR_CONTENT = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const shown = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let observer = null;
  // The app answers taps from its first commit (main.tsx marks it), a server's drawing taken over or its own.
  let started = false;
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('storefront-started').length > 0) {
      started = true;
      check();
    }
  }).observe({ type: 'mark', buffered: true });
  const noted = new Set();
  // Noted in the next frame's callback: the moment the frame that shows it is drawn, not when it entered the page.
  const note = (name) => {
    if (noted.has(name)) return;
    noted.add(name);
    requestAnimationFrame(() => {
      marks[name] = performance.now();
      console.debug('bench-mark ' + name + ' ' + marks[name]);
    });
  };
  const check = () => {
    if (!noted.has('menu') && shown(document.querySelector('main:not([data-prerendered]) h2'))) note('menu');
    if (!noted.has('dish') && shown(document.querySelector('[data-testid="dish-card"]'))) note('dish');
    if (!noted.has('app') && started && shown(document.querySelector('[data-testid="dish-card"]'))) note('app');
    if (!noted.has('popup') && shown(document.querySelector('dialog button, [role="dialog"] button'))) note('popup');
    if (noted.has('popup') || (noted.has('menu') && noted.has('dish') && noted.has('app')))
      observer?.disconnect();
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})();`;

type Scenario = 'baseline' | 'returning' | 'first';

interface Load {
  /** The measured moment, ms after navigation start. */
  ms: number;
  /** Returning customer only: the first dish card on screen, ms after navigation start. */
  dishMs: number | null;
  /** Returning customer only: the first dish card the app itself drew (it answers taps), ms after navigation start. */
  appMs: number | null;
  /** first-contentful-paint, ms after navigation start. */
  fcpMs: number | null;
  /** Script URLs the page fetched. */
  scripts: string[];
}

/** The marks the page reports on its console (WATCH_FOR_CONTENT), once all of `keys` are in; 60 s at most. */
function marksReported(page: Page, keys: string[]): Promise<Record<string, number>> {
  return new Promise((done, fail) => {
    const marks: Record<string, number> = {};
    const timer = setTimeout(
      () => fail(new Error(`waiting for ${keys.join(' and ')}, saw ${JSON.stringify(marks)}`)),
      60_000,
    );
    page.on('console', (message) => {
      const mark = /^bench-mark (\w+) ([\d.]+)$/.exec(message.text());
      if (!mark?.[1]) return;
      marks[mark[1]] = Number(mark[2]);
      if (keys.every((key) => marks[key] !== undefined)) {
        clearTimeout(timer);
        done(marks);
      }
    });
  });
}

async function load(browser: Browser, scenario: Scenario, url: string, profile: Profile): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, locale: 'ru-RU' });
  try {
    const page = await context.newPage();
    if (profile.throttle) {
      const { latencyMs, downKbit, upKbit, cpuSlowdown } = profile.throttle;
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: latencyMs,
        downloadThroughput: (downKbit * 1000) / 8,
        uploadThroughput: (upKbit * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    if (scenario === 'returning') {
      await context.addCookies([{ ...RETURNING_CUSTOMER_COOKIE, url }]);
      await page.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, RETURNING_CUSTOMER);
    }
    if (scenario !== 'baseline') await page.addInitScript({ content: WATCH_FOR_CONTENT });
    const reported =
      scenario === 'baseline'
        ? null
        : marksReported(page, scenario === 'returning' ? ['menu', 'dish', 'app'] : ['popup']);
    // Awaited below; a failed navigation must not leave it to reject unheard.
    reported?.catch(() => undefined);
    await page.goto(url, { waitUntil: scenario === 'baseline' ? 'load' : 'commit' });

    let ms: number;
    let dishMs: number | null = null;
    let appMs: number | null = null;
    if (scenario === 'baseline') {
      ms = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            const seen = performance.getEntriesByName('first-paint')[0];
            if (seen) return done(seen.startTime);
            new PerformanceObserver((list) => {
              const paint = list.getEntriesByName('first-paint')[0];
              if (paint) done(paint.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
    } else {
      const marks = await (reported as Promise<Record<string, number>>);
      ms = Number(scenario === 'returning' ? marks.menu : marks.popup);
      if (scenario === 'returning') {
        dishMs = Number(marks.dish);
        appMs = Number(marks.app);
      }
    }
    const fcpMs = await page.evaluate(() => {
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      return entry ? entry.startTime : null;
    });
    return { ms, dishMs, appMs, fcpMs, scripts };
  } finally {
    await context.close();
  }
}

/**
 * The scripts a first visit fetches before the network goes idle (unthrottled, empty cache): what the page
 * and its entry ask for, and what the app asks for early (the location popup's chunks).
 */
async function firstVisitScripts(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({ ...PHONE, locale: 'ru-RU' });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.addInitScript({ content: WATCH_FOR_CONTENT });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as { __benchMarks?: { popup?: number } }).__benchMarks?.popup,
      null,
      {
        timeout: 60_000,
      },
    );
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await context.close();
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: with 5 runs p90 is the slowest one.
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 10) / 10;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

// ---------------------------------------------------------------------------------------------------
// Menu payload

const ENCODINGS = ['identity', 'br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface RawAnswer {
  /** The content-encoding the server chose (it sends small bodies uncompressed whatever is asked). */
  encoding: string;
  /** Bytes of the body as transferred, not decoded. */
  bytes: number;
  contentLength: number | null;
  body: Buffer;
}

/** GET through node:http, which (unlike fetch) never decodes the body: its length is what went over the wire. */
function rawGet(url: string, acceptEncoding: Encoding): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    httpGet(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        if (response.statusCode !== 200) return fail(new Error(`GET ${url}: HTTP ${response.statusCode}`));
        const body = Buffer.concat(chunks);
        const header = response.headers['content-length'];
        const contentLength = header === undefined ? null : Number(header);
        if (contentLength !== null && contentLength !== body.length)
          return fail(new Error(`GET ${url}: content-length ${contentLength}, body ${body.length} bytes`));
        done({
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes: body.length,
          contentLength,
          body,
        });
      });
    }).on('error', fail);
  });
}

async function getJson<T>(url: string): Promise<T> {
  return JSON.parse((await rawGet(url, 'identity')).body.toString('utf8')) as T;
}

interface PayloadSize {
  path: string;
  /** Items in the JSON array (dishes or groups). */
  items: number;
  bytes: Record<Encoding, number>;
  /** The content-encoding actually received for each accept-encoding asked. */
  received: Record<Encoding, string>;
}

async function payloadSize(origin: string, path: string): Promise<PayloadSize> {
  const bytes = {} as Record<Encoding, number>;
  const received = {} as Record<Encoding, string>;
  let items = 0;
  for (const encoding of ENCODINGS) {
    const answer = await rawGet(`${origin}${path}`, encoding);
    bytes[encoding] = answer.bytes;
    received[encoding] = answer.encoding;
    if (encoding === 'identity') items = (JSON.parse(answer.body.toString('utf8')) as unknown[]).length;
  }
  return { path, items, bytes, received };
}

/** Every menu reachable from the public catalog: cities → restos of each city → menus of each resto. */
async function menuPayloads(origin: string) {
  const cities = await getJson<{ id: number }[]>(`${origin}/1/p/cities`);
  const restoIds = new Set<number>();
  for (const city of cities)
    for (const resto of await getJson<{ id: number }[]>(`${origin}/1/p/restos?cityId=${city.id}`))
      restoIds.add(resto.id);
  const menuRestos = new Map<number, number[]>();
  for (const restoId of restoIds) {
    const resto = await getJson<{ menus: { id: number }[] }>(`${origin}/1/p/restos/${restoId}`);
    for (const menu of resto.menus) menuRestos.set(menu.id, [...(menuRestos.get(menu.id) ?? []), restoId]);
  }
  const menus = [];
  for (const [menuId, restos] of [...menuRestos].sort(([a], [b]) => a - b))
    menus.push({ menuId, restos, positions: await payloadSize(origin, `/1/p/menus/${menuId}/positions`) });
  if (menus.length === 0) throw new Error('no menus found through /1/p/cities → /1/p/restos');
  const largest = menus.reduce((a, b) => (b.positions.bytes.identity > a.positions.bytes.identity ? b : a));
  const groups = await payloadSize(origin, `/1/p/menus/${largest.menuId}/position-groups`);
  return { cities: cities.length, restos: restoIds.size, menus, largest: { ...largest, groups } };
}

async function main() {
  if (!hasTaskset) console.warn('taskset not found: servers and browser share cores; timings are noisier');

  console.log('building the storefront (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const { assets, source } = measureBytes();
  const total = (kind: AssetSize['kind']) => assets.filter((a) => a.kind === kind);
  const sum = (list: AssetSize[], key: 'bytes' | 'gzipBytes') => list.reduce((s, a) => s + a[key], 0);
  const js = total('js');
  const css = total('css');
  const staticJsGzip = sum(js, 'gzipBytes');
  const cssGzip = sum(css, 'gzipBytes');

  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-web-'));
  const apiPort = await freePort();
  const basePort = await freePort();
  const api = pinned(0, process.execPath, apiServerArgs(), {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...PRODUCTION_SIGN_IN_ENV,
  });
  const baseline = pinned(
    0,
    process.execPath,
    ['--import', 'tsx', 'bench/web/static-page-server.ts', String(basePort)],
    process.env,
  );
  let browser: Browser | null = null;
  let browserVersion = '';
  const measured = PROFILES.map((profile) => ({
    profile,
    timings: { baseline: [], returning: [], first: [] } as Record<Scenario, Load[]>,
  }));
  let payload: Awaited<ReturnType<typeof menuPayloads>> | null = null;
  let firstVisitFetched: string[] = [];
  try {
    await new Promise<void>((ready) => baseline.stdout?.once('data', () => ready()));
    await waitFor(`http://127.0.0.1:${apiPort}/1/now`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    browserVersion = browser.version();
    const urls: Record<Scenario, string> = {
      baseline: `http://127.0.0.1:${basePort}/`,
      returning: `http://127.0.0.1:${apiPort}/`,
      first: `http://127.0.0.1:${apiPort}/`,
    };
    for (const { profile, timings } of measured) {
      for (let run = 0; run < WARM_UPS + RUNS; run++) {
        for (const scenario of ['baseline', 'returning', 'first'] as const) {
          const result = await load(browser, scenario, urls[scenario], profile);
          if (run >= WARM_UPS) timings[scenario].push(result);
        }
      }
    }
    // After the timed loads, so these requests do not warm anything for them.
    firstVisitFetched = await firstVisitScripts(browser, urls.first);
    payload = await menuPayloads(`http://127.0.0.1:${apiPort}`);
  } finally {
    await browser?.close();
    await stop(baseline);
    await stop(api);
    rmSync(dataDir, { recursive: true, force: true });
  }

  // What a first visit's browser fetched, sized from the build as the static graph is.
  const fetchedJs = firstVisitFetched
    .filter((path) => path.startsWith('/assets/') && existsSync(join(DIST, path)))
    .map((path) => {
      const content = readFileSync(join(DIST, path));
      return {
        file: path.slice(1),
        kb: kb(content.length),
        gzipKb: kb(gzipSync(content, { level: 9 }).length),
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    });
  const jsGzip = fetchedJs.reduce((total, file) => total + file.gzipBytes, 0);
  const withinBudget = fetchedJs.length > 0 && jsGzip <= JS_BUDGET_BYTES;

  const series = [
    { measure: 'static 1 KB page (node:http): first paint', scenario: 'baseline', pick: (t: Load) => t.ms },
    {
      measure: 'returning customer: first menu group heading',
      scenario: 'returning',
      pick: (t: Load) => t.ms,
    },
    {
      measure: 'returning customer: first dish card visible',
      scenario: 'returning',
      pick: (t: Load) => t.dishMs ?? Number.NaN,
    },
    {
      measure: 'returning customer: the app started, a dish card on screen (taps answered)',
      scenario: 'returning',
      pick: (t: Load) => t.appMs ?? Number.NaN,
    },
    { measure: 'first visit: location popup', scenario: 'first', pick: (t: Load) => t.ms },
  ] as const;
  const timeRowsByProfile = measured.map(({ profile, timings }) => {
    const baselineMedian = quantile(
      timings.baseline.map((t) => t.ms),
      0.5,
    );
    return series.map(({ measure, scenario, pick }) => {
      const values = timings[scenario].map(pick);
      const fcps = timings[scenario].map((t) => t.fcpMs).filter((v): v is number => v !== null);
      const median = quantile(values, 0.5);
      return {
        profile: profile.name,
        measure,
        runs: values.length,
        medianMs: round(median),
        p90Ms: round(quantile(values, 0.9)),
        fcpMedianMs: fcps.length ? round(quantile(fcps, 0.5)) : null,
        xBaseline: round(median / baselineMedian),
      };
    });
  });
  // Which scripts load does not depend on throttling: read them off the unthrottled loads.
  const unthrottled = (measured[0] as (typeof measured)[number]).timings;

  // The scripts the home page actually fetched, against the static set computed from the build.
  const staticJs = new Set(js.map((a) => `/${a.file}`));
  const fetched = new Set(unthrottled.returning.flatMap((t) => t.scripts));
  const lazyFetched = [...fetched].filter((path) => !staticJs.has(path));

  console.log(`\nfirst-visit assets (${source}), gzip level 9:`);
  console.table(
    assets.map((a) => ({ file: a.file, kind: a.kind, kb: kb(a.bytes), gzipKb: kb(a.gzipBytes) })),
  );
  console.log(
    `static graph: JS ${kb(sum(js, 'bytes'))} KB (${kb(staticJsGzip)} KB gzip), CSS ${kb(sum(css, 'bytes'))} KB (${kb(cssGzip)} KB gzip)`,
  );
  console.log('\nscripts a first visit fetched before the network went idle, gzip level 9:');
  console.table(fetchedJs.map(({ file, kb: size, gzipKb }) => ({ file, kb: size, gzipKb })));
  console.log(
    `first-visit JS ${kb(jsGzip)} KB gzip in ${fetchedJs.length} files (budget ${kb(JS_BUDGET_BYTES)} KB: ${withinBudget ? 'within' : 'EXCEEDED'})`,
  );
  if (lazyFetched.length > 0)
    console.log(`home page for a returning customer also fetched lazy chunks: ${lazyFetched.join(', ')}`);
  console.log(
    `\ntime from navigation start, fresh browser context per load (empty cache), ${WARM_UPS} warm-up + ${RUNS} runs, phone viewport:`,
  );
  for (const rows of timeRowsByProfile) console.table(rows);

  const menuPayload = payload as NonNullable<typeof payload>;
  const { largest } = menuPayload;
  console.log(
    `\nmenu payloads (${menuPayload.cities} cities, ${menuPayload.restos} restos, ${menuPayload.menus.length} menus), bytes on the wire per accept-encoding:`,
  );
  const sizeRow = (label: string, size: PayloadSize) => ({
    payload: label,
    items: size.items,
    identity: size.bytes.identity,
    br: size.bytes.br,
    gzip: size.bytes.gzip,
    brKb: kb(size.bytes.br),
    gzipKb: kb(size.bytes.gzip),
  });
  console.table(menuPayload.menus.map((m) => sizeRow(`menu ${m.menuId} positions`, m.positions)));
  console.log(
    `largest menu: ${largest.menuId} (resto ${largest.restos.join(', ')}), ${largest.positions.items} dishes; with its groups:`,
  );
  console.table([
    sizeRow(`menu ${largest.menuId} positions`, largest.positions),
    sizeRow(`menu ${largest.menuId} position-groups`, largest.groups),
  ]);
  for (const size of [largest.positions, largest.groups])
    for (const encoding of ['br', 'gzip'] as const)
      if (size.received[encoding] !== encoding)
        console.log(
          `${size.path} asked as ${encoding} came back as ${size.received[encoding]} (server sends small bodies uncompressed)`,
        );

  const result = {
    measuredAt: new Date().toISOString(),
    taskset: hasTaskset,
    chromium: browserVersion,
    bytes: {
      source,
      budgetJsGzipBytes: JS_BUDGET_BYTES,
      jsBytes: sum(js, 'bytes'),
      jsGzipBytes: jsGzip,
      staticJsGzipBytes: staticJsGzip,
      firstVisitScripts: fetchedJs.map(({ file, gzipBytes }) => ({ file, gzipBytes })),
      cssBytes: sum(css, 'bytes'),
      cssGzipBytes: cssGzip,
      withinBudget,
      assets,
      lazyChunksFetchedByHome: lazyFetched,
    },
    profiles: PROFILES,
    timings: timeRowsByProfile.flat(),
    raw: measured.map(({ profile, timings }) => ({
      profile: profile.name,
      ...Object.fromEntries(
        Object.entries(timings).map(([scenario, loads]) => [scenario, loads.map((l) => round(l.ms))]),
      ),
      returningDishCard: timings.returning.map((l) => round(l.dishMs ?? Number.NaN)),
      returningAppCard: timings.returning.map((l) => round(l.appMs ?? Number.NaN)),
    })),
    menuPayload: {
      note: 'bytes as transferred (node:http, not decoded) for each accept-encoding asked; received: the content-encoding the server chose',
      largestMenuId: largest.menuId,
      largest: {
        menuId: largest.menuId,
        restos: largest.restos,
        positions: largest.positions,
        groups: largest.groups,
      },
      menus: menuPayload.menus,
    },
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (!withinBudget) {
    console.error(
      `first-visit JS is ${kb(jsGzip)} KB gzip, over the ${kb(JS_BUDGET_BYTES)} KB budget by ${kb(jsGzip - JS_BUDGET_BYTES)} KB`,
    );
    process.exitCode = 1;
  }
}

await main();
