// npm run deploy:smoke — the scale-out setup of deploy/nginx.conf on this machine, and a smoke journey through
// it while one instance restarts. In order:
//   1. a fresh PostgreSQL database (PG_ADMIN_URL, `node .ci/pg-database.mjs`) and a fake SMS.ru gateway on
//      127.0.0.1 that keeps the codes it is asked to send (the instances run NODE_ENV=production, where the
//      log sender is refused: sign-in goes through the real SMS.ru adapter, as in a chain's deployment);
//   2. two API instances on it, started together (migrations take an advisory lock, one seeds);
//   3. nginx with deploy/nginx.conf itself, only the marked local lines swapped (ports, file paths);
//   4. WORKERS journeys in a loop through nginx for DURATION_S: catalog reads, sign-in by phone (code from
//      the gateway), preflight, order placement with an Idempotency-Key (pay on receipt, restaurant 3 works
//      round the clock) sent twice as a retry would be, the order's event stream opened through nginx, a
//      cancel, and its event arriving on the open stream; meanwhile instance 1 gets SIGTERM and starts again;
//   5. a table of what nginx answered and what each instance served; orders placed = orders in the database.
// Exits 1 on any 5xx, network error, unexpected 4xx, lost event, second order from one key or count mismatch. Everything it started
// is stopped and the database dropped, also on failure.
//
// Environment: PG_ADMIN_URL; DEPLOY_SMOKE_S (default 25); DEPLOY_SMOKE_WORKERS (3); DEPLOY_RESTART_SIGNAL
// (SIGTERM; SIGKILL shows a crash: requests in flight on it may then fail, see docs/deployment.md); DEPLOY_SERVER_COMMAND,
// DEPLOY_HEALTH_PATH (below); NGINX (/usr/sbin/nginx); DEPLOY_KEEP=1 keeps the temp folder (logs, config).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { staleBuilds } from '../scripts/build-state.mjs';

const ROOT = resolve(import.meta.dirname, '..');
/** How one instance starts, from the repository root: the compiled server, as production runs it (decision 26). */
const SERVER_COMMAND =
  process.env.DEPLOY_SERVER_COMMAND ?? 'node --enable-source-maps apps/api/dist/server.js';
/** What says an instance can take traffic: the database answers and the catalog is loaded. */
const HEALTH_PATH = process.env.DEPLOY_HEALTH_PATH ?? '/readyz';
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const DURATION_S = Number(process.env.DEPLOY_SMOKE_S ?? 25);
const WORKERS = Number(process.env.DEPLOY_SMOKE_WORKERS ?? 3);
const RESTART_SIGNAL = /** @type {NodeJS.Signals} */ (process.env.DEPLOY_RESTART_SIGNAL ?? 'SIGTERM');
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WHITE_LABEL = 'demo';
const API_KEY = 'demo-public-api-key';
const SMSRU_API_ID = 'deploy-smoke';
const EVENT_WAIT_MS = 10_000;

/** Restaurant 3 works round the clock, so the smoke runs at any hour: delivery into its zone, cash. */
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
  ],
};

/** 4xx answers a correct client meets in this journey and handles: a placement retried while its first try runs. */
const EXPECTED_4XX = new Set(['409 idempotency.in-progress']);

