/// <reference lib="dom" />
// npm run bench:web — what a first visit to the storefront costs.
// 1. Bytes: builds the storefront and sums the gzip size (level 9) of the JS and CSS a first visit
//    downloads: the entry chunk and its static imports, never the lazy (dynamic) ones. Budget: JS ≤ 150 KB
//    gzip (KB = 1024 bytes); the process exits 1 when it is exceeded, after printing everything.
// 2. Time: starts the storefront as `npm start` would (fresh PGlite data dir, free port) and loads it in
//    headless Chromium, each load in a fresh browser context (empty HTTP cache): the menu's first group
//    heading for a returning customer (location in local storage), and the location popup for a first
//    visit. Against a baseline measured in the same run: the first paint of a static 1 KB page from a
//    bare node:http server. 1 warm-up and 5 measured loads each; the three kinds are interleaved.
// Servers run on core 0 and this process (and the browser it launches) on core 1 when taskset exists.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'apps/web/dist');
const JS_BUDGET_BYTES = 150 * 1024;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const WARM_UPS = 1;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();

function onServerCore(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', '0', command, ...args]] : [command, args];
  return spawn(cmd, argv, { env, stdio: ['ignore', 'pipe', 'inherit'], cwd: ROOT });
}

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

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

const storageVersion = (() => {
  const keys = readFileSync(join(ROOT, 'apps/web/src/shared/storage/keys.ts'), 'utf8');
  const version = /STORAGE_VERSION\s*=\s*'([^']+)'/.exec(keys)?.[1];
  if (!version) throw new Error('STORAGE_VERSION not found in apps/web/src/shared/storage/keys.ts');
  return version;
})();

const RETURNING_CUSTOMER: Record<string, string> = {
  app_white_label: 'demo',
  app_version: storageVersion,
  city_id: '1',
  resto_id: '1',
  order_delivery_method: '"TAKE_AWAY"',
};

/**
 * Runs in the page before its own scripts: notes performance.now() (milliseconds since navigation
 * start) when a menu group heading (h2 in main) and when the location popup (a dialog with buttons)
 * first have a box on screen. A string, not a function: tsx would wrap named functions in helpers the
 * page does not have.
 */
