import type { Position, PositionGroup, Promotion, Resto } from '@storefront/domain/contracts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { restoPromotions } from '../promotions/index.ts';

export interface PublicMenu {
  id: number;
  name: Resto['menus'][number]['name'];
  groups: PositionGroup[];
  positions: Position[];
  /** The currency of the restaurants that sell it (RUB for every seeded brand). */
  currency: string;
}

/**
 * What a customer of one brand can see, read from the catalog snapshot with the catalog's own rules: the
 * snapshot holds only published restaurants and dishes (catalog-rows.ts), a menu is reached through a
 * restaurant that lists it, and a promotion is one /1/restos/{id}/promotions answers now (promotions.service).
 */
export interface PublicCatalog {
  restos: Resto[];
  menus: PublicMenu[];
  positions: Map<number, { position: Position; menu: PublicMenu }>;
  promotions: Promotion[];
  /** When a promotion starts or ends: the view is rebuilt then. */
  expiresAt: number;
}

export function publicCatalog(snapshot: CatalogSnapshot, whiteLabel: string, now: number): PublicCatalog {
  const restos = [...snapshot.restos.values()]
    .filter((r) => r.whiteLabelId === whiteLabel)
    .sort((a, b) => a.order - b.order || a.id - b.id);
  const menus = new Map<number, PublicMenu>();
  for (const resto of restos) {
    for (const entry of [...resto.menus].sort((a, b) => a.order - b.order || a.id - b.id)) {
      const menu = snapshot.menus.get(entry.id);
      if (!menu || menu.whiteLabelId !== whiteLabel || menus.has(entry.id)) continue;
      menus.set(entry.id, {
        id: menu.id,
        name: entry.name,
        groups: [...menu.groups].sort((a, b) => a.order - b.order || a.id - b.id),
        positions: [...menu.positions].sort((a, b) => a.order - b.order || a.id - b.id),
        currency: resto.currency,
      });
    }
  }
  const positions = new Map<number, { position: Position; menu: PublicMenu }>();
  for (const menu of menus.values()) {
    for (const position of menu.positions) positions.set(position.id, { position, menu });
  }
  const promotions = new Map<number, Promotion>();
  let expiresAt = Number.POSITIVE_INFINITY;
  for (const resto of restos) {
    const running = restoPromotions(snapshot, resto.id, now);
    expiresAt = Math.min(expiresAt, running.expiresAt ?? Number.POSITIVE_INFINITY);
    for (const promotion of running.value) promotions.set(promotion.id, promotion);
  }
  return {
    restos: restos.map(({ whiteLabelId: _wl, ...resto }) => resto),
    menus: [...menus.values()],
    positions,
    promotions: [...promotions.values()].sort((a, b) => b.priority - a.priority || a.id - b.id),
    expiresAt,
  };
}