const tmp = mkdtempSync(join(tmpdir(), 'storefront-deploy-'));
// Run as root, nginx's workers are 'nobody': they must reach their temp folders (large answers spill there).
chmodSync(tmp, 0o755);
const database = `storefront_deploy_${process.pid}`;
const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1).padStart(5);
const say = (/** @type {string} */ line) => console.log(`[${elapsed()}s] ${line}`);

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((done, fail) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @param {string} url @param {number} timeoutMs */
async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs} ms`);
}

/** @param {string[]} args */
function pgDatabase(...args) {
  execFileSync(process.execPath, [join(ROOT, '.ci/pg-database.mjs'), ...args], {
    env: { ...process.env, PG_ADMIN_URL: ADMIN_URL },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

// ---------------------------------------------------------------------------------------------------------
// The fake SMS.ru gateway: answers as SMS.ru does and keeps the last code sent to each number.

/** @type {Map<string, string>} */
const codes = new Map();
const sms = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sms');
  const to = url.searchParams.get('to') ?? '';
  const code = /\b(\d{4,8})\b/.exec(url.searchParams.get('msg') ?? '')?.[1];
  response.setHeader('content-type', 'application/json');
  if (url.pathname !== '/sms/send' || url.searchParams.get('api_id') !== SMSRU_API_ID || !code) {
    response.end(JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }));
    return;
  }
  codes.set(to, code);
  response.end(
    JSON.stringify({
      status: 'OK',
      status_code: 100,
      sms: { [to]: { status: 'OK', status_code: 100 } },
      balance: 1,
    }),
  );
});

// ---------------------------------------------------------------------------------------------------------
// Instances and nginx.

/** @typedef {{ name: string, port: number, child: import('node:child_process').ChildProcess | null, log: string }} Instance */

/** @param {Instance} instance @param {NodeJS.ProcessEnv} env */
function startInstance(instance, env) {
  const [command, ...args] = SERVER_COMMAND.split(' ');
  const log = createWriteStream(instance.log, { flags: 'a' });
  const child = spawn(/** @type {string} */ (command), args, {
    cwd: ROOT,
    env: { ...env, PORT: String(instance.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  instance.child = child;
  return child;
}

/** @param {import('node:child_process').ChildProcess | null} child @param {NodeJS.Signals} signal */
async function stopChild(child, signal = 'SIGTERM', timeoutMs = 20_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * deploy/nginx.conf with the lines between each `>>> local: NAME` and `<<< local: NAME` replaced; every
 * other line, the proxy settings and locations the smoke proves, is the production file's.
 * @param {Record<string, string[]>} blocks
 */
function localNginxConf(blocks) {
  let text = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  for (const [name, lines] of Object.entries(blocks)) {
    const pattern = new RegExp(
      `^([ \\t]*)# >>> local: ${name}\\n[\\s\\S]*?^[ \\t]*# <<< local: ${name}$`,
      'm',
    );
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no 'local: ${name}' block`);
    text = text.replace(pattern, (_all, indent) => lines.map((line) => `${indent}${line}`).join('\n'));
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// The journey and its bookkeeping.

/** @type {Map<string, number>} */
const byStatus = new Map();
/** @type {string[]} */
const failures = [];
/** @type {Set<number>} */
const placed = new Set();
/** @type {number[]} */
const eventLatencies = [];
let journeys = 0;
let streamReconnects = 0;
let replays = 0;
/** When instance 1 got SIGKILL: POSTs in flight on it then are lost with it (nginx must not resend them). */
let killedAt = Number.POSITIVE_INFINITY;
const CRASH_LOST = '502 POST in flight on the killed instance';
const CRASH_WINDOW_MS = 3000;

/** @param {string} key */
const count = (key) => byStatus.set(key, (byStatus.get(key) ?? 0) + 1);

/**
 * One request through nginx, counted by status; a 5xx, a network error or an unexpected 4xx is a failure.
 * @param {string} base @param {string} method @param {string} path
 * @param {{ body?: unknown, token?: string, headers?: Record<string, string>, expect4xx?: boolean }} [options]
 * @returns {Promise<{ status: number, body: any, headers: Headers }>}
 */
async function call(base, method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json', 'accept-encoding': 'br, gzip', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    count('network error');
    failures.push(`${method} ${path}: ${/** @type {Error} */ (error).cause ?? error}`);
    throw error;
  }
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  const code = body?.errors?.[0]?.code;
  const key = response.status >= 400 && code ? `${response.status} ${code}` : String(response.status);
  if (response.status === 502 && method === 'POST' && Date.now() - killedAt < CRASH_WINDOW_MS) {
    // A crash loses the non-idempotent requests it was serving; the customer sees an error and tries again.
    count(CRASH_LOST);
    throw Object.assign(new Error(`${method} ${path}: ${CRASH_LOST}`), { lostToCrash: true });
  }
  count(key);
  const expected = response.status < 400 || (options.expect4xx && EXPECTED_4XX.has(key));
  if (!expected) {
    failures.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    throw new Error(`${method} ${path}: ${response.status}`);
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * The customer's order stream through nginx, read as EventSource would: reconnects with a new ticket and
 * the last event id when the stream ends (an instance restarting ends its streams).
 */
class OrderStream {
  /** @param {string} base @param {number} personId @param {string} token */
  constructor(base, personId, token) {
    this.base = base;
    this.personId = personId;
    this.token = token;
    this.lastId = 0;
    /** @type {{ id: number, kind: string, orderId: number, at: number }[]} */
    this.events = [];
    this.closed = false;
    this.controller = new AbortController();
    /** @type {(() => void) | null} */
    this.onEvent = null;
  }

  /** Resolves once the stream is subscribed (its `retry:` line arrived). */
  async open() {
    const ticket = await call(this.base, 'POST', `/api/v1/persons/${this.personId}/stream-tickets`, {
      token: this.token,
    });
    const query = `ticket=${encodeURIComponent(ticket.body.ticket)}&after=${this.lastId}`;
    let response;
    try {
      response = await fetch(`${this.base}/api/v1/persons/${this.personId}/events?${query}`, {
        headers: { accept: 'text/event-stream' },
        signal: this.controller.signal,
      });
    } catch (error) {
      count('network error');
      failures.push(`GET events: ${/** @type {Error} */ (error).cause ?? error}`);
      throw error;
    }
    count(String(response.status));
    if (response.status !== 200 || !response.body) {
      failures.push(`GET events: ${response.status} ${await response.text()}`);
      throw new Error(`events: ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    /** @type {() => void} */
    let subscribed = () => {};
    const live = new Promise((r) => {
      subscribed = () => r(undefined);
    });
    const pump = async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('retry:')) subscribed();
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) {
              const event = JSON.parse(data);
              this.lastId = Math.max(this.lastId, event.id);
              this.events.push({ ...event, at: Date.now() });
              this.onEvent?.();
            }
          }
        }
      } catch {}
      subscribed();
      if (!this.closed) {
        // The instance ended the stream (a restart): reconnect as the browser would, after its retry.
        streamReconnects++;
        await sleep(500);
        if (!this.closed) await this.open().catch(() => {});
        this.onEvent?.();
      }
    };
    void pump();
    await live;
  }

  /** @param {number} orderId @param {string} kind @returns {Promise<number>} when it arrived */
  async waitFor(orderId, kind) {
    const deadline = Date.now() + EVENT_WAIT_MS;
    for (;;) {
      const event = this.events.find((e) => e.orderId === orderId && e.kind === kind);
      if (event) return event.at;
      if (Date.now() > deadline)
        throw new Error(`no '${kind}' event of order ${orderId} within ${EVENT_WAIT_MS} ms`);
      await new Promise((r) => {
        this.onEvent = () => r(undefined);
        setTimeout(r, 250);
      });
    }
  }

  close() {
    this.closed = true;
    this.controller.abort();
  }
}

