import type {
  CustomerDeliveryMethod,
  DayOfWeek,
  LocalizedText,
  Minor,
  PromoCodeKind,
} from '@storefront/domain';
import type { AdminPromoCode, AdminPromoCodeCreate, AdminPromoCodePatch } from '@storefront/domain/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { orders, promoCodeRestos, promoCodes } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import {
  assertOwnsRestos,
  brandRestoIds,
  existingRestoIds,
  sameInstants,
  sortedUnique,
} from './admin-marketing-scope.ts';
import { checkIfMatch } from './admin-menus.ts';

/**
 * Promo codes in the back office (decision 53): every rule the preflight judges, versioned under If-Match, audited
 * in the change's transaction; a change and a deletion are revertible (the state holds `exists`). A code that was
 * ever named by an order is only deactivated, never deleted (its orders keep pointing at it). Uses and the money
 * given are read from the orders, not declined or cancelled ones (those gave their use back). A person touches only
 * codes whose restaurants are all theirs (admin-marketing-scope.ts).
 */

/** What the audit log keeps of a code; `exists: false` is a deleted one. */
export interface PromoCodeAuditState {
  exists: boolean;
  code: string;
  description: LocalizedText;
  kind: PromoCodeKind;
  value: number;
  maxDiscountAmount: number | null;
  minOrderAmount: number | null;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  hours: { from: string; to: string } | null;
  daysOfWeek: number[];
  deliveryMethods: CustomerDeliveryMethod[];
  restoIds: number[];
  totalLimit: number | null;
  perPersonLimit: number | null;
  firstOrderOnly: boolean;
  campaign: string | null;
}

const GONE: PromoCodeAuditState = {
  exists: false,
  code: '',
  description: { ru: '' },
  kind: 'percent',
  value: 1,
  maxDiscountAmount: null,
  minOrderAmount: null,
  startsAt: null,
  endsAt: null,
  active: false,
  hours: null,
  daysOfWeek: [],
  deliveryMethods: [],
  restoIds: [],
  totalLimit: null,
  perPersonLimit: null,
  firstOrderOnly: false,
  campaign: null,
};

export const promoCodeStateOf = (c: AdminPromoCode): PromoCodeAuditState => ({
  exists: true,
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.value,
  maxDiscountAmount: c.maxDiscountAmount,
  minOrderAmount: c.minOrderAmount,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  active: c.active,
  hours: c.hours,
  daysOfWeek: c.daysOfWeek,
  deliveryMethods: c.deliveryMethods,
  restoIds: c.restoIds,
  totalLimit: c.totalLimit,
  perPersonLimit: c.perPersonLimit,
  firstOrderOnly: c.firstOrderOnly,
  campaign: c.campaign,
});

type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Orders that count as uses: every one but those declined or cancelled (they gave their use back). */
const countedOrder = notInArray(orders.status, ['declined', 'canceled']);

/** Per code: its counted orders and the discount they got. */
export async function usesOf(db: Executor, codeIds: readonly number[]) {
  const uses = new Map<number, { uses: number; discountGiven: Minor }>();
  if (codeIds.length === 0) return uses;
  const rows = await db
    .select({
      id: orders.promoCodeId,
      uses: count(),
      discount: sql<string>`coalesce(sum(${orders.discount}), 0)`,
    })
    .from(orders)
    .where(and(inArray(orders.promoCodeId, [...codeIds]), countedOrder))
    .groupBy(orders.promoCodeId);
  for (const row of rows)
    if (row.id !== null) uses.set(row.id, { uses: row.uses, discountGiven: Number(row.discount) as Minor });
  return uses;
}

async function withDetails(db: Executor, rows: PromoCodeRow[]): Promise<AdminPromoCode[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await db
    .select()
    .from(promoCodeRestos)
    .where(inArray(promoCodeRestos.promoCodeId, ids))
    .orderBy(asc(promoCodeRestos.restoId));
  const uses = await usesOf(db, ids);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    maxDiscountAmount: row.maxDiscountAmount,
    minOrderAmount: row.minOrderAmount,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
    hours: row.hoursFrom !== null && row.hoursTo !== null ? { from: row.hoursFrom, to: row.hoursTo } : null,
    daysOfWeek: [...row.daysOfWeek].sort((a, b) => a - b) as DayOfWeek[],
    deliveryMethods: row.deliveryMethods,
    restoIds: links.filter((l) => l.promoCodeId === row.id).map((l) => l.restoId),
    totalLimit: row.totalLimit,
    perPersonLimit: row.perPersonLimit,
    firstOrderOnly: row.firstOrderOnly,
    campaign: row.campaign,
    uses: uses.get(row.id)?.uses ?? 0,
    discountGiven: uses.get(row.id)?.discountGiven ?? (0 as Minor),
    version: row.version,
  }));
}

