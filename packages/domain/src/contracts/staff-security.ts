import { z } from 'zod';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../staff/staff-model.ts';
import { id, idParam } from './common.ts';
import { staffRole } from './staff.ts';

/**
 * A staff member's own security (decision 40): changing the password, the TOTP second factor of managers,
 * and a manager's list of the brand's logins with their sign-in blocks.
 */

/** A 6-digit authenticator code; spaces are a typing habit and are ignored. */
export const totpCode = z.string().min(1).max(20);

export const staffPasswordChange = z.object({
  currentPassword: z.string().min(1).max(STAFF_PASSWORD_MAX),
  newPassword: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX),
});

/** What the account's security screen shows. */
export const staffSecurity = z.object({
  /** The second factor is on: sign-in asks for a code. */
  totp: z.boolean(),
  /** This role may turn the second factor on (managers). */
  totpAvailable: z.boolean(),
  passwordMin: z.number().int().positive(),
});
export type StaffSecurity = z.infer<typeof staffSecurity>;

/** A new secret to put in the authenticator app; it turns on only when a code made with it is confirmed. */
export const totpEnrolment = z.object({
  /** Base32, for typing in by hand. */
  secret: z.string(),
  /** otpauth://totp/… for a QR code or a link on the phone. */
  uri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpConfirmRequest = z.object({ code: totpCode });
export const totpDisableRequest = z.object({
  password: z.string().min(1).max(STAFF_PASSWORD_MAX),
  code: totpCode,
});

/** One login of the brand as a manager sees it. */
export const staffAccount = z.object({
  id,
  login: z.string(),
  name: z.string(),
  role: staffRole,
  disabled: z.boolean(),
  /** Sign-in is blocked until then after wrong answers; null when it is not. */
  blockedUntil: z.string().nullable(),
  /** Wrong answers in a row counted on the login. */
  failures: z.number().int().nonnegative(),
  totp: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const staffAccountList = z.object({ accounts: z.array(staffAccount) });
export const staffAccountParams = z.object({ staffId: idParam });
