import type { Promotion } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { restoPromotionsQuery } from '../../../entities/catalog/catalog-queries.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';

/** The promotions running now in the chosen restaurant, highest priority first (boot has usually loaded them). */
export function usePromotions() {
  const { resto } = useCurrentLocation();
  return useQuery({ ...restoPromotionsQuery(resto?.id ?? 0), enabled: resto !== null });
}

/**
 * Where a slide leads: the dish or the menu the promotion links to (the storefront's own routes for them), else its
 * detail layer.
 */
export function promotionTarget(promotion: Pick<Promotion, 'id' | 'linkMenuId' | 'linkPositionId'>): string {
  if (promotion.linkMenuId && promotion.linkPositionId)
    return `/menus/${promotion.linkMenuId}/positions/${promotion.linkPositionId}`;
  if (promotion.linkMenuId) return `/menus/${promotion.linkMenuId}`;
  return `/promotions/${promotion.id}`;
}
