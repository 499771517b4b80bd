import type { AdminDish, AdminGroup, AdminMenu, Position } from '@storefront/domain/contracts';
import { apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/**
 * The dishes tab's calls (docs/api.md, Admin): the list, one dish and its change under If-Match, the bulk price
 * change (the photos' calls are entities/photos'). A versioned row's ETag is its `version` in quotes (etagOfVersion on the server), so the
 * body's version is sent back as If-Match.
 */

export type { AdminDish, AdminGroup, AdminMenu };
export type DishPatch = Partial<Omit<AdminDish, 'id' | 'menuId' | 'version'>>;
export type BulkChange = { percent: number } | { amount: number };
export interface DishTag {
  id: number;
  code: string;
  name: { ru: string; en?: string };
}

const PAGE = 100;
export const ifMatch = (version: number) => `"${version}"`;

const sendJson = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Every dish of the brand (or of one menu), read page by page: the list filters and sorts them in the browser. */
async function allDishes(menuId: number | null): Promise<AdminDish[]> {
  const dishes: AdminDish[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
    if (menuId !== null) params.set('menuId', String(menuId));
    const page = await staffFetch<{ dishes: AdminDish[]; total: number }>(`/api/v1/admin/dishes?${params}`);
    dishes.push(...page.dishes);
    if (page.dishes.length < PAGE || dishes.length >= page.total) return dishes;
  }
}

export const dishKeys = {
  all: ['admin', 'dishes'] as const,
  list: (menuId: number | null) => ['admin', 'dishes', 'list', menuId] as const,
  one: (id: number) => ['admin', 'dishes', 'one', id] as const,
};

export const dishListQuery = (menuId: number | null) =>
  queryOptions({ queryKey: dishKeys.list(menuId), queryFn: () => allDishes(menuId) });

export const menusQuery = () =>
  queryOptions({
    queryKey: ['admin', 'menus'],
    queryFn: async () => (await staffFetch<{ menus: AdminMenu[] }>('/api/v1/admin/menus')).menus,
    staleTime: 60_000,
  });

export const groupsQuery = (menuId: number) =>
  queryOptions({
    queryKey: ['admin', 'groups', menuId],
    queryFn: async () =>
      (await staffFetch<{ groups: AdminGroup[] }>(`/api/v1/admin/menus/${menuId}/groups`)).groups,
    staleTime: 60_000,
  });

/**
 * The storefront's published dishes of a menu: their photos (the list's thumbnails) and their tags with names.
 * No admin call lists the brand's tags, so the editor offers the tags the menu's dishes carry (and the dish's own).
 */
export const publicPositionsQuery = (menuId: number) =>
  queryOptions({
    queryKey: ['public', 'positions', menuId],
    queryFn: () => apiFetch<Position[]>(`/1/p/menus/${menuId}/positions`),
    staleTime: 60_000,
  });

export function tagsOf(positions: readonly Position[] | undefined): DishTag[] {
  const tags = new Map<number, DishTag>();
  for (const position of positions ?? [])
    for (const tag of position.tags) tags.set(tag.id, { id: tag.id, code: tag.code, name: tag.name });
  return [...tags.values()].sort((a, b) => a.id - b.id);
}

export const dishQuery = (id: number) =>
  queryOptions({
    queryKey: dishKeys.one(id),
    queryFn: () => staffFetch<AdminDish>(`/api/v1/admin/dishes/${id}`),
  });

/** PATCH under If-Match: 428 without it, 412 admin.version-stale with `current` when someone saved meanwhile. */
export const patchDish = (id: number, version: number, patch: DishPatch) =>
  staffFetch<AdminDish>(
    `/api/v1/admin/dishes/${id}`,
    sendJson('PATCH', patch, { 'if-match': ifMatch(version) }),
  );

/** All or none: 422 admin.price-out-of-range names the dish (positionId) that would leave the range. */
export const bulkPrice = (positionIds: number[], change: BulkChange) =>
  staffFetch<{ dishes: AdminDish[] }>(
    '/api/v1/admin/dishes/bulk-price',
    sendJson('POST', { positionIds, change }),
  );

/** A changed dish into every cached list that holds it, and as the one dish. */
export function keepDish(queryClient: QueryClient, dish: AdminDish) {
  queryClient.setQueryData(dishKeys.one(dish.id), dish);
  queryClient.setQueriesData<AdminDish[]>({ queryKey: [...dishKeys.all, 'list'] }, (list) =>
    list?.map((row) => (row.id === dish.id ? dish : row)),
  );
}
