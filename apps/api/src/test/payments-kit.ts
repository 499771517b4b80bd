import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { CONTACTS, orderBody, type Person, place } from './orders-kit.ts';
import { line } from './preflight-kit.ts';

/** Helpers of the payment tests: an online order, the customer's payment calls, the demo page's form. */

export const PAYER = { ...CONTACTS.person, email: 'anna@example.com' };

/** Places a take-away CARD_ONLINE order at restaurant 1 (demo engine, shop 'demo-shop'); answers the 201. */
export async function placeOnline(app: StorefrontApp, who: Person, overrides: Record<string, unknown> = {}) {
  const body = await orderBody(app, who, { payType: 'CARD_ONLINE', positions: [line(1, 2)], ...overrides });
  const response = await place(app, who, { ...body, person: PAYER });
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return response.json() as OrderAnswer;
}

export interface OrderAnswer {
  id: number;
  status: string;
  paymentStatus: string;
  payType: string;
  payable: number;
  payment: {
    status: string;
    attempt: number;
    confirmationUrl: string | null;
    failure: { code: string; message: string } | null;
    canRetry: boolean;
    canSwitchTo: string[];
    payUntil: string | null;
    paidAt: string | null;
    refunds: { reason: string; status: string; amount: number; message: string }[];
  };
}

const token = (app: StorefrontApp, who: Person) => app.authentication.tokens.sign(who.personId);

export async function orderCall(
  app: StorefrontApp,
  who: Person,
  orderId: number,
  path: '' | '/payments' | '/pay-type' | '/payment-check',
  payload?: unknown,
  locale = 'ru',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: path === '' ? 'GET' : 'POST',
    url: `/api/v1/persons/${who.personId}/orders/${orderId}${path}`,
    headers: { authorization: `Bearer ${await token(app, who)}`, 'accept-language': locale },
    ...(path === '' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
  });
}

export async function readOrderAs(app: StorefrontApp, who: Person, orderId: number, locale = 'ru') {
  const response = await orderCall(app, who, orderId, '', undefined, locale);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as OrderAnswer;
}

/** The demo page's id of a confirmation URL. */
export const demoIdOf = (url: string | null) => {
  const id = /\/api\/v1\/payments\/demo\/pay\/([^/?#]+)$/.exec(url ?? '')?.[1];
  expect(id, `a demo page URL: ${url}`).toBeDefined();
  return id as string;
};

export function demoForm(app: StorefrontApp, id: string, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/payments/demo/pay/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

export async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

export const eventsOf = (db: Database, orderId: number) =>
  rowsOf<{ kind: string }>(
    db,
    sql`select kind from order_events where order_id = ${orderId} order by id`,
  ).then((rows) => rows.map((r) => r.kind));

export const attemptsOf = (db: Database, orderId: number) =>
  rowsOf<{
    id: number;
    attempt: number;
    status: string;
    provider_payment_id: string | null;
    idempotence_key: string;
  }>(
    db,
    sql`select id, attempt, status, provider_payment_id, idempotence_key from payments where order_id = ${orderId} order by attempt`,
  );
