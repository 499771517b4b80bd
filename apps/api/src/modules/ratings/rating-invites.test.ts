import { ratingLinkExpiresAtMs } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/client.ts';
import { SmsSendError, type SmsSender } from '../../integrations/sms/sms-sender.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase, testConfig } from '../../test/test-app.ts';
import {
  RATING_INVITE_AFTER_MINUTES,
  ratingInvitesDeps,
  ratingInviteText,
  readRatingLinkKey,
  sendRatingInvites,
  verifyRatingToken,
} from './index.ts';

/**
 * The rating invites (decision 57): one SMS per order a while after it is done, with a link that works, never twice
 * even with two instances on one database, never for an order already rated or whose link would be dead.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let secondDb: Database;
let closeSecond: () => Promise<void> = async () => {};
const t = DAY;
let anna: Person;
const MINUTE = 60_000;
const silent = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
const config = testConfig({ PUBLIC_URL: 'https://shop.example' });

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: () => t }));
  anna = await newPerson(app, database.db);
  // A second instance has a pool of its own on PostgreSQL; PGlite is one process with one handle.
  if (database.url) {
    const own = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    secondDb = own.db;
    closeSecond = () => own.close();
  } else secondDb = database.db;
});
afterAll(async () => {
  await closeSecond();
  await close();
});

function recorder(fail = false) {
  const sent: { phone: string; text: string }[] = [];
  const sender: SmsSender = {
    kind: 'log',
    async send(phone, text) {
      if (fail) throw new SmsSendError('refused');
      sent.push({ phone, text });
    },
  };
  return { sent, sender };
}

async function doneOrder(doneAtMs: number): Promise<number> {
  const response = await place(app, anna, await orderBody(app, anna));
  expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  const id = (response.json() as { id: number }).id;
  await database.db.execute(sql`update orders set status = 'done' where id = ${id}`);
  await database.db.execute(
    sql`insert into order_history (order_id, status, at, by) values (${id}, 'done', ${new Date(doneAtMs).toISOString()}::timestamptz, 'test')`,
  );
  return id;
}

const invites = () =>
  rowsOf<{ order_id: number; status: string; sent_at: string | null }>(
    database.db,
    sql`select order_id, status, sent_at from rating_invites order by order_id`,
  );

it('sends one SMS per order done an hour ago with a working link, once across two instances', async () => {
  // Clear the demo's own done orders out of the window: only this test's orders are due.
  await database.db.execute(sql`insert into rating_invites (order_id, white_label_id, status, created_at)
    select id, white_label_id, 'sent', now() from orders where status = 'done' on conflict do nothing`);
  await database.db.execute(sql`delete from rating_invites where order_id not in (select id from orders)`);
  const due1 = await doneOrder(t - RATING_INVITE_AFTER_MINUTES * MINUTE);
  const due2 = await doneOrder(t - 2 * 86_400_000);
  const fresh = await doneOrder(t - (RATING_INVITE_AFTER_MINUTES - 1) * MINUTE);
  const stale = await doneOrder(t - ratingLinkExpiresAtMs(0));
  const rated = await doneOrder(t - 3 * 60 * MINUTE);
  await database.db.execute(sql`insert into order_ratings (order_id, white_label_id, resto_id, person_id, stars, source, created_at, updated_at)
    select id, white_label_id, resto_id, person_id, 5, 'order-page', now(), now() from orders where id = ${rated}`);
  const before = new Set((await invites()).map((r) => r.order_id));

  const one = recorder();
  const two = recorder();
  const [a, b] = await Promise.all([
    sendRatingInvites(ratingInvitesDeps(config, database.db, one.sender, silent), t),
    sendRatingInvites(ratingInvitesDeps(config, secondDb, two.sender, silent), t),
  ]);
  const sent = [...one.sent, ...two.sent];
  expect(sent).toHaveLength(2);
  expect(a.sent + b.sent).toBe(2);
  const rows = (await invites()).filter((r) => !before.has(r.order_id));
  expect(rows.map((r) => [r.order_id, r.status])).toEqual([
    [due1, 'sent'],
    [due2, 'sent'],
  ]);
  expect(rows.every((r) => r.sent_at !== null)).toBe(true);
  for (const id of [fresh, stale, rated]) expect(rows.map((r) => r.order_id)).not.toContain(id);

  const key = readRatingLinkKey(config);
  for (const { phone, text } of sent) {
    expect(phone).toMatch(/^\+7\d{10}$/);
    expect(text).toMatch(
      /^.+: как вам заказ .+\? Оцените: https:\/\/shop\.example\/rate\/r1\.\d+\.\d+\.[\w-]{43}$/,
    );
    const token = text.slice(text.indexOf('/rate/') + 6);
    const check = verifyRatingToken(key, token, t);
    expect(check.ok).toBe(true);
    if (check.ok) expect([due1, due2]).toContain(check.orderId);
  }
  // The link of the order done an hour ago lives 7 days from its done time.
  const dueText = sent.find((s) => s.text.includes(`/rate/r1.${due1}.`))?.text ?? '';
  const expires = Number(dueText.split('.').at(-2));
  expect(expires * 1000).toBe(ratingLinkExpiresAtMs(t - RATING_INVITE_AFTER_MINUTES * MINUTE));

  // Later rounds send nothing again; the fresh order's turn comes an hour after it was done.
  const again = recorder();
  await sendRatingInvites(ratingInvitesDeps(config, database.db, again.sender, silent), t);
  expect(again.sent).toEqual([]);
  await sendRatingInvites(ratingInvitesDeps(config, database.db, again.sender, silent), t + MINUTE);
  expect(again.sent.map((s) => s.text)).toEqual([expect.stringContaining(`/rate/r1.${fresh}.`)]);
});

it('keeps a failed sending as failed and does not try it again', async () => {
  const id = await doneOrder(t - 90 * MINUTE);
  const failing = recorder(true);
  const report = await sendRatingInvites(ratingInvitesDeps(config, database.db, failing.sender, silent), t);
  expect(report).toMatchObject({ ran: true, failed: 1, sent: 0 });
  expect((await invites()).find((r) => r.order_id === id)).toMatchObject({ status: 'failed', sent_at: null });
  const ok = recorder();
  await sendRatingInvites(ratingInvitesDeps(config, database.db, ok.sender, silent), t + MINUTE);
  expect(ok.sent).toEqual([]);
});

it('speaks the brand’s first locale', () => {
  expect(
    ratingInviteText({ brandName: { ru: 'Нори', en: 'Nori' }, locale: 'en' }, 'Б-042', 'https://x/rate/t'),
  ).toBe('Nori: how was order Б-042? Rate it: https://x/rate/t');
  expect(ratingInviteText({ brandName: { ru: 'Нори' }, locale: 'ru' }, 'Б-042', 'https://x/rate/t')).toBe(
    'Нори: как вам заказ Б-042? Оцените: https://x/rate/t',
  );
});
