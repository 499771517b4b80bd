import {
  adminStaff,
  adminStaffCreate,
  adminStaffCreated,
  adminStaffList,
  adminStaffParams,
  adminStaffPasswordReset,
  adminStaffPatch,
  adminStaffStaleBody,
  errorBody,
  ifMatchHeaders,
  staffAccount,
  staffAccountParams,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertManager, hashStaffPassword, unlockAccount } from '../staff/index.ts';
import { assertMay } from './admin-access.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { etagOfVersion } from './admin-dishes.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';
import {
  assertNewStaffFits,
  assertResettable,
  createStaff,
  generateStaffPassword,
  isLoginTaken,
  listStaff,
  patchStaff,
  resetStaffPasswordByOwner,
  resetStaffTotp,
  StaleStaffVersion,
  staffOrNotFound,
} from './admin-staff.ts';

const SCOPE =
  'Staff token only (401 without one; a disabled account’s token is 401 auth.token-invalid at its next call). ' +
  'Owner only: a manager or an operator gets 403 admin.forbidden-role. The brand is the token’s: another ' +
  'brand’s account is 404 staff.not-found. No answer carries a password hash or a second factor’s secret.';
const WRITE = `${SCOPE} One transaction with its audit entry (kind staff, no secret in it).`;
const RESET =
  'Not for one’s own account (409 admin.staff-own-account: the security screen of /api/v1/staff/me takes the ' +
  'current password). Every refresh token of the account is revoked; audited, not revertible.';

/** The brand's staff accounts in the back office (decision 45 "Staff accounts"): the owner's calls. */
export const adminStaffRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, now }) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/staff',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The brand’s staff accounts by login: role, restaurants, disabled, second factor, last sign-in',
        description: SCOPE,
        response: { 200: adminStaffList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'staff.manage');
      return { staff: await listStaff(db, me.whiteLabel) };
    },
  );

  app.get(
    '/api/v1/admin/staff/:staffId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One staff account; its ETag is its version',
        description: `${SCOPE} Send the ETag back as If-Match to change the account.`,
        params: adminStaffParams,
        response: { 200: adminStaff, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'staff.manage');
      const account = await staffOrNotFound(db, me.whiteLabel, request.params.staffId);
      reply.header('etag', etagOfVersion(account.version));
      return account;
    },
  );

  app.post(
    '/api/v1/admin/staff',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a staff account, with the password given or a generated one answered once',
        description:
          `${WRITE} Logins are stored lower-case and unique per brand: 409 admin.staff-login-taken. An operator ` +
          'needs restaurants of the brand (422 admin.staff-restos-required, admin.resto-not-found); a manager may ' +
          'have some (then manages those only) or none (the whole brand); an owner sees every one and takes none ' +
          '(422 admin.staff-restos-not-for-role). Without `password` the ' +
          'server makes one and answers it in `generatedPassword`, this once: it is stored hashed only. Audited as ' +
          'create, not revertible (disable the account instead).',
        body: adminStaffCreate,
        response: {
          201: adminStaffCreated,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'staff.manage');
      const input = request.body;
      // The cheap checks first: hashing takes 0.4 s of a core and must not run for a request refused anyway.
      await assertNewStaffFits(db, me.whiteLabel, input);
      const generatedPassword = input.password === undefined ? generateStaffPassword() : null;
      const passwordHash = await hashStaffPassword(input.password ?? generatedPassword ?? '');
      try {
        const account = await db.transaction((tx) =>
          createStaff(tx, me, input, passwordHash, new Date(now())),
        );
        reply.header('etag', etagOfVersion(account.version));
        return reply.code(201).send({ staff: account, generatedPassword });
      } catch (error) {
        // Two creations of one login at once: the unique index refuses the second.
        if (isLoginTaken(error)) throw new ApiError(409, 'admin.staff-login-taken', 'login');
        throw error;
      }
    },
  );

  app.patch(
    '/api/v1/admin/staff/:staffId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes an account’s name, role, restaurants or disabled, under If-Match',
        description:
          `${WRITE} If-Match must name the version read: without it 428 admin.version-required; another version ` +
          'is 412 admin.version-stale with the account as it is now in `current`. restoIds is the whole set of an ' +
          'operator’s or a manager’s restaurants (the same 422s as a creation); left out, they stay while the role ' +
          'does and are dropped when it changes. A ' +
          'change leaving the brand without an active owner is 409 admin.last-owner. Disabling revokes every ' +
          'refresh token of the account and its access tokens are refused at their next call. Revertible.',
        headers: ifMatchHeaders,
        params: adminStaffParams,
        body: adminStaffPatch,
        response: {
          200: adminStaff,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          412: adminStaffStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'staff.manage');
      try {
        const account = await db.transaction((tx) =>
          patchStaff(
            tx,
            me,
            request.params.staffId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        reply.header('etag', etagOfVersion(account.version));
        return account;
      } catch (error) {
        if (!(error instanceof StaleStaffVersion)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
    },
  );

  app.post(
    '/api/v1/admin/staff/:staffId/password',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Resets an account’s password to a generated one, answered once',
        description:
          `${WRITE} ${RESET} The login’s sign-in block is lifted; the second factor stays (…/totp/reset turns ` +
          'it off). A disabled account stays disabled.',
        params: adminStaffParams,
        response: {
          200: adminStaffPasswordReset,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'staff.manage');
      const { staffId } = request.params;
      await assertResettable(db, me, staffId);
      const generatedPassword = generateStaffPassword();
      const passwordHash = await hashStaffPassword(generatedPassword);
      const account = await db.transaction((tx) =>
        resetStaffPasswordByOwner(tx, me, staffId, passwordHash, new Date(now())),
      );
      reply.header('etag', etagOfVersion(account.version));
      return { staff: account, generatedPassword };
    },
  );

  app.post(
    '/api/v1/admin/staff/:staffId/totp/reset',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Turns an account’s second factor (TOTP) off: the way back in after a lost phone',
        description: `${WRITE} ${RESET} 409 staff.totp-off when it is off already. The person signs in with the password and may turn it on again.`,
        params: adminStaffParams,
        response: { 200: adminStaff, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'staff.manage');
      const account = await db.transaction((tx) =>
        resetStaffTotp(tx, me, request.params.staffId, new Date(now())),
      );
      reply.header('etag', etagOfVersion(account.version));
      return account;
    },
  );

  // The board's and the staff screen's unlock, at the address the board has always used; here so that it is written
  // to the change log with the other changes of an account.
  app.post(
    '/api/v1/staff/accounts/:staffId/unlock',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary:
          "Lifts a login's sign-in block and forgets its wrong answers (owners and managers, own brand)",
        description:
          'Written to the back office’s change log (kind staff, action unlock: the wrong answers it had → 0; not ' +
          'revertible) and to the server log. An operator gets 403. 404 staff.not-found for an account of ' +
          'another brand or none.',
        params: staffAccountParams,
        response: { 200: staffAccount, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertManager(me.role);
      const at = new Date(now());
      const { account, wasBlocked, failures } = await db.transaction(async (tx) => {
        const unlocked = await unlockAccount(tx, me.whiteLabel, request.params.staffId, at);
        await writeAuditEntry(tx, me, at, {
          entity: 'staff',
          entityId: unlocked.account.id,
          action: 'unlock',
          before: { failures: unlocked.failures },
          after: { failures: 0 },
        });
        return unlocked;
      });
      request.log.info(
        {
          audit: 'staff.unlock',
          by: me.staffId,
          staffId: account.id,
          login: account.login,
          wasBlocked,
          failures,
        },
        'staff login unlocked',
      );
      return account;
    },
  );
};
