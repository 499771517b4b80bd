import type { CustomerDeliveryMethod } from '@storefront/domain';
import type { CityListItem, DeliveryZone, Resto } from '@storefront/domain/contracts';
import { createContext, useContext } from 'react';

/**
 * What the customer has chosen and what it implies, computed once by the boot sequence (app/boot)
 * and read by any feature: the city, its restaurants and zones, the selected restaurant and method,
 * and the menus of that restaurant available for that method.
 */
export interface CurrentLocation {
  cities: CityListItem[];
  city: CityListItem | null;
  restos: Resto[];
  zones: DeliveryZone[];
  resto: Resto | null;
  method: CustomerDeliveryMethod | null;
  menus: Resto['menus'];
}

export const CurrentLocationContext = createContext<CurrentLocation | null>(null);

export function useCurrentLocation(): CurrentLocation {
  const value = useContext(CurrentLocationContext);
  if (!value) throw new Error('useCurrentLocation() outside the boot sequence');
  return value;
}
