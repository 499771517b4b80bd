import type { BonusProgramBody } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** GET /api/v1/admin/bonus-program's answer (contracts/bonus.ts adminBonusProgramResponse). */
export interface AdminBonusProgram {
  program: BonusProgramBody;
  version: number;
}

export const bonusProgramKeys = {
  program: (whiteLabel: string) => ['admin', 'bonus-program', whiteLabel] as const,
};

/** The brand's bonus program (decision 55), owners only. */
export function useBonusProgram() {
  const { whiteLabel } = useBrand();
  return useQuery({
    queryKey: bonusProgramKeys.program(whiteLabel),
    queryFn: () => staffFetch<AdminBonusProgram>('/api/v1/admin/bonus-program'),
  });
}

/** PUT the whole program under If-Match: a 412 carries the program saved meanwhile as `current`. */
export function useSaveBonusProgram() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: ({ version, body }: { version: number; body: BonusProgramBody }) =>
      staffFetch<AdminBonusProgram>('/api/v1/admin/bonus-program', jsonBody('PUT', body, ifMatch(version))),
    onSuccess: (saved) => queryClient.setQueryData(bonusProgramKeys.program(whiteLabel), saved),
  });
}
