import type { Promotion } from '@storefront/domain/contracts';
import type { CatalogSnapshot, Produced } from '../catalog/index.ts';
import { getResto } from '../restos/index.ts';

const time = (iso: string | null, ifNull: number) => (iso === null ? ifNull : Date.parse(iso));

/**
 * Promotions running now in the restaurant, highest priority first. The answer expires at the next
 * moment one of them starts or ends, so a cached answer never shows a finished promotion.
 */
export function restoPromotions(
  snapshot: CatalogSnapshot,
  restoId: number,
  now: number,
): Produced<Promotion[]> {
  const resto = getResto(snapshot, restoId, 'restoId');
  const mine = snapshot.promotions.filter(
    (p) => p.whiteLabelId === resto.whiteLabelId && (p.restoIds.length === 0 || p.restoIds.includes(restoId)),
  );
  const running = mine.filter(
    (p) =>
      time(p.startsAt, Number.NEGATIVE_INFINITY) <= now && now < time(p.endsAt, Number.POSITIVE_INFINITY),
  );
  const boundaries = mine
    .flatMap((p) => [time(p.startsAt, Number.NaN), time(p.endsAt, Number.NaN)])
    .filter((moment) => moment > now);
  return {
    value: running.map(({ whiteLabelId: _wl, restoIds: _r, ...promotion }) => promotion),
    expiresAt: Math.min(Number.POSITIVE_INFINITY, ...boundaries),
  };
}
