import { CitiesScreen } from '../features/cities/components/cities-screen.tsx';
import { ZonesScreen } from '../features/delivery-zones/components/zones-screen.tsx';
import { HoursScreen } from '../features/opening-hours/components/hours-screen.tsx';
import { PosScreen } from '../features/pos-link/components/pos-screen.tsx';
import { RestaurantsScreen } from '../features/restaurants/components/restaurants-screen.tsx';
import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/**
 * The parts of the chain's places: restaurants, their hours and special days, delivery zones on the map, cities, the
 * link to the chain's POS (iiko). A feature adds its tab here; the first is where /admin/restaurants opens.
 */
export const RESTAURANT_TABS: SectionTab[] = [
  { path: '/list', label: 'restaurantList', render: () => <RestaurantsScreen /> },
  { path: '/cities', label: 'cities', render: () => <CitiesScreen /> },
  { path: '/hours', label: 'hours', render: () => <HoursScreen /> },
  { path: '/zones', label: 'zones', render: () => <ZonesScreen /> },
  { path: '/pos', label: 'pos', render: () => <PosScreen /> },
];

/** /admin/restaurants. */
export function RestaurantsSection({ tabs = RESTAURANT_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="restaurantSections" />;
}