export interface PromoCodeFilter {
  search?: string | undefined;
  active?: 'true' | 'false' | undefined;
  campaign?: string | undefined;
}

function filterOf(whiteLabel: string, filter: PromoCodeFilter) {
  const search = (filter.search ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(promoCodes.whiteLabelId, whiteLabel),
    search ? ilike(promoCodes.code, `%${search}%`) : undefined,
    filter.active ? eq(promoCodes.active, filter.active === 'true') : undefined,
    filter.campaign ? eq(promoCodes.campaign, filter.campaign) : undefined,
  );
}

/** The brand's codes matching the filter, newest first, at most `limit`; the total and the campaigns beside. */
export async function listPromoCodes(
  db: Executor,
  whiteLabel: string,
  filter: PromoCodeFilter & { limit: number },
) {
  const where = filterOf(whiteLabel, filter);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(desc(promoCodes.id))
    .limit(filter.limit);
  const [total] = await db.select({ n: count() }).from(promoCodes).where(where);
  const campaigns = await db
    .selectDistinct({ campaign: promoCodes.campaign })
    .from(promoCodes)
    .where(and(eq(promoCodes.whiteLabelId, whiteLabel), isNotNull(promoCodes.campaign)))
    .orderBy(asc(promoCodes.campaign));
  return {
    codes: await withDetails(db, rows),
    total: total?.n ?? 0,
    campaigns: campaigns.flatMap((c) => (c.campaign === null ? [] : [c.campaign])),
  };
}

/** Every code of the brand matching the filter (the CSV export), by code. */
export async function allPromoCodes(db: Executor, whiteLabel: string, filter: PromoCodeFilter) {
  const rows = await db
    .select()
    .from(promoCodes)
    .where(filterOf(whiteLabel, filter))
    .orderBy(asc(promoCodes.code));
  return withDetails(db, rows);
}

async function readPromoCode(db: Executor, whiteLabel: string, id: number, lock = false) {
  const query = db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? ((await withDetails(db, [row]))[0] ?? null) : null;
}

export async function promoCodeOfBrand(db: Executor, whiteLabel: string, id: number, lock = false) {
  const code = await readPromoCode(db, whiteLabel, id, lock);
  if (!code) throw new ApiError(404, 'promo-code.not-found', 'promoCodeId');
  return code;
}

/** The rules spanning fields: a percent up to 100, the end after the start. */
export function assertPromoRules(state: {
  kind: PromoCodeKind;
  value: number;
  startsAt: string | null;
  endsAt: string | null;
}) {
  if (state.kind === 'percent' && state.value > 100)
    throw new ApiError(422, 'admin.promo-percent-invalid', 'value');
  if (
    state.startsAt !== null &&
    state.endsAt !== null &&
    Date.parse(state.endsAt) <= Date.parse(state.startsAt)
  )
    throw new ApiError(422, 'admin.ends-before-start', 'endsAt');
}

async function assertCodeFree(db: Executor, whiteLabel: string, code: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(eq(promoCodes.whiteLabelId, whiteLabel), eq(promoCodes.code, code)));
  if (row && row.id !== exceptId) throw new ApiError(409, 'admin.promo-code-taken', 'code');
}

const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));

/** The columns of a state (without exists and restoIds). */
export function promoCodeColumns(state: Partial<PromoCodeAuditState>) {
  const {
    exists: _e,
    restoIds: _r,
    startsAt,
    endsAt,
    hours,
    daysOfWeek,
    maxDiscountAmount,
    minOrderAmount,
    ...rest
  } = state;
  return {
    ...rest,
    ...(startsAt !== undefined ? { startsAt: dateOf(startsAt) } : {}),
    ...(endsAt !== undefined ? { endsAt: dateOf(endsAt) } : {}),
    ...(hours !== undefined ? { hoursFrom: hours?.from ?? null, hoursTo: hours?.to ?? null } : {}),
    ...(daysOfWeek !== undefined ? { daysOfWeek: [...new Set(daysOfWeek)].sort((a, b) => a - b) } : {}),
    ...(maxDiscountAmount !== undefined ? { maxDiscountAmount: maxDiscountAmount as Minor | null } : {}),
    ...(minOrderAmount !== undefined ? { minOrderAmount: minOrderAmount as Minor | null } : {}),
  };
}

