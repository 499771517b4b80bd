import type { AdminDish, AdminMenu } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { staffFetch } from '../staff-session/staff-session.ts';

/**
 * What the menu's parts read but none of them owns: the brand's menus and its dishes, for the modifier groups' and the
 * selling hours' dish checklists and their menu filters. Features never import each other: they meet here.
 */

export const menuPartsKeys = {
  menus: ['admin', 'menus'] as const,
  dishes: ['admin', 'dishes', 'all'] as const,
};

/** GET /api/v1/admin/menus: the brand's menus. */
export function useAdminMenus() {
  return useQuery({
    queryKey: menuPartsKeys.menus,
    queryFn: async () => (await staffFetch<{ menus: AdminMenu[] }>('/api/v1/admin/menus')).menus,
    staleTime: 60_000,
  });
}

/** The API's page size limit (ADMIN_PAGE_MAX) and how many pages a checklist reads at most. */
const PAGE = 100;
const PAGES_MAX = 50;

/** Every dish of the brand, read a page at a time (GET /api/v1/admin/dishes). */
export async function fetchAllDishes(): Promise<AdminDish[]> {
  const dishes: AdminDish[] = [];
  for (let page = 0; page < PAGES_MAX; page += 1) {
    const answer = await staffFetch<{ dishes: AdminDish[]; total: number }>(
      `/api/v1/admin/dishes?limit=${PAGE}&offset=${page * PAGE}`,
    );
    dishes.push(...answer.dishes);
    if (answer.dishes.length < PAGE || dishes.length >= answer.total) break;
  }
  return dishes;
}

export function useAllDishes() {
  return useQuery({ queryKey: menuPartsKeys.dishes, queryFn: fetchAllDishes, staleTime: 60_000 });
}

/** The version to send as If-Match: what the ETag carries ("3"). */
export const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

export const jsonBody = (
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