/** @param {string} base @param {number} worker @param {number} round */
async function journey(base, worker, round) {
  // Browse: the clock, the brand, cities, a city's restaurants, a menu, restaurant 3's hours.
  await call(base, 'GET', '/1/now');
  await call(base, 'GET', '/config.json');
  await call(base, 'GET', `/1/p/cities?whiteLabel=${WHITE_LABEL}`);
  await call(base, 'GET', `/1/p/restos?cityId=1&whiteLabel=${WHITE_LABEL}`);
  const groups = await call(base, 'GET', '/1/p/menus/1/position-groups');
  const groupId = groups.body?.[0]?.id ?? 0;
  await call(base, 'GET', `/1/p/menus/1/positions?groupId=${groupId}`);
  await call(base, 'GET', '/1/restos/3/working-hours');

  // Sign in by phone: a new number per journey (one code per number per 90 s).
  const phone = `+7912${String(worker * 100_000 + round).padStart(7, '0')}`;
  const gatewayPhone = phone.slice(1);
  codes.delete(gatewayPhone);
  await call(base, 'POST', '/api/v1/sign/in/phone/code', {
    body: { apiKey: API_KEY, captchaToken: '', mode: 'WEB', phone, whiteLabel: WHITE_LABEL },
  });
  const code = codes.get(gatewayPhone);
  if (!code) throw new Error(`the gateway got no code for ${phone}`);
  const tokens = await call(base, 'POST', '/api/v1/sign/in/phone', {
    body: { apiKey: API_KEY, captchaToken: '', code, phone },
  });
  const token = tokens.body.accessToken;
  const me = await call(base, 'GET', '/api/v1/me', { token });
  const personId = me.body.id;

  // The order's event stream, open before the order exists.
  const stream = new OrderStream(base, personId, token);
  await stream.open();
  try {
    const preflight = await call(base, 'POST', `/1/persons/${personId}/orders/preflight`, {
      token,
      body: CART,
    });
    if (preflight.body.problems?.length)
      throw new Error(`preflight problems: ${JSON.stringify(preflight.body.problems)}`);
    const body = {
      ...CART,
      quote: preflight.body.quote,
      person: { name: 'Смоук', phone, email: null },
      comment: null,
      personCount: 1,
    };
    const key = randomUUID();
    const order = await placeOrder(base, personId, token, body, key);
    placed.add(order.id);
    // What nginx does for placement after a reset connection, and a client that lost the answer: the same
    // request again, likely on the other instance. It must answer the same order, not place a second one.
    const again = await placeOrder(base, personId, token, body, key);
    if (again.id !== order.id)
      throw new Error(`the same Idempotency-Key placed order ${again.id} after ${order.id}`);
    await stream.waitFor(order.id, 'placed');
    await call(base, 'GET', `/api/v1/persons/${personId}/orders/${order.id}`, { token });
    await call(base, 'POST', `/api/v1/persons/${personId}/orders/${order.id}/cancel`, { token, body: {} });
    const cancelledAt = Date.now();
    const arrivedAt = await stream.waitFor(order.id, 'canceled');
    eventLatencies.push(arrivedAt - cancelledAt);
  } finally {
    stream.close();
  }
  journeys++;
}