/** Writes `state` and bumps the version; `exists: false` deletes, `exists: true` for a gone one re-creates. */
export async function writePromoCodeState(
  tx: Executor,
  whiteLabel: string,
  id: number,
  state: Partial<PromoCodeAuditState>,
): Promise<void> {
  if (state.exists === false) {
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
    return;
  }
  const columns = promoCodeColumns(state);
  const [updated] = await tx
    .update(promoCodes)
    .set({ ...columns, version: sql`${promoCodes.version} + 1` })
    .where(eq(promoCodes.id, id))
    .returning({ id: promoCodes.id });
  if (!updated)
    await tx.insert(promoCodes).values({
      kind: 'percent',
      value: 1,
      code: '',
      description: { ru: '' },
      ...columns,
      id,
      whiteLabelId: whiteLabel,
    });
  if (state.restoIds) {
    await tx.delete(promoCodeRestos).where(eq(promoCodeRestos.promoCodeId, id));
    if (state.restoIds.length > 0)
      await tx
        .insert(promoCodeRestos)
        .values(state.restoIds.map((restoId) => ({ promoCodeId: id, restoId })));
  }
}

/** A new code; audited 'create' (not revertible: delete or deactivate it instead). */
export async function createPromoCode(
  tx: Executor,
  access: StaffAccess,
  input: AdminPromoCodeCreate,
  at: Date,
): Promise<AdminPromoCode> {
  const restoIds = await brandRestoIds(tx, access.whiteLabel, input.restoIds);
  await assertOwnsRestos(tx, access, restoIds);
  const state: PromoCodeAuditState = { ...input, exists: true, restoIds };
  assertPromoRules(state);
  await assertCodeFree(tx, access.whiteLabel, state.code, null);
  const [row] = await tx
    .insert(promoCodes)
    .values({
      ...promoCodeColumns(state),
      whiteLabelId: access.whiteLabel,
      code: state.code,
      description: state.description,
      kind: state.kind,
      value: state.value,
    })
    .returning({ id: promoCodes.id });
  if (!row) throw new Error('no promo code');
  if (restoIds.length > 0)
    await tx.insert(promoCodeRestos).values(restoIds.map((restoId) => ({ promoCodeId: row.id, restoId })));
  const code = await promoCodeOfBrand(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'promo-code',
    entityId: row.id,
    action: 'create',
    before: {},
    after: { ...promoCodeStateOf(code) },
  });
  return code;
}

async function currentForChange(tx: Executor, access: StaffAccess, id: number, ifMatch: string | undefined) {
  const current = await promoCodeOfBrand(tx, access.whiteLabel, id, true);
  await assertOwnsRestos(tx, access, current.restoIds);
  checkIfMatch(ifMatch, current);
  return current;
}

/** PATCH under If-Match (deactivating is `active: false`); the new restaurants must be the person's too. */
export async function patchPromoCode(
  tx: Executor,
  access: StaffAccess,
  id: number,
  ifMatch: string | undefined,
  patch: AdminPromoCodePatch,
  at: Date,
): Promise<AdminPromoCode> {
  const current = await currentForChange(tx, access, id, ifMatch);
  const defined = Object.fromEntries(
    Object.entries(sameInstants(patch)).filter(([, value]) => value !== undefined),
  );
  const before = promoCodeStateOf(current);
  const after: PromoCodeAuditState = { ...before, ...defined };
  if (patch.restoIds) {
    after.restoIds = await brandRestoIds(tx, access.whiteLabel, patch.restoIds);
    await assertOwnsRestos(tx, access, after.restoIds);
  }
  // As the row keeps them (promoCodeColumns), so the entry's `after` equals the row read back.
  after.daysOfWeek = sortedUnique(after.daysOfWeek);
  assertPromoRules(after);
  if (after.code !== before.code) await assertCodeFree(tx, access.whiteLabel, after.code, id);
  await writePromoCodeState(tx, access.whiteLabel, id, after);
  await writeAuditEntry(tx, access, at, {
    entity: 'promo-code',
    entityId: id,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return promoCodeOfBrand(tx, access.whiteLabel, id);
}

/** Whether any order ever named the code, cancelled ones too: such a code is only deactivated. */
async function everUsed(db: Executor, id: number) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.promoCodeId, id)).limit(1);
  return row !== undefined;
}

