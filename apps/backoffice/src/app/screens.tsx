import { mayAdmin } from '@storefront/domain';
import { AuditLogScreen } from '../features/audit-log/components/audit-log-screen.tsx';
import type { BackOfficeScreen } from './back-office-shell.tsx';
import { MENU_TABS, MenuSection } from './menu-section.tsx';

/**
 * The back office's sections beyond the board, each a feature's screen and the permission that opens it
 * (ADMIN_PERMISSIONS). The shell shows only those the account's role may open; the API checks the same.
 */
export const BACK_OFFICE_SCREENS: BackOfficeScreen[] = [
  {
    path: '/menu',
    label: 'menu',
    allowed: (role) => mayAdmin(role, 'menu.write') && MENU_TABS.length > 0,
    render: () => <MenuSection />,
  },
  {
    path: '/audit',
    label: 'audit',
    allowed: (role) => mayAdmin(role, 'audit.read'),
    render: () => <AuditLogScreen />,
  },
];
