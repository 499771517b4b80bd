import {
  errorBody,
  signInErrorBody,
  staffAccountList,
  staffPasswordChange,
  staffSecurity,
  staffTokenSet,
  totpConfirmRequest,
  totpDisableRequest,
  totpEnrolment,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import { loadStaffAccess } from '../../core/staff-access.ts';
import { STAFF_ACCESS_TOKEN_TTL_S } from '../../core/staff-tokens.ts';
import type { Database } from '../../db/client.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import {
  assertManager,
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  listAccounts,
  securityOf,
  startTotpEnrolment,
} from './staff-security.ts';
import { STAFF_MAX_DELAY_S } from './staff-sign-in-throttle.ts';

export interface StaffSecurityRoutesOptions {
  db: Database;
  now: () => number;
}

const SLOWED = `A wrong password or code counts on the login as a wrong sign-in does: after several, 429 staff.locked with Retry-After (at most ${STAFF_MAX_DELAY_S / 60} minutes).`;

/**
 * A staff member's own password and second factor, and a manager's list of the brand's logins with the
 * unlock (decision 40). All take a staff access token; answers are personal (no-store).
 */
export const staffSecurityRoutes: FastifyPluginAsyncZod<StaffSecurityRoutesOptions> = async (
  app,
  { db, now },
) => {
  const { settings, staffTokens } = app.authentication;
  const { whiteLabel } = settings;
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/staff/me/security',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: "The signed-in staff member's second factor and password rules",
        response: { 200: staffSecurity, 401: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      return securityOf(db, me.staffId, me.role);
    },
  );

  app.post(
    '/api/v1/staff/me/password',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Changes the own password; every other session of the account ends',
        description: `The current password must be right (403 staff.password-wrong). ${SLOWED} The answer is a new token set: every refresh token of the account, this one's too, is revoked, so other devices must sign in with the new password (their access tokens still run out within 15 minutes).`,
        body: staffPasswordChange,
        response: { 200: staffTokenSet, 401: errorBody, 403: errorBody, 429: signInErrorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      const refreshToken = await changeOwnPassword(db, whiteLabel, me.staffId, request.body, new Date(now()));
      const access = await loadStaffAccess(db, whiteLabel, me.staffId);
      if (!access) throw new ApiError(401, 'staff.refresh-invalid');
      request.log.info({ audit: 'staff.password-changed', staffId: me.staffId }, 'staff password changed');
      return {
        accessToken: await staffTokens.sign(me.staffId),
        refreshToken,
        expiresIn: STAFF_ACCESS_TOKEN_TTL_S,
        staff: {
          id: access.staffId,
          login: access.login,
          name: access.name,
          role: access.role,
          restoIds: access.restoIds,
        },
      };
    },
  );

  app.post(
    '/api/v1/staff/me/totp/enrolment',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary:
          'Starts turning the TOTP second factor on (managers): a new secret for the authenticator app',
        description:
          'RFC 6238: SHA-1, 6 digits, 30-second steps. The secret is not in force until confirmed with a code; starting again replaces it. 409 staff.totp-already-on when it is on; 403 staff.forbidden-role for operators.',
        response: { 200: totpEnrolment, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertManager(me.role);
      return startTotpEnrolment(db, whiteLabel, me.staffId);
    },
  );

  app.post(
    '/api/v1/staff/me/totp/confirm',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Turns the second factor on with a code made from the new secret',
        description: `A wrong code answers 403 staff.totp-invalid. ${SLOWED} From then on sign-in asks for a code (401 staff.totp-required, then the code in totpCode); a code is taken once.`,
        body: totpConfirmRequest,
        response: {
          200: staffSecurity,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: signInErrorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertManager(me.role);
      await confirmTotp(db, whiteLabel, me.staffId, request.body.code, new Date(now()));
      request.log.info({ audit: 'staff.totp-on', staffId: me.staffId }, 'staff second factor turned on');
      return securityOf(db, me.staffId, me.role);
    },
  );

  app.post(
    '/api/v1/staff/me/totp/disable',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Turns the second factor off with the password and a fresh code',
        description: `403 staff.password-wrong or staff.totp-invalid. ${SLOWED}`,
        body: totpDisableRequest,
        response: {
          200: staffSecurity,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: signInErrorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      await disableTotp(db, whiteLabel, me.staffId, request.body, new Date(now()));
      request.log.info({ audit: 'staff.totp-off', staffId: me.staffId }, 'staff second factor turned off');
      return securityOf(db, me.staffId, me.role);
    },
  );

  app.get(
    '/api/v1/staff/accounts',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: "The brand's staff logins with their sign-in blocks (managers)",
        response: { 200: staffAccountList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      assertManager(signedInStaff(request).role);
      return { accounts: await listAccounts(db, whiteLabel, new Date(now())) };
    },
  );
};
