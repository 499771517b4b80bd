import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DishesScreen } from '../features/dishes/components/dishes-screen.tsx';
import { MenuFileScreen } from '../features/menu-file/components/menu-file-screen.tsx';
import { GroupsScreen } from '../features/menu-groups/components/groups-screen.tsx';
import { MenusScreen } from '../features/menus/components/menus-screen.tsx';
import { ModifierGroupsScreen } from '../features/modifier-groups/components/modifier-groups-screen.tsx';
import { TimeSlotsScreen } from '../features/time-slots/components/time-slots-screen.tsx';
import { Redirect, Route, SectionLink, Switch, useLocation } from '../shared/navigation.tsx';
import styles from './menu-section.module.css';

/** A part of the menu section: its path under /admin/menu, its tab's label in the shell's texts, its screen. */
export interface MenuTab {
  path: string;
  label: 'dishes' | 'groups' | 'menus' | 'modifiers' | 'timeSlots' | 'importExport';
  render: () => ReactNode;
}

/**
 * The parts of the menu, each a feature's screen (features never import each other: they meet here). A
 * feature adds its tab to this list; the first is where /admin/menu opens.
 */
export const MENU_TABS: MenuTab[] = [
  { path: '/dishes', label: 'dishes', render: () => <DishesScreen /> },
  { path: '/groups', label: 'groups', render: () => <GroupsScreen /> },
  { path: '/menus', label: 'menus', render: () => <MenusScreen /> },
  { path: '/modifiers', label: 'modifiers', render: () => <ModifierGroupsScreen /> },
  { path: '/time-slots', label: 'timeSlots', render: () => <TimeSlotsScreen /> },
  { path: '/import-export', label: 'importExport', render: () => <MenuFileScreen /> },
];

/**
 * /admin/menu: the menu's parts behind tabs (dishes, groups, menus and restaurants, modifiers, selling
 * hours). Nested under the shell's route, so paths here are relative to /admin/menu.
 */
export function MenuSection({ tabs = MENU_TABS }: { tabs?: MenuTab[] }) {
  const { t } = useTranslation('shell');
  const [location] = useLocation();
  const first = tabs[0];
  return (
    <div className={styles.section}>
      <nav className={styles.tabs} aria-label={t('menuSections')}>
        {tabs.map((tab) => (
          <SectionLink key={tab.path} href={tab.path} location={location} className={styles.tab}>
            {t(tab.label)}
          </SectionLink>
        ))}
      </nav>
      <Switch>
        {tabs.map((tab) => (
          <Route key={tab.path} path={tab.path} nest>
            {tab.render()}
          </Route>
        ))}
        {first && (
          <Route path="/">
            <Redirect to={first.path} replace />
          </Route>
        )}
      </Switch>
    </div>
  );
}
