import { z } from 'zod';
import { STAFF_LOGIN_PATTERN, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../staff/staff-model.ts';
import { errorBody, id, idParam, storedText } from './common.ts';
import { staffRole } from './staff.ts';

/**
 * The brand's staff accounts in the back office (decision 45 "Staff accounts"): owners only. No answer
 * ever carries a password hash or a second factor's secret; a generated password is answered once, by the call
 * that made it.
 */

/** The longest name the board shows (as npm run staff:add). */
export const STAFF_NAME_MAX = 100;
/** An operator's restaurants at most. */
export const STAFF_RESTOS_MAX = 200;

/** A login as typed: trimmed and lower-cased, then 3–40 of a–z 0–9 . _ - (STAFF_LOGIN_PATTERN). */
export const adminStaffLogin = z
  .string()
  .max(100)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().regex(STAFF_LOGIN_PATTERN, 'must be 3 to 40 of a–z, 0–9, ".", "_" and "-"'));

/** The name the board shows: not blank, trimmed. */
export const adminStaffName = storedText(STAFF_NAME_MAX)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'must not be blank'));

/**
 * An account's restaurants, the brand's: an operator's (at least one), a restaurant's manager's (none: the whole
 * brand, decision 57); an owner sees every one and takes none.
 */
export const adminStaffRestoIds = z.array(id).max(STAFF_RESTOS_MAX);

/** One staff account as the owner manages it. */
export const adminStaff = z.object({
  id,
  login: z.string(),
  name: z.string(),
  role: staffRole,
  /** An operator's or a restaurant's manager's restaurants, ascending; empty: every restaurant (an owner's always). */
  restoIds: z.array(id),
  /** Disabled: it cannot sign in and its tokens are refused at once. */
  disabled: z.boolean(),
  /** The second factor (TOTP) is on. */
  totp: z.boolean(),
  /** The last successful sign-in; null: never (or before this was kept). */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** Bumped by every back-office change of the account; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminStaff = z.infer<typeof adminStaff>;

/** GET /api/v1/admin/staff: the brand's accounts by login. */
export const adminStaffList = z.object({ staff: z.array(adminStaff) });

/** GET and PATCH /api/v1/admin/staff/{staffId}, POST …/password, POST …/totp/reset */
export const adminStaffParams = z.object({ staffId: idParam });

/** POST /api/v1/admin/staff: a new account; without `password` one is generated and answered once. */
export const adminStaffCreate = z.object({
  login: adminStaffLogin,
  /** The name the board shows; the login when left out. */
  name: adminStaffName.optional(),
  role: staffRole,
  /** Required (at least one) for an operator; optional for a manager (empty: the whole brand); none for an owner. */
  restoIds: adminStaffRestoIds.optional(),
  /** STAFF_PASSWORD_MIN–STAFF_PASSWORD_MAX characters; left out: one is generated. */
  password: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX).optional(),
});

/** The account and, when the server made it, the password: shown once, never stored in clear nor answered again. */
export const adminStaffCreated = z.object({
  staff: adminStaff,
  generatedPassword: z.string().nullable(),
});

/** PATCH /api/v1/admin/staff/{staffId}: the fields to change, at least one. */
export const adminStaffPatch = z
  .object({
    name: adminStaffName.optional(),
    role: staffRole.optional(),
    /** The whole set of restaurants (the brand's); left out: kept while the role stays, none when it changes. */
    restoIds: adminStaffRestoIds.optional(),
    /** true: sign-in refused, refresh tokens revoked, access tokens refused at their next call. */
    disabled: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');

/** 412 admin.version-stale of an account: the refusal with the account as it is now. */
export const adminStaffStaleBody = errorBody.extend({ current: adminStaff });

/** POST /api/v1/admin/staff/{staffId}/password: the new generated password, answered once. */
export const adminStaffPasswordReset = z.object({ staff: adminStaff, generatedPassword: z.string() });