/**
 * POST the order with one Idempotency-Key until it is answered: a 409 in-progress waits its Retry-After, as
 * the storefront does. A retry answered from the key is counted as a replay.
 * @param {string} base @param {number} personId @param {string} token @param {unknown} body @param {string} key
 */
async function placeOrder(base, personId, token, body, key) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await call(base, 'POST', `/api/v1/persons/${personId}/orders`, {
      token,
      body,
      headers: { 'idempotency-key': key },
      expect4xx: true,
    });
    if (answer.status === 201 || answer.status === 200) {
      if (answer.headers.get('idempotent-replayed') === 'true') replays++;
      return answer.body;
    }
    await sleep(Number(answer.headers.get('retry-after') ?? 1) * 1000);
  }
  throw new Error('order placement still in progress after 5 tries');
}

// ---------------------------------------------------------------------------------------------------------

/** @param {string} accessLog @param {Instance[]} instances @param {{ at: number, back: number }} restart */
function upstreamTable(accessLog, instances, restart) {
  /** @type {Record<string, { before: number, during: number, after: number }>} */
  const served = {};
  for (const instance of instances) served[instance.name] = { before: 0, during: 0, after: 0 };
  let passedOn = 0;
  let lines = 0;
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const match = /upstream="([^"]*)".*msec=([\d.]+)/.exec(line);
    if (!match) continue;
    lines++;
    const hops = (match[1] ?? '').split(/,\s*/);
    if (hops.length > 1) passedOn++;
    const last = hops.at(-1) ?? '';
    const at = Number(match[2]) * 1000;
    const phase = at < restart.at ? 'before' : at < restart.back ? 'during' : 'after';
    const instance = instances.find((i) => last.endsWith(`:${i.port}`));
    const counts = instance && served[instance.name];
    if (counts) counts[phase]++;
  }
  return { served, passedOn, lines };
}

