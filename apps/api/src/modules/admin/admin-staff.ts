import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@storefront/domain';
import type { AdminStaff } from '@storefront/domain/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { restos, staff, staffRestos } from '../../db/schema.ts';
import { clearLoginFailures, createStaffAccount, revokeAllOfStaff } from '../staff/index.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { versionOfIfMatch } from './admin-dishes.ts';

/**
 * The brand's staff accounts as its owner manages them (decision 45 "Staff accounts", docs/backoffice.md): created with a
 * password given or generated, given a role and restaurants, disabled, a password or second factor reset. Every
 * change bumps the account's version (If-Match) and writes its audit entry in the same transaction, without any
 * secret. The staff guard reads the account on every call (core/staff-access.ts), so a disabled account's access
 * tokens are refused at their next call, and a changed role or set of restaurants counts at once.
 */

/** What the audit log keeps of an account: the fields its PATCH edits (never a hash nor a secret). */
export interface StaffState {
  name: string;
  role: StaffRole;
  restoIds: number[];
  disabled: boolean;
}

const staffColumns = {
  id: staff.id,
  login: staff.login,
  name: staff.name,
  role: staff.role,
  disabledAt: staff.disabledAt,
  totpSecret: staff.totpSecret,
  lastSignInAt: staff.lastSignInAt,
  createdAt: staff.createdAt,
  version: staff.version,
};
type StaffRow = {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  disabledAt: Date | null;
  totpSecret: string | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  version: number;
};

/**
 * The rows with their restaurants, as the back office answers them (no secret leaves this function): an operator's,
 * and a manager's when limited to some (none: the whole brand, decision 57); an owner has none.
 */
async function withRestos(db: Executor, rows: StaffRow[]): Promise<AdminStaff[]> {
  const linked = rows.filter((r) => r.role !== 'owner').map((r) => r.id);
  const links = linked.length
    ? await db.select().from(staffRestos).where(inArray(staffRestos.staffId, linked))
    : [];
  return rows.map((row) => ({
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    restoIds:
      row.role === 'owner'
        ? []
        : links
            .filter((l) => l.staffId === row.id)
            .map((l) => l.restoId)
            .sort((a, b) => a - b),
    disabled: row.disabledAt !== null,
    totp: row.totpSecret !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  }));
}

export const staffStateOf = (account: AdminStaff | StaffState): StaffState => ({
  name: account.name,
  role: account.role,
  restoIds: [...account.restoIds].sort((a, b) => a - b),
  disabled: account.disabled,
});

/** The brand's accounts by login. */
export async function listStaff(db: Executor, whiteLabel: string): Promise<AdminStaff[]> {
  const rows = await db
    .select(staffColumns)
    .from(staff)
    .where(eq(staff.whiteLabelId, whiteLabel))
    .orderBy(asc(staff.login));
  return withRestos(db, rows);
}

/** One account of the brand, locked for the transaction's change when `lock`; 404 staff.not-found otherwise. */
export async function staffOrNotFound(
  db: Executor,
  whiteLabel: string,
  staffId: number,
  lock = false,
): Promise<AdminStaff> {
  const query = db
    .select(staffColumns)
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'staff.not-found', 'staffId');
  const [account] = await withRestos(db, [row]);
  if (!account) throw new Error('no account');
  return account;
}

/**
 * The brand's active owners other than `staffId`, locked: every change that could leave the brand without one
 * takes these locks first, so two owners demoting each other at once cannot both succeed.
 */
async function otherActiveOwners(tx: Executor, whiteLabel: string, staffId: number) {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        eq(staff.whiteLabelId, whiteLabel),
        eq(staff.role, 'owner'),
        isNull(staff.disabledAt),
        ne(staff.id, staffId),
      ),
    )
    .orderBy(asc(staff.id))
    .for('update');
  return rows.length;
}

/**
 * The rules of a role and its restaurants, each the brand's (422 admin.resto-not-found naming the list's place): an
 * operator has at least one; a manager may have some (the restaurant's manager, decision 57) or none (the whole
 * brand); an owner sees every one and takes none.
 */
