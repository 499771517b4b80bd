import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { smsLogRef } from './integrations/sms/log-sms-sender.ts';
import { API_KEY } from './test/auth-test-kit.ts';
import { type FakeServer, json, startFake } from './test/fakes/fake-server.ts';
import { FAKE_SMSRU_API_ID } from './test/fakes/smsru.ts';
import { CONTACTS } from './test/orders-kit.ts';
import { cart, DAY } from './test/preflight-kit.ts';
import { freePort, type ServerProcess, startServerProcess } from './test/server-process.ts';
import {
  createDatabaseFromTemplate,
  databaseUrlWithName,
  dropDatabase,
  uniqueDatabaseName,
} from './test/test-database.ts';

/**
 * SIGTERM (docs/operations.md, 'Stopping'): the real server as a child process (server-process.ts). It stops taking connections at
 * once, finishes what is in flight, then exits 0. The request in flight is held deterministically: a sign-in
 * code whose SMS.ru call a fake holds (both databases), and on PostgreSQL an order placement waiting for the
 * person's row, which the test locks from its own connection (PGlite is one in-process connection: nobody
 * else can hold a lock in it).
 */

const template = inject('databaseTemplate');
const onPostgres = Boolean(template.postgresAdminUrl && template.postgresTemplate);
const cleanUps: (() => Promise<void> | void)[] = [];
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.kill();
  server = undefined;
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** A fresh PGlite dir, or a copy of the seeded template on PostgreSQL. */
async function serverDatabase(): Promise<{ env: Record<string, string>; url?: string }> {
  if (template.postgresAdminUrl && template.postgresTemplate) {
    const admin = template.postgresAdminUrl;
    const name = uniqueDatabaseName(template.postgresTemplate.replace(/_tpl_.*/, '_stop'));
    await createDatabaseFromTemplate(admin, name, template.postgresTemplate);
    cleanUps.push(() => dropDatabase(admin, name));
    const url = databaseUrlWithName(admin, name);
    return { env: { DATABASE_URL: url }, url };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-stop-'));
  cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir } };
}

const BASE_ENV = {
  NODE_ENV: 'development',
  CLOCK_NOW: new Date(DAY).toISOString(),
  AUTH_TOKEN_SECRET: 'stop-test-secret-stop-test-secret-0123456',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  PAYMENT_SWEEP_MS: '0',
  SHUTDOWN_TIMEOUT_MS: '20000',
};

/** Whether a new TCP connection to the port is refused (the server no longer listens). */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(`${server?.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text) };
}

/** The end of its log, shown when it exits otherwise than expected. */
const exitStory = () =>
  [...(server?.lines.slice(-6).map((line) => JSON.stringify(line)) ?? []), ...(server?.other ?? [])]
    .join('\n')
    .slice(-3000);

/** SIGTERM, then: the shutdown has begun and new connections are refused while the request is in flight. */
async function terminateWhileInFlight(port: number) {
  const current = server as ServerProcess;
  current.child.kill('SIGTERM');
  await expect
    .poll(() => current.lines.some((line) => String(line.msg).startsWith('shutting down')), {
      timeout: 10_000,
    })
    .toBe(true);
  await expect.poll(() => connectionRefused(port), { timeout: 10_000 }).toBe(true);
  expect(current.child.exitCode).toBeNull();
}

describe('SIGTERM', () => {
  it('lets a request in flight finish (an SMS.ru call held), refuses new connections, exits 0', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const smsru: FakeServer = await startFake((_request, _body, response) => {
      void held.then(() =>
        json(response, 200, {
          status: 'OK',
          status_code: 100,
          sms: { '79120007001': { status: 'OK', status_code: 100, sms_id: '1' } },
        }),
      );
    });
    cleanUps.push(() => smsru.close());
    const port = await freePort();
    const { env } = await serverDatabase();
    server = await startServerProcess(
      { ...BASE_ENV, ...env, SMS_SENDER: 'smsru', SMSRU_API_ID: FAKE_SMSRU_API_ID, SMSRU_URL: smsru.url },
      port,
    );

    const sending = post('/api/v1/sign/in/phone/code', {
      apiKey: API_KEY,
      captchaToken: '',
      mode: 'WEB',
      phone: '+79120007001',
      whiteLabel: 'demo',
    });
    await expect.poll(() => smsru.requests.length, { timeout: 10_000 }).toBe(1);
    await terminateWhileInFlight(port);

    release?.();
    const sent = await sending;
    expect(sent.status, sent.text).toBe(200);
    await server.exited;
    expect(server.child.exitCode, exitStory()).toBe(0);
    expect(server.lines.some((line) => line.msg === 'stopped')).toBe(true);
  }, 180_000);

  it.runIf(onPostgres)(
    'lets an order being placed complete: 201, then exit 0',
    async () => {
      const port = await freePort();
      const { env, url } = await serverDatabase();
      server = await startServerProcess({ ...BASE_ENV, ...env, SMS_SENDER: 'log' }, port);

      const phone = '+79120007002';
      const sent = await post('/api/v1/sign/in/phone/code', {
        apiKey: API_KEY,
        captchaToken: '',
        mode: 'WEB',
        phone,
        whiteLabel: 'demo',
      });
      expect(sent.status, sent.text).toBe(200);
      const ref = smsLogRef(phone);
      const codeLine = () =>
        server?.lines.findLast((l) => (l.sms as { ref?: string } | undefined)?.ref === ref);
      await expect.poll(codeLine, { timeout: 10_000 }).toBeDefined();
      const code = /\b(\d{6})\b/.exec((codeLine()?.sms as { text?: string } | undefined)?.text ?? '')?.[1];
      const signedIn = await post('/api/v1/sign/in/phone', {
        apiKey: API_KEY,
        captchaToken: '',
        code,
        phone,
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      const token = signedIn.json().accessToken as string;
      const me = await fetch(`${server.base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      const personId = ((await me.json()) as { id: number }).id;
      const auth = { authorization: `Bearer ${token}` };
      const body = cart();
      const priced = await post(`/1/persons/${personId}/orders/preflight`, body, auth);
      expect(priced.status, priced.text).toBe(200);

      // The test holds the person's row: placement locks it first, so it waits in flight.
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      cleanUps.push(() => locker.end());
      await locker.query('begin');
      await locker.query('select id from persons where id = $1 for update', [personId]);
      const placing = post(
        `/api/v1/persons/${personId}/orders`,
        { ...body, quote: priced.json().quote, ...CONTACTS },
        { ...auth, 'idempotency-key': randomUUID() },
      );
      const waitingForLock = async () =>
        (
          await locker.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0].n as number;
      await expect.poll(waitingForLock, { timeout: 10_000 }).toBe(1);
      await terminateWhileInFlight(port);

      await locker.query('rollback');
      const placed = await placing;
      expect(placed.status, placed.text).toBe(201);
      await server.exited;
      expect(server.child.exitCode, exitStory()).toBe(0);
    },
    180_000,
  );
});
