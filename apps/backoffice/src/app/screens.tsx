import type { BackOfficeScreen } from './back-office-shell.tsx';

/**
 * The back office's sections beyond the board, each a feature's screen and the permission that opens it
 * (ADMIN_PERMISSIONS). The shell shows only those the account's role may open; the API checks the same.
 */
export const BACK_OFFICE_SCREENS: BackOfficeScreen[] = [];