async function assertRestosFit(tx: Executor, whiteLabel: string, role: StaffRole, restoIds: number[]) {
  if (role === 'owner' && restoIds.length)
    throw new ApiError(422, 'admin.staff-restos-not-for-role', 'restoIds');
  if (role === 'operator' && !restoIds.length)
    throw new ApiError(422, 'admin.staff-restos-required', 'restoIds');
  if (!restoIds.length) return;
  const found = await tx
    .select({ id: restos.id })
    .from(restos)
    .where(and(inArray(restos.id, restoIds), eq(restos.whiteLabelId, whiteLabel)));
  const known = new Set(found.map((r) => r.id));
  const missing = restoIds.findIndex((restoId) => !known.has(restoId));
  if (missing >= 0) throw new ApiError(422, 'admin.resto-not-found', `restoIds.${missing}`);
}

const uniqueSorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** 409 admin.staff-login-taken unless the brand has no such login yet. */
export async function assertLoginFree(db: Executor, whiteLabel: string, login: string) {
  const [taken] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.whiteLabelId, whiteLabel), eq(staff.login, login)));
  if (taken) throw new ApiError(409, 'admin.staff-login-taken', 'login');
}

/** A new account's checks that need no hashing: run before the password is hashed (0.4 s of a core). */
export async function assertNewStaffFits(
  db: Executor,
  whiteLabel: string,
  input: { login: string; role: StaffRole; restoIds?: number[] | undefined },
) {
  await assertLoginFree(db, whiteLabel, input.login);
  await assertRestosFit(db, whiteLabel, input.role, uniqueSorted(input.restoIds ?? []));
}

/** 20 characters of base64url: 120 random bits, well above STAFF_PASSWORD_MIN, typed once then changed. */
export const generateStaffPassword = () => randomBytes(15).toString('base64url');

export interface NewStaff {
  login: string;
  name?: string | undefined;
  role: StaffRole;
  restoIds?: number[] | undefined;
}

/** POST: the account (password already hashed), audited as 'create' (not revertible: disable it instead). */
export async function createStaff(
  tx: Executor,
  access: StaffAccess,
  input: NewStaff,
  passwordHash: string,
  at: Date,
): Promise<AdminStaff> {
  const restoIds = uniqueSorted(input.restoIds ?? []);
  await assertNewStaffFits(tx, access.whiteLabel, { ...input, restoIds });
  const name = input.name ?? input.login;
  const staffId = await createStaffAccount(
    tx,
    { whiteLabel: access.whiteLabel, login: input.login, name, role: input.role, passwordHash, restoIds },
    at,
  );
  const account = await staffOrNotFound(tx, access.whiteLabel, staffId);
  await writeAuditEntry(tx, access, at, {
    entity: 'staff',
    entityId: staffId,
    action: 'create',
    before: {},
    after: { login: account.login, ...staffStateOf(account) },
  });
  return account;
}

/** True when a database error is the unique index on (brand, login): two creations of one login at once. */
export function isLoginTaken(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Writes an account's editable state and bumps its version, holding the brand's rules: the restaurants fit the
 * role, and the brand keeps an active owner (409 admin.last-owner). Disabling revokes every refresh token of the
 * account now; its access tokens are refused at their next call (the guard reads the account). Answers the account.
 */
export async function writeStaffState(
  tx: Executor,
  whiteLabel: string,
  staffId: number,
  state: Partial<StaffState>,
  at: Date,
): Promise<AdminStaff> {
  const others = await otherActiveOwners(tx, whiteLabel, staffId);
  const current = await staffOrNotFound(tx, whiteLabel, staffId, true);
  const role = state.role ?? current.role;
  // Given: the whole set. Left out: an account keeping its role keeps its restaurants; one changing role has none
  // (a manager made operator is asked for them, an operator made manager manages the whole brand).
  const restoIds = uniqueSorted(state.restoIds ?? (role === current.role ? current.restoIds : []));
  await assertRestosFit(tx, whiteLabel, role, restoIds);
  const disabled = state.disabled ?? current.disabled;
  const wasActiveOwner = current.role === 'owner' && !current.disabled;
  if (wasActiveOwner && (role !== 'owner' || disabled) && others === 0)
    throw new ApiError(409, 'admin.last-owner', state.disabled ? 'disabled' : 'role');
  await tx
    .update(staff)
    .set({
      ...(state.name === undefined ? {} : { name: state.name }),
      role,
      ...(disabled === current.disabled ? {} : { disabledAt: disabled ? at : null }),
      version: sql`${staff.version} + 1`,
    })
    .where(eq(staff.id, staffId));
  await tx.delete(staffRestos).where(eq(staffRestos.staffId, staffId));
  if (restoIds.length) await tx.insert(staffRestos).values(restoIds.map((restoId) => ({ staffId, restoId })));
  if (disabled && !current.disabled) await revokeAllOfStaff(tx, staffId, at);
  return staffOrNotFound(tx, whiteLabel, staffId);
}

/** 412 with the account as it is now (the route answers it in the body beside the error). */
export class StaleStaffVersion extends Error {
  constructor(readonly current: AdminStaff) {
    super('admin.version-stale');
  }
}

export interface StaffPatch {
  name?: string | undefined;
  role?: StaffRole | undefined;
  restoIds?: number[] | undefined;
  disabled?: boolean | undefined;
}

/** PATCH: as a dish's (428 without If-Match, 412 with the account now on another version), one audit entry. */
export async function patchStaff(
  tx: Executor,
  access: StaffAccess,
  staffId: number,
  ifMatch: string | undefined,
  patch: StaffPatch,
  at: Date,
): Promise<AdminStaff> {
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  await otherActiveOwners(tx, access.whiteLabel, staffId);
  const current = await staffOrNotFound(tx, access.whiteLabel, staffId, true);
  if (versionOfIfMatch(ifMatch) !== current.version) throw new StaleStaffVersion(current);
  const before = staffStateOf(current);
  const account = await writeStaffState(
    tx,
    access.whiteLabel,
    staffId,
    {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.role === undefined ? {} : { role: patch.role }),
      ...(patch.restoIds === undefined ? {} : { restoIds: patch.restoIds }),
      ...(patch.disabled === undefined ? {} : { disabled: patch.disabled }),
    },
    at,
  );
  await writeAuditEntry(tx, access, at, {
    entity: 'staff',
    entityId: staffId,
    action: 'update',
    before: { ...before },
    after: { ...staffStateOf(account) },
  });
  return account;
}

