import { type AdminPermission, mayAdmin } from '@storefront/domain';
import { ApiError } from '../../core/api-error.ts';
import type { StaffAccess } from '../../core/staff-access.ts';

/**
 * The role check of every back-office call (decision 45; the matrix is the domain's ADMIN_PERMISSIONS). The brand
 * is the staff token's: every query of the module is bounded by access.whiteLabel, so another brand's rows are
 * not found (404), never shown.
 */
export function assertMay(access: StaffAccess, permission: AdminPermission) {
  if (!mayAdmin(access.role, permission)) throw new ApiError(403, 'admin.forbidden-role');
}
