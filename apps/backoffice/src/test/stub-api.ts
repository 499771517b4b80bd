import type { AdminDish } from '@storefront/domain/contracts';
import { vi } from 'vitest';
import { staffSessionStore } from '../entities/staff-session/staff-session.ts';

/** A JSON answer as the API gives it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A coded refusal ({ errors: [...] }), with a field when the refusal names one, and anything else of its body. */
export const refusal = (status: number, code: string, extra: Record<string, unknown> = {}, field?: string) =>
  json({ errors: [{ code, message: `${code} (ru)`, ...(field ? { field } : {}) }], ...extra }, status);

export type Handler = (
  body: unknown,
  headers: Record<string, string>,
  search: string,
) => Response | Promise<Response>;
export interface Call {
  call: string;
  body: unknown;
  headers: Record<string, string>;
  search: string;
}

/** Stubs fetch with a table of 'METHOD /path' answers (404 for the rest); answers the calls made, in order. */
export function stubApi(table: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, headers, search: url.search });
      const handler = table[call];
      return handler ? handler(body, headers, url.search) : refusal(404, 'not-found');
    }),
  );
  return calls;
}

/** Signs a staff member in (a manager of every restaurant unless told). */
export function signInStaff(role: 'operator' | 'manager' | 'owner' = 'manager', restoIds: number[] = []) {
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 1, login: role, name: 'Анна', role, restoIds },
    },
  });
}

const dish = (id: number, ru: string, en: string): AdminDish => ({
  id,
  menuId: 1,
  groupId: null,
  name: { ru, en },
  description: { ru: '' },
  price: 5000 as AdminDish['price'],
  isPublished: true,
  measure: null,
  order: id,
  isAdult: false,
  tagIds: [],
  version: 1,
});

/** A few dishes of the brand: sauces, ginger, a drink, rolls. */
export const DISHES: AdminDish[] = [
  dish(11, 'Соевый соус', 'Soy sauce'),
  dish(12, 'Имбирь', 'Ginger'),
  dish(13, 'Васаби', 'Wasabi'),
  dish(14, 'Морс клюквенный', 'Cranberry drink'),
  dish(15, 'Филадельфия', 'Philadelphia roll'),
  dish(16, 'Палочки', 'Chopsticks'),
];

/** GET /api/v1/admin/dishes answering DISHES in one page. */
export const dishesHandler: Handler = () => json({ dishes: DISHES, total: DISHES.length });
