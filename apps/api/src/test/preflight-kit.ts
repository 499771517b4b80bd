import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StorefrontApp } from '../app.ts';

/** Helpers of the preflight tests: requests, pinned instants and points of the demo chain. */

/** Restaurant-local instants of the demo chain (Kazan +03:00). 2026-11-25 is a Wednesday. */
export const DAY = Date.parse('2026-11-25T12:00:00+03:00');
/** Wednesday 23:30 in Kazan: restaurant 1 closed (11:00–23:00), restaurant 3 round the clock. */
export const NIGHT = Date.parse('2026-11-25T23:30:00+03:00');
/** Friday 22:30 in Kazan, 23:30 in Samara: restaurant 1 open, restaurant 7 (10:00–23:00 +04:00) closed. */
export const FRIDAY_LATE = Date.parse('2026-11-27T22:30:00+03:00');
/** Saturday 01:00 in Kazan: still Friday's hours of restaurant 1 (11:00–02:00). */
export const FRIDAY_OVERNIGHT = Date.parse('2026-11-28T01:00:00+03:00');

export const POINTS = {
  /** Restaurant 1, zone 1 centre: bands 0–1000 (250 ₽), 1000–2000 (150 ₽), 2000+ (free). */
  zone1: { lat: 55.79, lng: 49.118 },
  /** Restaurant 1, zone 2: minimum 800 ₽, maximum 15 000 ₽. */
  zone2: { lat: 55.827, lng: 49.12 },
  zone3: { lat: 55.749875, lng: 49.20485 },
  zone5: { lat: 56.319825, lng: 44.011975 },
  zone7: { lat: 53.214625, lng: 50.16455 },
  /** Moscow: outside every zone. */
  nowhere: { lat: 55.7558, lng: 37.6173 },
} as const;

export interface Line {
  id: number;
  menu: { id: number };
  count: number;
  modifiers?: { id: number; modifierId: number; count: number; price?: number }[];
  price?: number;
  sum?: number;
  name?: string;
}

export const line = (id: number, count = 1, extra: Partial<Line> = {}): Line => ({
  id,
  menu: { id: id > 100 ? 2 : 1 },
  count,
  ...extra,
});

export function cart(overrides: Record<string, unknown> = {}) {
  return {
    deliveryType: 'TAKE_AWAY',
    payType: 'CARD_UPON_RECEIPT',
    restoId: 1,
    positions: [line(1, 2)],
    ...overrides,
  };
}

export interface Answer {
  problems: {
    code: string;
    message: string;
    line?: number;
    amountLeft?: number;
    limit?: number;
    nextOpenAt?: string;
  }[];
  errors: { code: string; message: string }[];
  [key: string]: unknown;
}

export function preflight(
  app: StorefrontApp,
  body: unknown,
  options: { personId?: number; token?: string; locale?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url:
      options.personId === undefined
        ? '/1/persons/orders/preflight'
        : `/1/persons/${options.personId}/orders/preflight`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.locale ? { 'accept-language': options.locale } : {}),
    },
    payload: body as Record<string, unknown>,
  });
}

/** A 200 answer, with its problems. */
export async function priced(
  app: StorefrontApp,
  body: unknown,
  options: Parameters<typeof preflight>[2] = {},
): Promise<Answer> {
  const response = await preflight(app, body, options);
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as Answer;
}

export const codesOf = (answer: Answer) => answer.problems.map((p) => p.code);