/** Resets of one's own password or second factor go through /api/v1/staff/me (they take the current password). */
function assertNotOwn(access: StaffAccess, staffId: number) {
  if (access.staffId === staffId) throw new ApiError(409, 'admin.staff-own-account', 'staffId');
}

/** A reset's first check, before the new password is hashed: the account is the brand's and not the caller's. */
export async function assertResettable(db: Executor, access: StaffAccess, staffId: number) {
  await staffOrNotFound(db, access.whiteLabel, staffId);
  assertNotOwn(access, staffId);
}

/**
 * POST …/password: a new password (hashed by the caller): every refresh token of the account is revoked and its
 * login's wrong answers forgotten; the second factor stays as it is (…/totp/reset for a lost phone). Audited as
 * 'password-reset' with no state at all (nothing to compare, nothing to restore: 409 admin.not-revertible).
 */
export async function resetStaffPasswordByOwner(
  tx: Executor,
  access: StaffAccess,
  staffId: number,
  passwordHash: string,
  at: Date,
): Promise<AdminStaff> {
  assertNotOwn(access, staffId);
  const current = await staffOrNotFound(tx, access.whiteLabel, staffId, true);
  await tx
    .update(staff)
    .set({ passwordHash, version: sql`${staff.version} + 1` })
    .where(eq(staff.id, staffId));
  await revokeAllOfStaff(tx, staffId, at);
  await clearLoginFailures(tx, access.whiteLabel, current.login);
  await writeAuditEntry(tx, access, at, {
    entity: 'staff',
    entityId: staffId,
    action: 'password-reset',
    before: {},
    after: {},
  });
  return staffOrNotFound(tx, access.whiteLabel, staffId);
}

/**
 * POST …/totp/reset (a lost phone): the second factor off, an enrolment under way forgotten, every refresh token
 * revoked; the person signs in with the password and turns it on again. 409 staff.totp-off when it is off.
 */
export async function resetStaffTotp(
  tx: Executor,
  access: StaffAccess,
  staffId: number,
  at: Date,
): Promise<AdminStaff> {
  assertNotOwn(access, staffId);
  const current = await staffOrNotFound(tx, access.whiteLabel, staffId, true);
  if (!current.totp) throw new ApiError(409, 'staff.totp-off', 'staffId');
  await tx
    .update(staff)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      version: sql`${staff.version} + 1`,
    })
    .where(eq(staff.id, staffId));
  await revokeAllOfStaff(tx, staffId, at);
  await writeAuditEntry(tx, access, at, {
    entity: 'staff',
    entityId: staffId,
    action: 'totp-reset',
    before: { totp: true },
    after: { totp: false },
  });
  return staffOrNotFound(tx, access.whiteLabel, staffId);
}
