import { pickText } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../shared/config.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { distanceText, nearestPickupQuery } from '../model/nearest-pickup-query.ts';
import styles from './location-popup.module.css';

/**
 * An address outside every zone (decision 56): the city's nearest pickup point in a straight line, taken in one
 * tap (the popup switches to take-away there, as choosing it in the take-away list does). None in the city (404
 * location.no-pickup) or the call failing: nothing, and the address is refused as before.
 */
export function NearestPickup({
  cityId,
  point,
  restos,
  onTake,
}: {
  cityId: number;
  point: { lat: number; lng: number };
  restos: readonly Resto[];
  onTake: (restoId: number) => void;
}) {
  const { t } = useTranslation('location');
  const locale = useLocale();
  const brand = useBrand();
  const nearest = useQuery(nearestPickupQuery(cityId, point, brand.whiteLabel));
  const resto = nearest.data ? restos.find((candidate) => candidate.id === nearest.data?.restoId) : undefined;
  if (!nearest.data || !resto) return null;
  const distance = distanceText(nearest.data.distanceMeters, locale);
  return (
    <div className={styles.nearest} data-testid="nearest-pickup">
      <p className={styles.nearestText}>{t('nearestOutside')}</p>
      <Button
        variant="secondary"
        fullWidth
        onClick={() => onTake(resto.id)}
        data-testid="nearest-pickup-take"
      >
        {t('nearestTake', { name: pickText(resto.name, locale), distance })}
      </Button>
      <small className={styles.nearestStreet}>{pickText(resto.street, locale)}</small>
    </div>
  );
}
