import type { AdminDish, AdminGroup, AdminMenu, AdminPhotoList } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** A group's or a dish's name as the API takes it: Russian always, English when given. */
export interface GroupName {
  ru: string;
  en?: string;
}

/** The most a name holds (the contracts' DISH_NAME_MAX; the browser does not load zod). */
export const NAME_MAX = 120;

export const menuGroupsKeys = {
  menus: ['admin', 'menus'] as const,
  groups: (menuId: number) => ['admin', 'menus', menuId, 'groups'] as const,
  dishes: (menuId: number) => ['admin', 'dishes', { menuId }] as const,
};

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The version read, as If-Match wants it (the ETag's form). */
export const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

/** GET /api/v1/admin/menus */
export function useMenus() {
  return useQuery({
    queryKey: menuGroupsKeys.menus,
    queryFn: async () => (await staffFetch<{ menus: AdminMenu[] }>('/api/v1/admin/menus')).menus,
  });
}

/** GET /api/v1/admin/menus/{menuId}/groups: in their order, hidden ones too. */
export function useGroups(menuId: number | null) {
  return useQuery({
    queryKey: menuGroupsKeys.groups(menuId ?? 0),
    enabled: menuId !== null,
    queryFn: async () =>
      (await staffFetch<{ groups: AdminGroup[] }>(`/api/v1/admin/menus/${menuId}/groups`)).groups,
  });
}

const PAGE = 100;

/** Every dish of a menu (GET /api/v1/admin/dishes?menuId, a page of 100 at a time). */
export function useMenuDishes(menuId: number | null) {
  return useQuery({
    queryKey: menuGroupsKeys.dishes(menuId ?? 0),
    enabled: menuId !== null,
    queryFn: async () => {
      const dishes: AdminDish[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await staffFetch<{ dishes: AdminDish[]; total: number }>(
          `/api/v1/admin/dishes?menuId=${menuId}&limit=${PAGE}&offset=${offset}`,
        );
        dishes.push(...page.dishes);
        if (page.dishes.length < PAGE || dishes.length >= page.total) return dishes;
      }
    },
  });
}

/** A group's dishes in their order (order, then id, as the storefront shows them). */
export function dishesOfGroup(dishes: readonly AdminDish[], groupId: number): AdminDish[] {
  return dishes.filter((dish) => dish.groupId === groupId).sort((a, b) => a.order - b.order || a.id - b.id);
}

/** A refusal of a change under If-Match: the group as it is now. */
export function staleGroup(error: unknown): AdminGroup | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  return (error.data as { current?: AdminGroup } | null)?.current ?? null;
}

/** 422 admin.order-mismatch: the list changed on the server since it was read. */
export const isOrderMismatch = (error: unknown) =>
  error instanceof ApiError && error.code === 'admin.order-mismatch';

/** POST /api/v1/admin/menus/{menuId}/groups */
export function useCreateGroup(menuId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: GroupName) =>
      staffFetch<AdminGroup>(`/api/v1/admin/menus/${menuId}/groups`, json('POST', { name })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: menuGroupsKeys.groups(menuId) }),
        client.invalidateQueries({ queryKey: menuGroupsKeys.menus, exact: true }),
      ]),
  });
}

export interface GroupChange {
  group: AdminGroup;
  /** The version the change is made over: the one read, or the current one of a 412 when saved over it. */
  version: number;
  patch: { name?: GroupName; isPublished?: boolean };
}

/** PATCH /api/v1/admin/groups/{groupId} under If-Match. */
export function usePatchGroup(menuId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ group, version, patch }: GroupChange) =>
      staffFetch<AdminGroup>(`/api/v1/admin/groups/${group.id}`, json('PATCH', patch, ifMatch(version))),
    onSuccess: (saved) => {
      client.setQueryData<AdminGroup[]>(menuGroupsKeys.groups(menuId), (groups) =>
        groups?.map((group) => (group.id === saved.id ? saved : group)),
      );
      void client.invalidateQueries({ queryKey: menuGroupsKeys.menus, exact: true });
    },
  });
}

/**
 * A group's photos changed (entities/photos): its row takes the new list and version, so the thumbnail shows the
 * new main photo and a rename or hide sends the version the photo change left.
 */
export function useKeepGroupPhotos(menuId: number) {
  const client = useQueryClient();
  return (after: AdminPhotoList) =>
    client.setQueryData<AdminGroup[]>(menuGroupsKeys.groups(menuId), (groups) =>
      groups?.map((group) =>
        group.id === after.id
          ? { ...group, version: after.version, photos: after.photos.map((photo) => photo.src) }
          : group,
      ),
    );
}

/** PUT /api/v1/admin/menus/{menuId}/groups/order: the whole list in its new order. */
export function useReorderGroups(menuId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupIds: number[]) =>
      staffFetch<{ groups: AdminGroup[] }>(
        `/api/v1/admin/menus/${menuId}/groups/order`,
        json('PUT', { groupIds }),
      ),
    onSuccess: ({ groups }) => client.setQueryData(menuGroupsKeys.groups(menuId), groups),
    onError: () => client.invalidateQueries({ queryKey: menuGroupsKeys.groups(menuId) }),
  });
}

/** PUT /api/v1/admin/groups/{groupId}/dishes/order: every dish of the group in its new order. */
export function useReorderDishes(menuId: number, groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (positionIds: number[]) =>
      staffFetch<{ dishes: AdminDish[] }>(
        `/api/v1/admin/groups/${groupId}/dishes/order`,
        json('PUT', { positionIds }),
      ),
    onSuccess: ({ dishes }) => {
      const byId = new Map(dishes.map((dish) => [dish.id, dish]));
      client.setQueryData<AdminDish[]>(menuGroupsKeys.dishes(menuId), (all) =>
        all?.map((dish) => byId.get(dish.id) ?? dish),
      );
    },
    onError: () => client.invalidateQueries({ queryKey: menuGroupsKeys.dishes(menuId) }),
  });
}

/** The form's check of a name (decision 16's issue codes): Russian required, both at most NAME_MAX. */
export function checkGroupName(values: { ru: string; en: string }) {
  const issue = (value: string, required: boolean) =>
    required && !value.trim() ? 'required' : value.trim().length > NAME_MAX ? 'tooLong' : undefined;
  return { ru: issue(values.ru, true), en: issue(values.en, false) };
}

/** The name the API takes: trimmed, English left out when blank. */
export function nameOf(values: { ru: string; en: string }): GroupName {
  const en = values.en.trim();
  return en ? { ru: values.ru.trim(), en } : { ru: values.ru.trim() };
}