const WATCH_FOR_CONTENT = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const shown = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const observer = new MutationObserver(() => {
    if (marks.menu === undefined && shown(document.querySelector('main h2'))) marks.menu = performance.now();
    if (marks.popup === undefined && shown(document.querySelector('[role="dialog"] button')))
      marks.popup = performance.now();
    if (marks.menu !== undefined || marks.popup !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

type Scenario = 'baseline' | 'returning' | 'first';

interface Load {
  /** The measured moment, ms after navigation start. */
  ms: number;
  /** first-contentful-paint, ms after navigation start. */
  fcpMs: number | null;
  /** Script URLs the page fetched. */
  scripts: string[];
}

async function load(browser: Browser, scenario: Scenario, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    if (scenario === 'returning') {
      await page.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, RETURNING_CUSTOMER);
    }
    if (scenario !== 'baseline') await page.addInitScript({ content: WATCH_FOR_CONTENT });
    await page.goto(url, { waitUntil: scenario === 'baseline' ? 'load' : 'commit' });

    let ms: number;
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
      const key = scenario === 'returning' ? 'menu' : 'popup';
      const handle = await page.waitForFunction(`window.__benchMarks && window.__benchMarks.${key}`, null, {
        timeout: 60_000,
      });
      ms = Number(await handle.jsonValue());
    }
    const fcpMs = await page.evaluate(() => {
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      return entry ? entry.startTime : null;
    });
    return { ms, fcpMs, scripts };
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

async function main() {
  if (!hasTaskset) console.warn('taskset not found: servers and browser share cores; timings are noisier');

  console.log('building the storefront (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const { assets, source } = measureBytes();
  const total = (kind: AssetSize['kind']) => assets.filter((a) => a.kind === kind);
  const sum = (list: AssetSize[], key: 'bytes' | 'gzipBytes') => list.reduce((s, a) => s + a[key], 0);
  const js = total('js');
  const css = total('css');
  const jsGzip = sum(js, 'gzipBytes');
  const cssGzip = sum(css, 'gzipBytes');
  const withinBudget = jsGzip <= JS_BUDGET_BYTES;

  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-web-'));
  const apiPort = await freePort();
  const basePort = await freePort();
  const api = onServerCore(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const baseline = onServerCore(
    process.execPath,
    ['--import', 'tsx', 'bench/web/static-page-server.ts', String(basePort)],
    process.env,
  );
  let browser: Browser | null = null;
  let browserVersion = '';
  const timings: Record<Scenario, Load[]> = { baseline: [], returning: [], first: [] };
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
    for (let run = 0; run < WARM_UPS + RUNS; run++) {
      for (const scenario of ['baseline', 'returning', 'first'] as const) {
        const result = await load(browser, scenario, urls[scenario]);
        if (run >= WARM_UPS) timings[scenario].push(result);
      }
    }
  } finally {
    await browser?.close();
    await stop(baseline);
    await stop(api);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const baselineMedian = quantile(
    timings.baseline.map((t) => t.ms),
    0.5,
  );
  const describe: Record<Scenario, string> = {
    baseline: 'static 1 KB page (node:http): first paint',
    returning: 'returning customer: first menu group heading',
    first: 'first visit: location popup',
  };
  const timeRows = (['baseline', 'returning', 'first'] as const).map((scenario) => {
    const values = timings[scenario].map((t) => t.ms);
    const fcps = timings[scenario].map((t) => t.fcpMs).filter((v): v is number => v !== null);
    const median = quantile(values, 0.5);
    return {
      measure: describe[scenario],
      runs: values.length,
      medianMs: round(median),
      p90Ms: round(quantile(values, 0.9)),
      fcpMedianMs: fcps.length ? round(quantile(fcps, 0.5)) : null,
      xBaseline: round(median / baselineMedian),
    };
  });

  // The scripts the home page actually fetched, against the static set computed from the build.
  const staticJs = new Set(js.map((a) => `/${a.file}`));
  const fetched = new Set(timings.returning.flatMap((t) => t.scripts));
  const lazyFetched = [...fetched].filter((path) => !staticJs.has(path));

  console.log(`\nfirst-visit assets (${source}), gzip level 9:`);
  console.table(
    assets.map((a) => ({ file: a.file, kind: a.kind, kb: kb(a.bytes), gzipKb: kb(a.gzipBytes) })),
  );
  console.log(
    `JS ${kb(sum(js, 'bytes'))} KB (${kb(jsGzip)} KB gzip, budget ${kb(JS_BUDGET_BYTES)} KB: ${withinBudget ? 'within' : 'EXCEEDED'}), ` +
      `CSS ${kb(sum(css, 'bytes'))} KB (${kb(cssGzip)} KB gzip)`,
  );
  if (lazyFetched.length > 0)
    console.log(`home page for a returning customer also fetched lazy chunks: ${lazyFetched.join(', ')}`);
  console.log(
    `\ntime from navigation start, fresh browser context per load (empty cache), ${WARM_UPS} warm-up + ${RUNS} runs, phone viewport:`,
  );
  console.table(timeRows);

  const result = {
    measuredAt: new Date().toISOString(),
    taskset: hasTaskset,
    chromium: browserVersion,
    bytes: {
      source,
      budgetJsGzipBytes: JS_BUDGET_BYTES,
      jsBytes: sum(js, 'bytes'),
      jsGzipBytes: jsGzip,
      cssBytes: sum(css, 'bytes'),
      cssGzipBytes: cssGzip,
      withinBudget,
      assets,
      lazyChunksFetchedByHome: lazyFetched,
    },
    timings: timeRows,
    raw: Object.fromEntries(
      Object.entries(timings).map(([scenario, loads]) => [scenario, loads.map((l) => round(l.ms))]),
    ),
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
