import { STAFF_SIGN_IN_ATTEMPTS } from '@storefront/domain';
import {
  errorBody,
  type StaffProfile,
  signInErrorBody,
  staffProfile,
  staffRefreshRequest,
  staffSignInRequest,
  staffTokenSet,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import { loadStaffAccess, type StaffAccess } from '../../core/staff-access.ts';
import { STAFF_ACCESS_TOKEN_TTL_S } from '../../core/staff-tokens.ts';
import type { Database } from '../../db/client.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { revokeStaffByToken, rotateStaffRefreshToken, STAFF_REFRESH_TTL_S } from './staff-refresh-tokens.ts';
import { signInStaff } from './staff-sign-in.ts';
import { STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR } from './staff-sign-in-budget.ts';
import { STAFF_FIRST_DELAY_S, STAFF_MAX_DELAY_S } from './staff-sign-in-throttle.ts';

export interface StaffAuthRoutesOptions {
  db: Database;
  now: () => number;
}

const profileOf = (access: StaffAccess): StaffProfile => ({
  id: access.staffId,
  login: access.login,
  name: access.name,
  role: access.role,
  restoIds: access.restoIds,
});

const refreshInvalid = () => new ApiError(401, 'staff.refresh-invalid', 'refreshToken');

/**
 * The restaurant staff's sign-in (decision 23): login and password for a token set, refresh, sign-out, and
 * who is signed in. Staff tokens are apart from customers' (a key and audience of their own). Sign-in,
 * refresh and sign-out are personal (no-store) and take no bearer token; /me takes a staff access token.
 */
export const staffAuthRoutes: FastifyPluginAsyncZod<StaffAuthRoutesOptions> = async (app, { db, now }) => {
  const { settings, staffTokens } = app.authentication;
  const { whiteLabel } = settings;

  /** A token set for an account that signed in or refreshed; a disabled account (meanwhile) gets none. */
  const tokenSetOf = async (staffId: number, refreshToken: string) => {
    const access = await loadStaffAccess(db, whiteLabel, staffId);
    if (!access) return null;
    return {
      accessToken: await staffTokens.sign(staffId),
      refreshToken,
      expiresIn: STAFF_ACCESS_TOKEN_TTL_S,
      staff: profileOf(access),
    };
  };

  app.post(
    '/api/v1/staff/sign-in',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['staff'],
        summary: 'Signs a staff member in with login and password, answering staff tokens and the profile',
        description: `The login is case-insensitive. An unknown login, a wrong password and a disabled account all answer the same 401 staff.sign-in-failed, after the same password-hashing work. Wrong answers count per login typed, known or not: from the ${STAFF_SIGN_IN_ATTEMPTS}th in a row each blocks the login for ${STAFF_FIRST_DELAY_S} s, doubling up to ${STAFF_MAX_DELAY_S / 60} minutes (429 staff.locked with Retry-After and retryAfter, even for the right password); an hour without one, a success or a manager's unlock forgets them. One client address (IPv6: its /64) may fail ${STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR} times an hour across logins, then answers 429 staff.locked until its hour ends. With the second factor on, the right password without totpCode answers 401 staff.totp-required; a wrong or already used code 401 staff.totp-invalid (counted as a wrong answer). The refresh token rotates on every use and lives at most ${STAFF_REFRESH_TTL_S / 3600} hours from the sign-in (a shift).`,
        body: staffSignInRequest,
        response: { 200: staffTokenSet, 401: errorBody, 429: signInErrorBody },
      },
    },
    async (request) => {
      const { login, password, totpCode } = request.body;
      const signedIn = await signInStaff({ db, now }, whiteLabel, {
        login,
        password,
        totpCode,
        clientIp: request.ip,
      });
      const set = await tokenSetOf(signedIn.staffId, signedIn.refreshToken);
      if (!set) throw new ApiError(401, 'staff.sign-in-failed');
      return set;
    },
  );

  app.post(
    '/api/v1/staff/token',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['staff'],
        summary: 'Exchanges a staff refresh token for a new token set; the old one stops working',
        description:
          'Presenting a refresh token that was already exchanged revokes its whole family (the sign-in it came from): whoever holds a copy is signed out too. Tokens of a disabled account, revoked, expired (at the end of the shift: 12 hours after the sign-in) or unknown ones answer 401 staff.refresh-invalid: sign in again.',
        body: staffRefreshRequest,
        response: { 200: staffTokenSet, 401: errorBody },
      },
    },
    async (request) => {
      const rotated = await rotateStaffRefreshToken(
        db,
        whiteLabel,
        request.body.refreshToken,
        new Date(now()),
      );
      if (!rotated.ok) throw refreshInvalid();
      const set = await tokenSetOf(rotated.staffId, rotated.refreshToken);
      if (!set) throw refreshInvalid();
      return set;
    },
  );

  app.post(
    '/api/v1/staff/sign-out',
    {
      config: { auth: 'personal' },
      schema: {
        tags: ['staff'],
        summary: 'Signs a staff member out: the refresh token and its whole family stop working at once',
        description:
          'Access tokens already issued stay valid until they expire (15 minutes); the board drops its own. An unknown refresh token answers 401 staff.refresh-invalid.',
        body: staffRefreshRequest,
        response: { 204: z.null().describe('No content'), 401: errorBody },
      },
    },
    async (request, reply) => {
      if (!(await revokeStaffByToken(db, whiteLabel, request.body.refreshToken, new Date(now()))))
        throw refreshInvalid();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/staff/me',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['staff'],
        summary:
          "The signed-in staff member's profile and restaurants (Authorization: Bearer staff access token)",
        description:
          "Read from the database on every call: a changed role or restaurant list shows at once, and a disabled account's token answers 401. A customer's token answers 401.",
        response: { 200: staffProfile, 401: errorBody },
      },
    },
    async (request) => profileOf(signedInStaff(request)),
  );
};
