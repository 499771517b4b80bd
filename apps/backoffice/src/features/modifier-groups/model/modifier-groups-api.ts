import type { AdminModifierGroup } from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';
import type { modifierGroupBody } from './modifier-group-form.ts';

/** The modifier groups' calls (apps/api/src/modules/admin/admin-modifiers.routes.ts). */

export const modifierGroupKeys = {
  all: ['admin', 'modifier-groups'] as const,
  list: (menuId: string) => ['admin', 'modifier-groups', 'list', menuId] as const,
  one: (id: number) => ['admin', 'modifier-groups', 'one', id] as const,
};

/** GET /api/v1/admin/modifier-groups[?menuId=]: the brand's groups, or those on a dish of one menu. */
export function useModifierGroups(menuId: string) {
  return useQuery({
    queryKey: modifierGroupKeys.list(menuId),
    queryFn: async () =>
      (
        await staffFetch<{ groups: AdminModifierGroup[] }>(
          `/api/v1/admin/modifier-groups${menuId ? `?menuId=${encodeURIComponent(menuId)}` : ''}`,
        )
      ).groups,
  });
}

/** GET /api/v1/admin/modifier-groups/{id}: one group with its version. */
export function useModifierGroup(id: number | null) {
  return useQuery({
    queryKey: modifierGroupKeys.one(id ?? 0),
    queryFn: () => staffFetch<AdminModifierGroup>(`/api/v1/admin/modifier-groups/${id}`),
    enabled: id !== null,
  });
}

type Body = ReturnType<typeof modifierGroupBody>;

/** POST (no version) or PATCH under If-Match: the saved group, put into the caches. */
export function useSaveModifierGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: Body }) =>
      id === null
        ? staffFetch<AdminModifierGroup>('/api/v1/admin/modifier-groups', jsonBody('POST', body))
        : staffFetch<AdminModifierGroup>(
            `/api/v1/admin/modifier-groups/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSuccess: (group) => {
      queryClient.setQueryData(modifierGroupKeys.one(group.id), group);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'modifier-groups', 'list'] });
    },
  });
}
