import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { persons } from '../db/schema.ts';
import { cart } from './preflight-kit.ts';

/** Helpers of the order tests: signed-in persons, a priced body with its quote, placing, counting rows. */

let phoneCounter = 0;

/** A new person of the demo brand and an access token for them. */
export async function newPerson(app: StorefrontApp, db: Database) {
  phoneCounter += 1;
  const phone = `+7991${String(Date.now() % 100000).padStart(5, '0')}${String(phoneCounter).padStart(2, '0')}`;
  const [row] = await db
    .insert(persons)
    .values({ whiteLabelId: 'demo', phone })
    .returning({ id: persons.id });
  const personId = row?.id as number;
  return { personId, token: await app.authentication.tokens.sign(personId) };
}

export type Person = Awaited<ReturnType<typeof newPerson>>;

/** A token signed on the app's clock now (tests move the clock past a token's 15 minutes). */
const fresh = (app: StorefrontApp, who: Person) => app.authentication.tokens.sign(who.personId);

export const CONTACTS = {
  person: { name: 'Анна', phone: '+7 912 345-67-89', email: null },
  comment: null,
  personCount: 2,
};

/** The signed-in preflight of a cart; answers its JSON (200 expected). */
export async function preflightAs(app: StorefrontApp, who: Person, body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: `/1/persons/${who.personId}/orders/preflight`,
    headers: { authorization: `Bearer ${await fresh(app, who)}` },
    payload: body,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as {
    quote: string;
    problems: { code: string }[];
    payable: number;
    discount: number;
  };
}

/** A placement body: the cart, the quote of its preflight, the contacts. */
export type OrderBody = Record<string, unknown> & { quote: string };

export async function orderBody(
  app: StorefrontApp,
  who: Person,
  overrides: Record<string, unknown> = {},
): Promise<OrderBody> {
  const body = cart(overrides);
  const answer = await preflightAs(app, who, body);
  return { ...body, quote: answer.quote, ...CONTACTS };
}

export async function place(
  app: StorefrontApp,
  who: Person,
  body: unknown,
  key: string | null = randomUUID(),
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1/persons/${who.personId}/orders`,
    headers: {
      authorization: `Bearer ${await fresh(app, who)}`,
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...headers,
    },
    payload: body as Record<string, unknown>,
  });
}

export const codeOf = (response: LightMyRequestResponse) =>
  (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code ?? String(response.statusCode);

export interface OrderTables {
  orders: number;
  lines: number;
  history: number;
  events: number;
  keys: number;
  counters: number;
  numbers: number;
  redemptions: number;
  deliveries: number;
  promo_uses: number;
}

/** Row counts of everything placement or cancellation may write. */
export async function orderTables(db: Database): Promise<OrderTables> {
  const result = await db.execute(sql`select
    (select count(*) from orders)::int as orders,
    (select count(*) from order_lines)::int as lines,
    (select count(*) from order_history)::int as history,
    (select count(*) from order_events)::int as events,
    (select count(*) from order_idempotency_keys)::int as keys,
    (select count(*) from order_number_counters)::int as counters,
    (select coalesce(sum(last), 0) from order_number_counters)::int as numbers,
    (select count(*) from promo_code_redemptions)::int as redemptions,
    (select count(*) from person_deliveries)::int as deliveries,
    (select sum(used_count) from promo_codes)::int as promo_uses`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows[0] as OrderTables;
}
