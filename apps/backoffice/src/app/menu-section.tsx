import { DishesScreen } from '../features/dishes/components/dishes-screen.tsx';
import { MenuFileScreen } from '../features/menu-file/components/menu-file-screen.tsx';
import { GroupsScreen } from '../features/menu-groups/components/groups-screen.tsx';
import { MenusScreen } from '../features/menus/components/menus-screen.tsx';
import { ModifierGroupsScreen } from '../features/modifier-groups/components/modifier-groups-screen.tsx';
import { TimeSlotsScreen } from '../features/time-slots/components/time-slots-screen.tsx';
import { type SectionTab, SectionTabs } from './section-tabs.tsx';

/** The parts of the menu; the first is where /admin/menu opens. */
export const MENU_TABS: SectionTab[] = [
  { path: '/dishes', label: 'dishes', render: () => <DishesScreen /> },
  { path: '/groups', label: 'groups', render: () => <GroupsScreen /> },
  { path: '/menus', label: 'menus', render: () => <MenusScreen /> },
  { path: '/modifiers', label: 'modifiers', render: () => <ModifierGroupsScreen /> },
  { path: '/time-slots', label: 'timeSlots', render: () => <TimeSlotsScreen /> },
  { path: '/import-export', label: 'importExport', render: () => <MenuFileScreen /> },
];

/** /admin/menu: dishes, groups, menus and restaurants, modifiers, selling hours, import and export. */
export function MenuSection({ tabs = MENU_TABS }: { tabs?: SectionTab[] }) {
  return <SectionTabs tabs={tabs} label="menuSections" />;
}
