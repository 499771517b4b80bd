import type { AdminMenu, RestoListItem } from '@storefront/domain/contracts';
import { ApiError, apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The contracts' DISH_NAME_MAX and ADMIN_ORDER_MAX (the browser does not load zod). */
export const NAME_MAX = 120;
export const ORDER_MAX = 1_000_000;

export const METHOD_FLAGS = ['isDelivery', 'isTakeAway', 'isOnline', 'isTable'] as const;
export type MethodFlag = (typeof METHOD_FLAGS)[number];

/** What the form edits and the API takes (POST whole, PATCH the same fields). */
export interface MenuInput {
  name: { ru: string; en?: string };
  order: number;
  methods: Record<MethodFlag, boolean>;
  restoIds: number[];
}

export const menusKeys = {
  menus: ['admin', 'menus'] as const,
  restos: (whiteLabel: string) => ['restos', whiteLabel] as const,
};

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** GET /api/v1/admin/menus */
export function useAdminMenus() {
  return useQuery({
    queryKey: menusKeys.menus,
    queryFn: async () => (await staffFetch<{ menus: AdminMenu[] }>('/api/v1/admin/menus')).menus,
  });
}

/** The brand's restaurants, as the storefront lists them (GET /1/p/restos?whiteLabel=…). */
export function useBrandRestos(whiteLabel: string) {
  return useQuery({
    queryKey: menusKeys.restos(whiteLabel),
    queryFn: () => apiFetch<RestoListItem[]>(`/1/p/restos?whiteLabel=${encodeURIComponent(whiteLabel)}`),
  });
}

/** POST /api/v1/admin/menus */
export function useCreateMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MenuInput) => staffFetch<AdminMenu>('/api/v1/admin/menus', json('POST', input)),
    onSuccess: () => client.invalidateQueries({ queryKey: menusKeys.menus }),
  });
}

/** PATCH /api/v1/admin/menus/{menuId} under If-Match `version`. */
export function usePatchMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ menuId, version, input }: { menuId: number; version: number; input: MenuInput }) =>
      staffFetch<AdminMenu>(
        `/api/v1/admin/menus/${menuId}`,
        json('PATCH', input, { 'if-match': `"${version}"` }),
      ),
    onSuccess: (saved) => {
      client.setQueryData<AdminMenu[]>(menusKeys.menus, (menus) =>
        menus?.map((menu) => (menu.id === saved.id ? saved : menu)),
      );
      void client.invalidateQueries({ queryKey: menusKeys.menus });
    },
  });
}

/** PATCH /api/v1/admin/menus/{menuId} with its add-ons alone (a whole new list, in order) under If-Match. */
export function usePatchMenuAddOns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      menuId,
      version,
      addOnPositionIds,
    }: {
      menuId: number;
      version: number;
      addOnPositionIds: number[];
    }) =>
      staffFetch<AdminMenu>(
        `/api/v1/admin/menus/${menuId}`,
        json('PATCH', { addOnPositionIds }, { 'if-match': `"${version}"` }),
      ),
    onSuccess: (saved) => {
      client.setQueryData<AdminMenu[]>(menusKeys.menus, (menus) =>
        menus?.map((menu) => (menu.id === saved.id ? saved : menu)),
      );
      void client.invalidateQueries({ queryKey: menusKeys.menus });
    },
  });
}

/** 412 admin.version-stale: the menu as it is now. */
export function staleMenu(error: unknown): AdminMenu | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  return (error.data as { current?: AdminMenu } | null)?.current ?? null;
}

/** The form's values: text as typed. */
export interface MenuValues {
  nameRu: string;
  nameEn: string;
  order: string;
  methods: Record<MethodFlag, boolean>;
  restoIds: string[];
}

export function valuesOf(menu: AdminMenu | null, nextOrder: number): MenuValues {
  return {
    nameRu: menu?.name.ru ?? '',
    nameEn: menu?.name.en ?? '',
    order: String(menu?.order ?? nextOrder),
    methods: menu
      ? { ...menu.methods }
      : { isDelivery: false, isTakeAway: false, isOnline: false, isTable: false },
    restoIds: (menu?.restoIds ?? []).map(String),
  };
}

/** The form's check (decision 16's issue codes per field). */
export function checkMenu(values: MenuValues) {
  const text = (value: string, required: boolean) =>
    required && !value.trim() ? 'required' : value.trim().length > NAME_MAX ? 'tooLong' : undefined;
  const order = values.order.trim();
  return {
    nameRu: text(values.nameRu, true),
    nameEn: text(values.nameEn, false),
    order: /^\d{1,7}$/.test(order) && Number(order) <= ORDER_MAX ? undefined : 'notOrder',
  };
}

export function inputOf(values: MenuValues): MenuInput {
  const en = values.nameEn.trim();
  return {
    name: en ? { ru: values.nameRu.trim(), en } : { ru: values.nameRu.trim() },
    order: Number(values.order.trim()),
    methods: { ...values.methods },
    restoIds: values.restoIds.map(Number).sort((a, b) => a - b),
  };
}

/** An API field path (name.ru, order, restoIds, methods.isTable) as the form's field. */
export function formFieldOf(path: string): keyof MenuValues | 'nameRu' | 'nameEn' | null {
  const field = path.replace(/^body\./, '');
  if (field === 'name.ru' || field === 'name') return 'nameRu';
  if (field === 'name.en') return 'nameEn';
  if (field === 'order') return 'order';
  if (field.startsWith('restoIds')) return 'restoIds';
  if (field.startsWith('methods')) return 'methods';
  return null;
}
