import { minor } from '@storefront/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { menus, positions, whiteLabels } from '../db/schema.ts';
import { addTestStaff, staffHeaders } from './staff-kit.ts';

/** Helpers of the back office's tests (decision 45): a member of each role, requests as them, another brand. */

export type AdminRole = 'owner' | 'manager' | 'operator';

/** An owner, a manager and an operator (restaurant 1) of the demo brand, as request headers. */
export async function addAdminStaff(app: StorefrontApp, db: Database, prefix: string) {
  const headers = {} as Record<AdminRole, Record<string, string>>;
  const ids = {} as Record<AdminRole, number>;
  for (const role of ['owner', 'manager', 'operator'] as const) {
    ids[role] = await addTestStaff(db, {
      login: `${prefix}-${role}`,
      role,
      ...(role === 'operator' ? { restoIds: [1] } : {}),
    });
    headers[role] = await staffHeaders(app, ids[role]);
  }
  return { headers, ids };
}

export function adminCall(
  app: StorefrontApp,
  method: 'GET' | 'PATCH' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const errorsOf = (response: LightMyRequestResponse) =>
  (response.json() as { errors: { code: string; message: string; field?: string }[] }).errors;

/** Another brand with one menu and one dish: what a manager of the demo brand must not reach. */
export async function addOtherBrandDish(db: Database, brand = 'other-brand'): Promise<number> {
  await db
    .insert(whiteLabels)
    .values({ id: brand, name: { ru: 'Другой', en: 'Other' } })
    .onConflictDoNothing();
  const [menu] = await db
    .insert(menus)
    .values({ whiteLabelId: brand, name: { ru: 'Чужое меню' } })
    .returning({ id: menus.id });
  if (!menu) throw new Error('no menu');
  const [dish] = await db
    .insert(positions)
    .values({ menuId: menu.id, name: { ru: 'Чужое блюдо' }, description: { ru: '' }, price: minor(50_000) })
    .returning({ id: positions.id });
  if (!dish) throw new Error('no dish');
  return dish.id;
}

/** A published dish of the demo brand's menu 1 by its place in id order (tests take different ones to stay apart). */
export async function demoDishId(db: Database, index: number): Promise<number> {
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.menuId, 1), eq(positions.isPublished, true)));
  const id = rows.map((r) => r.id).sort((a, b) => a - b)[index];
  if (id === undefined) throw new Error(`menu 1 has no dish #${index}`);
  return id;
}