async function main() {
  // The instances run the build, as on a host: build what is missing or older than its sources first.
  if (!process.env.DEPLOY_SERVER_COMMAND)
    for (const { which, reason } of staleBuilds()) {
      say(`${reason}: building it (npm run build -w @storefront/${which})`);
      execFileSync('npm', ['run', 'build', '-w', `@storefront/${which}`], { cwd: ROOT, stdio: 'inherit' });
    }
  const ports = {
    one: await freePort(),
    two: await freePort(),
    nginx: await freePort(),
    sms: await freePort(),
  };
  await new Promise((r) => sms.listen(ports.sms, '127.0.0.1', () => r(undefined)));
  pgDatabase('create', database);
  say(`database ${database} created; fake SMS.ru on :${ports.sms}; temp folder ${tmp}`);

  const base = `http://127.0.0.1:${ports.nginx}`;
  // What a chain sets in production (docs/deployment.md, 'Deploying'), with this run's own secrets, shared by both.
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${database}`),
    TRUST_PROXY: '1',
    PUBLIC_URL: base,
    AUTH_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    QUOTE_SECRET: randomBytes(32).toString('base64url'),
    SMS_SENDER: 'smsru',
    SMSRU_API_ID,
    SMSRU_URL: `http://127.0.0.1:${ports.sms}`,
    // The smoke journeys sign in by SMS without a browser to pass a captcha: switched off by name
    // (a real deployment sets SMARTCAPTCHA_SERVER_KEY instead). Its start logs the warning.
    SMS_CAPTCHA_OFF: 'true',
    // Every smoke journey comes from 127.0.0.1: one client address, so its hourly budget is raised.
    SMS_REQUESTS_PER_CLIENT_HOUR: '100000',
    LOG_LEVEL: 'warn',
  };
  /** @type {Instance[]} */
  const instances = [
    { name: 'instance 1', port: ports.one, child: null, log: join(tmp, 'instance-1.log') },
    { name: 'instance 2', port: ports.two, child: null, log: join(tmp, 'instance-2.log') },
  ];
  /** @type {import('node:child_process').ChildProcess | null} */
  let nginx = null;
  let exitCode = 1;
  try {
    for (const instance of instances) startInstance(instance, env);
    await Promise.all(instances.map((i) => waitFor(`http://127.0.0.1:${i.port}${HEALTH_PATH}`)));
    say(`both instances answer ${HEALTH_PATH} (:${ports.one}, :${ports.two}): \`${SERVER_COMMAND}\``);

    const conf = localNginxConf({
      main: [`pid ${tmp}/nginx.pid;`, `error_log ${tmp}/nginx-error.log warn;`],
      http: [
        `access_log ${tmp}/access.log upstreams;`,
        `client_body_temp_path ${tmp}/client-body;`,
        `proxy_temp_path ${tmp}/proxy;`,
        `fastcgi_temp_path ${tmp}/fastcgi;`,
        `uwsgi_temp_path ${tmp}/uwsgi;`,
        `scgi_temp_path ${tmp}/scgi;`,
      ],
      instances: instances.map((i) => `server 127.0.0.1:${i.port} max_fails=2 fail_timeout=5s;`),
      listen: [`listen 127.0.0.1:${ports.nginx};`],
    });
    writeFileSync(join(tmp, 'nginx.conf'), conf);
    execFileSync(
      NGINX,
      ['-t', '-q', '-p', tmp, '-c', join(tmp, 'nginx.conf'), '-e', `${tmp}/nginx-error.log`],
      {
        stdio: 'inherit',
      },
    );
    nginx = spawn(
      NGINX,
      ['-p', tmp, '-c', join(tmp, 'nginx.conf'), '-e', `${tmp}/nginx-error.log`, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await waitFor(`${base}${HEALTH_PATH}`, 10_000);
    say(`nginx (deploy/nginx.conf) on ${base}, ${WORKERS} journeys in a loop for ${DURATION_S} s`);

    const end = Date.now() + DURATION_S * 1000;
    const restart = { at: Number.POSITIVE_INFINITY, back: Number.POSITIVE_INFINITY, down: 0 };
    const restarting = (async () => {
      await sleep(DURATION_S * 300);
      const [one] = instances;
      if (!one) return;
      restart.at = Date.now();
      if (RESTART_SIGNAL === 'SIGKILL') killedAt = restart.at;
      say(`${RESTART_SIGNAL} to instance 1 while journeys run`);
      await stopChild(one.child, RESTART_SIGNAL);
      restart.down = Date.now();
      say(`instance 1 stopped after ${restart.down - restart.at} ms; starting it again`);
      startInstance(one, env);
      await waitFor(`http://127.0.0.1:${one.port}${HEALTH_PATH}`);
      restart.back = Date.now();
      say(
        `instance 1 answers ${HEALTH_PATH} again, ${((restart.back - restart.at) / 1000).toFixed(1)} s after the signal`,
      );
    })();
    const loops = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let round = 0; Date.now() < end; round++) {
        try {
          await journey(base, worker + 1, round);
        } catch (error) {
          if (!(/** @type {{ lostToCrash?: boolean }} */ (error).lostToCrash))
            failures.push(`journey ${worker + 1}.${round}: ${/** @type {Error} */ (error).message}`);
        }
      }
    });
    await Promise.all([...loops, restarting]);
    // Instance 1 must take traffic again after its restart: a few more journeys once nginx has it back.
    if (Date.now() < restart.back + 3000) {
      for (let round = 1000; round < 1003; round++)
        await journey(base, 9, round).catch((e) => failures.push(e.message));
    }

    // The database's word on the orders.
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(
      'select count(*)::int as n, count(*) filter (where status = $1)::int as c from orders',
      ['canceled'],
    );
    await client.end();
    const inDatabase = rows[0].n;

    const { served, passedOn, lines } = upstreamTable(join(tmp, 'access.log'), instances, restart);
    const fivexx = [...byStatus]
      .filter(([k]) => (/^5/.test(k) && k !== CRASH_LOST) || k === 'network error')
      .reduce((s, [, n]) => s + n, 0);
    const unexpected4xx = [...byStatus]
      .filter(([k]) => /^4/.test(k) && !EXPECTED_4XX.has(k))
      .reduce((s, [, n]) => s + n, 0);
    eventLatencies.sort((a, b) => a - b);
    const p = (/** @type {number} */ q) =>
      eventLatencies[Math.min(eventLatencies.length - 1, Math.floor(eventLatencies.length * q))] ?? 0;

    console.log('\nThrough nginx, by status:');
    console.table(Object.fromEntries([...byStatus].sort().map(([k, n]) => [k, { requests: n }])));
    console.log(
      'What each instance served (nginx access log; the restart window is signal → answering again):',
    );
    console.table(served);
    const summary = {
      'journeys completed': journeys,
      'requests through nginx (access log)': lines,
      'passed on to the other instance by nginx': passedOn,
      '5xx and network errors': fivexx,
      'unexpected 4xx': unexpected4xx,
      'orders placed (201)': placed.size,
      'orders in the database': inDatabase,
      'orders cancelled in the database': rows[0].c,
      'placements sent again with their key, answered the same order': replays,
      'event streams reconnected': streamReconnects,
      ...(RESTART_SIGNAL === 'SIGKILL'
        ? { 'POSTs lost with the killed instance': byStatus.get(CRASH_LOST) ?? 0 }
        : {}),
      "'canceled' event after the cancel's answer, p50 / max ms": `${p(0.5)} / ${p(1)}`,
      [`instance 1 down (${RESTART_SIGNAL} → answering again), s`]: (
        (restart.back - restart.at) /
        1000
      ).toFixed(1),
      failures: failures.length,
    };
    console.table(summary);
    const ok =
      failures.length === 0 &&
      fivexx === 0 &&
      unexpected4xx === 0 &&
      journeys > 0 &&
      placed.size === inDatabase &&
      replays >= journeys &&
      Number.isFinite(restart.back) &&
      (served['instance 1']?.after ?? 0) > 0 &&
      (served['instance 2']?.during ?? 0) > 0;
    for (const failure of failures.slice(0, 20)) console.log(`FAILED: ${failure}`);
    if (!ok) console.log(`deploy smoke FAILED; logs in ${tmp}`);
    else console.log('deploy smoke passed: nothing failed across the restart');
    exitCode = ok ? 0 : 1;
  } catch (error) {
    console.error('deploy smoke could not run:', error);
    for (const instance of instances) {
      try {
        console.error(
          `--- ${instance.name} log (tail) ---\n${readFileSync(instance.log, 'utf8').slice(-3000)}`,
        );
      } catch {}
    }
  } finally {
    await stopChild(nginx, 'SIGQUIT');
    await Promise.all(instances.map((i) => stopChild(i.child)));
    await new Promise((r) => sms.close(() => r(undefined)));
    try {
      pgDatabase('drop', database);
    } catch (error) {
      console.error(`could not drop ${database}: ${error}`);
      exitCode = 1;
    }
    if (exitCode === 0 && process.env.DEPLOY_KEEP !== '1') rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

await main();
