import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';
import { staffAuthRoutes } from './staff-auth.routes.ts';
import { staffSecurityRoutes } from './staff-security.routes.ts';

export {
  createStaffAccount,
  disableStaffAccount,
  findStaffByLogin,
  resetStaffPassword,
} from './staff-accounts.ts';
export { hashStaffPassword } from './staff-passwords.ts';
export { revokeAllOfStaff } from './staff-refresh-tokens.ts';
export { assertManager, unlockAccount } from './staff-security.ts';
export { normalizeStaffLogin } from './staff-sign-in.ts';
export { clearLoginFailures } from './staff-sign-in-throttle.ts';

/** Staff sign-in (login, password, second factor), their tokens and own security, a manager's unlock; who may do what is core/staff-access.ts. */
export const staffModule: ApiModule<{ db: Database; now: () => number }> = {
  name: 'staff',
  async register(app, { db, now }) {
    await app.register(staffAuthRoutes, { db, now });
    await app.register(staffSecurityRoutes, { db, now });
  },
};
