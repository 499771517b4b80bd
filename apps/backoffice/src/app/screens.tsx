import { mayAdmin } from '@storefront/domain';
import { AuditLogScreen } from '../features/audit-log/components/audit-log-screen.tsx';
import { BonusProgramScreen } from '../features/bonus-program/components/bonus-program-screen.tsx';
import { ReportsScreen } from '../features/reports/components/reports-screen.tsx';
import type { BackOfficeScreen } from './back-office-shell.tsx';
import { BRAND_TABS, BrandSection } from './brand-section.tsx';
import { MARKETING_TABS, MarketingSection } from './marketing-section.tsx';
import { MENU_TABS, MenuSection } from './menu-section.tsx';
import { RESTAURANT_TABS, RestaurantsSection } from './restaurants-section.tsx';

/**
 * The back office's sections beyond the board, each a feature's screen and the permission that opens it
 * (ADMIN_PERMISSIONS). The shell shows only those the account's role may open; the API checks the same.
 */
export const BACK_OFFICE_SCREENS: BackOfficeScreen[] = [
  {
    path: '/reports',
    label: 'reports',
    allowed: (role) => mayAdmin(role, 'reports.read'),
    render: () => <ReportsScreen />,
  },
  {
    path: '/menu',
    label: 'menu',
    allowed: (role) => mayAdmin(role, 'menu.write') && MENU_TABS.length > 0,
    render: () => <MenuSection />,
  },
  {
    path: '/restaurants',
    label: 'restaurants',
    allowed: (role) => mayAdmin(role, 'restos.write') && RESTAURANT_TABS.length > 0,
    render: () => <RestaurantsSection />,
  },
  {
    path: '/marketing',
    label: 'marketing',
    allowed: (role) => mayAdmin(role, 'marketing.write') && MARKETING_TABS.length > 0,
    render: () => <MarketingSection />,
  },
  {
    path: '/brand',
    label: 'brand',
    allowed: (role) => mayAdmin(role, 'brand.manage') && BRAND_TABS.length > 0,
    render: () => <BrandSection />,
  },
  {
    path: '/bonus',
    label: 'bonus',
    allowed: (role) => mayAdmin(role, 'bonus.manage'),
    render: () => <BonusProgramScreen />,
  },
  {
    path: '/audit',
    label: 'audit',
    allowed: (role) => mayAdmin(role, 'audit.read'),
    render: () => <AuditLogScreen />,
  },
];
