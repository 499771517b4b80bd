import { CitiesScreen } from '../features/cities/components/cities-screen.tsx';
import { ZonesScreen } from '../features/delivery-zones/components/zones-screen.tsx';
import { HoursScreen } from '../features/opening-hours/components/hours-screen.tsx';
import { RestaurantsScreen } from '../features/restaurants/components/restaurants-screen.tsx';
import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/**
 * The parts of the chain's places: restaurants, their hours and special days, delivery zones on the map, cities. A
 * feature adds its tab here; the first is where /admin/restaurants opens.
 */
export const RESTAURANT_TABS: SectionTab[] = [
  { path: '/list', label: 'restaurantList', render: () => <RestaurantsScreen /> },
  { path: '/cities', label: 'cities', render: () => <CitiesScreen /> },
  { path: '/hours', label: 'hours', render: () => <HoursScreen /> },
  { path: '/zones', label: 'zones', render: () => <ZonesScreen /> },
];

/** /admin/restaurants. */
export function RestaurantsSection({ tabs = RESTAURANT_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="restaurantSections" />;
}