/** DELETE under If-Match of a code no order named (409 admin.promo-code-used otherwise); revertible. */
export async function deletePromoCode(
  tx: Executor,
  access: StaffAccess,
  id: number,
  ifMatch: string | undefined,
  at: Date,
): Promise<void> {
  const current = await currentForChange(tx, access, id, ifMatch);
  if (current.uses > 0 || (await everUsed(tx, id)))
    throw new ApiError(409, 'admin.promo-code-used', 'promoCodeId');
  await writePromoCodeState(tx, access.whiteLabel, id, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'promo-code',
    entityId: id,
    action: 'delete',
    before: { ...promoCodeStateOf(current) },
    after: { ...GONE },
  });
}

/** The revert's current state: `exists: false` when gone; 403 when the person may not touch it. */
export async function promoCodeStateForRevert(tx: Executor, access: StaffAccess, id: number) {
  const code = await readPromoCode(tx, access.whiteLabel, id, true);
  if (!code) return GONE;
  await assertOwnsRestos(tx, access, code.restoIds);
  return promoCodeStateOf(code);
}

/** A revert's write: the restaurants it restores must be the person's and still exist; its code still free. */
export async function restorePromoCode(
  tx: Executor,
  access: StaffAccess,
  id: number,
  state: Partial<PromoCodeAuditState>,
) {
  const fixed = { ...state };
  if (fixed.restoIds) {
    fixed.restoIds = await existingRestoIds(tx, access.whiteLabel, fixed.restoIds);
    await assertOwnsRestos(tx, access, fixed.restoIds);
  }
  if (fixed.exists !== false && fixed.code) await assertCodeFree(tx, access.whiteLabel, fixed.code, id);
  await writePromoCodeState(tx, access.whiteLabel, id, fixed);
}

/** The batch's codes as its audit entry names them: the campaign's codes between two ids, made in one go. */
export interface PromoBatchState {
  campaign: string;
  firstId: number;
  lastId: number;
  count: number;
  /** Whether any of its unused codes is active: a revert turns them all off, a revert of that back on. */
  unusedActive: boolean;
}

const batchCodes = (whiteLabel: string, state: Pick<PromoBatchState, 'campaign' | 'firstId' | 'lastId'>) =>
  and(
    eq(promoCodes.whiteLabelId, whiteLabel),
    eq(promoCodes.campaign, state.campaign),
    gte(promoCodes.id, state.firstId),
    lte(promoCodes.id, state.lastId),
    eq(promoCodes.usedCount, 0),
    sql`not exists (select 1 from ${orders} where ${orders.promoCodeId} = ${promoCodes.id})`,
  );

/** The batch as it is now; 403 unless the person has every restaurant its codes name. */
export async function promoBatchStateForRevert(
  tx: Executor,
  access: StaffAccess,
  recorded: Record<string, unknown>,
): Promise<PromoBatchState> {
  const state = recorded as unknown as PromoBatchState & { restoIds?: number[] };
  await assertOwnsRestos(tx, access, state.restoIds ?? []);
  const [active] = await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(batchCodes(access.whiteLabel, state), eq(promoCodes.active, true)))
    .limit(1);
  return { ...state, unusedActive: active !== undefined };
}

/** Turns the batch's unused codes off (or back on), each its version bumped. */
export async function restorePromoBatch(tx: Executor, whiteLabel: string, state: Partial<PromoBatchState>) {
  if (state.unusedActive === undefined || !state.campaign || !state.firstId || !state.lastId) return;
  await tx
    .update(promoCodes)
    .set({ active: state.unusedActive, version: sql`${promoCodes.version} + 1` })
    .where(
      batchCodes(whiteLabel, { campaign: state.campaign, firstId: state.firstId, lastId: state.lastId }),
    );
}
