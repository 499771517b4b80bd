import { POINT } from '@storefront/domain';
import type { PersonBonus } from '@storefront/domain/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePerson } from '../session/person-store.ts';
import { authFetch } from '../session/session.ts';

/** Every person's points sit under this key; the person's own under ['bonus', personId]. */
export const BONUS_KEY = ['bonus'] as const;

/** GET /api/v1/persons/{personId}/bonus (decision 55): balance, what expires soon, the history. */
export const bonusQuery = (personId: number) => ({
  queryKey: [...BONUS_KEY, personId] as const,
  queryFn: () => authFetch<PersonBonus>(`/api/v1/persons/${personId}/bonus`),
});

/** Whole points of an amount in minor units: what the customer reads ('125 баллов'). */
export const pointsOf = (amount: number): number => Math.floor(amount / POINT);

/**
 * Points move when an order is placed (a hold), done (earned), cancelled or declined (released): whoever sees
 * one of these asks again. The balance a page shows is never older than the last order it saw change.
 */
export function invalidateBonus(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: BONUS_KEY });
}

/**
 * The signed-in person's points; nothing for a visitor. Signing out drops the last person's answer, so the
 * next person on this browser never sees it even for a frame; signing in asks under the new person's key.
 */
export function usePersonBonus() {
  const personId = usePerson((state) => (state.profile && state.tokens ? state.profile.id : null));
  const queryClient = useQueryClient();
  const previous = useRef(personId);
  useEffect(() => {
    const before = previous.current;
    previous.current = personId;
    if (before !== null && before !== personId)
      queryClient.removeQueries({ queryKey: [...BONUS_KEY, before] });
  }, [personId, queryClient]);
  const query = useQuery({
    ...bonusQuery(personId ?? 0),
    enabled: personId !== null,
    retry: false,
    staleTime: 30_000,
  });
  return { personId, query, bonus: personId !== null ? query.data : undefined };
}
