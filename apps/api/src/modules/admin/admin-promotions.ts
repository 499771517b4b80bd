import type { LocalizedText, Minor } from '@storefront/domain';
import type {
  AdminPromotion,
  AdminPromotionCreate,
  AdminPromotionGift,
  AdminPromotionPatch,
  PromotionState,
} from '@storefront/domain/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { menus, positions, promotionRestos, promotions } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { assertOwnsRestos, brandRestoIds, existingRestoIds, sameInstants } from './admin-marketing-scope.ts';
import { assertBrandDishList, checkIfMatch } from './admin-menus.ts';

/**
 * Promotions in the back office: the home carousel's slides. Versioned under If-Match, audited in the change's
 * transaction; a change and a deletion are revertible (the state holds `exists`, so a deleted promotion comes back
 * under its id). A person touches only promotions whose restaurants are all theirs (admin-marketing-scope.ts).
 * A gift promotion (decision 56) is a slide with terms: from which sum, the brand's dishes to choose from, and
 * whether it mixes with a promo code or points; `gift: null` makes it a banner again.
 */

/** What the audit log keeps of a promotion; `exists: false` is a deleted one. */
export interface PromotionAuditState {
  exists: boolean;
  title: LocalizedText;
  text: LocalizedText;
  image: string | null;
  priority: number;
  startsAt: string | null;
  endsAt: string | null;
  linkMenuId: number | null;
  linkPositionId: number | null;
  isPublished: boolean;
  restoIds: number[];
  /** Null: a banner; absent in entries written before gifts. */
  gift?: AdminPromotionGift | null;
}

const GONE: PromotionAuditState = {
  exists: false,
  title: { ru: '' },
  text: { ru: '' },
  image: null,
  priority: 0,
  startsAt: null,
  endsAt: null,
  linkMenuId: null,
  linkPositionId: null,
  isPublished: false,
  restoIds: [],
  gift: null,
};

export const promotionStateOf = (p: AdminPromotion): PromotionAuditState => ({
  exists: true,
  title: p.title,
  text: p.text,
  image: p.image,
  priority: p.priority,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  linkMenuId: p.linkMenuId,
  linkPositionId: p.linkPositionId,
  isPublished: p.isPublished,
  restoIds: p.restoIds,
  gift: p.gift ? { ...p.gift, positionIds: [...p.gift.positionIds] } : null,
});

type PromotionRow = typeof promotions.$inferSelect;

/** Where a window stands against `nowMs`: ended at or after its end, scheduled before its start. */
export function promotionStateAt(
  window: { startsAt: string | null; endsAt: string | null },
  nowMs: number,
): PromotionState {
  if (window.endsAt !== null && Date.parse(window.endsAt) <= nowMs) return 'ended';
  if (window.startsAt !== null && Date.parse(window.startsAt) > nowMs) return 'scheduled';
  return 'active';
}

async function withRestos(db: Executor, rows: PromotionRow[], nowMs: number): Promise<AdminPromotion[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(promotionRestos)
    .where(
      inArray(
        promotionRestos.promotionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(promotionRestos.restoId));
  return rows.map((row) => {
    const window = {
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
    };
    return {
      id: row.id,
      title: row.title,
      text: row.text,
      image: row.image,
      priority: row.priority,
      ...window,
      linkMenuId: row.linkMenuId,
      linkPositionId: row.linkPositionId,
      isPublished: row.isPublished,
      restoIds: links.filter((l) => l.promotionId === row.id).map((l) => l.restoId),
      kind: row.kind,
      gift:
        row.kind === 'gift' && row.giftMinSum !== null
          ? {
              minSum: row.giftMinSum,
              positionIds: row.giftPositionIds,
              withPromoCode: row.giftWithPromoCode,
              withBonus: row.giftWithBonus,
            }
          : null,
      state: promotionStateAt(window, nowMs),
      version: row.version,
    };
  });
}

const lower = (text: LocalizedText) => `${text.ru} ${text.en ?? ''}`.toLowerCase();

/** The brand's promotions, highest priority first; `search` matches words of the titles and texts. */
export async function listPromotions(
  db: Executor,
  whiteLabel: string,
  query: { search?: string | undefined; state?: PromotionState | undefined },
  nowMs: number,
): Promise<AdminPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(eq(promotions.whiteLabelId, whiteLabel))
    .orderBy(desc(promotions.priority), asc(promotions.id));
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (await withRestos(db, rows, nowMs)).filter(
    (p) =>
      (query.state === undefined || p.state === query.state) &&
      words.every((word) => `${lower(p.title)} ${lower(p.text)}`.includes(word)),
  );
}

async function readPromotion(db: Executor, whiteLabel: string, id: number, nowMs: number, lock = false) {
  const query = db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? ((await withRestos(db, [row], nowMs))[0] ?? null) : null;
}

export async function promotionOfBrand(
  db: Executor,
  whiteLabel: string,
  id: number,
  nowMs: number,
  lock = false,
): Promise<AdminPromotion> {
  const promotion = await readPromotion(db, whiteLabel, id, nowMs, lock);
  if (!promotion) throw new ApiError(404, 'promotion.not-found', 'promotionId');
  return promotion;
}

/** The link names the brand's menu, and a dish of that menu; a dish needs its menu. */
async function assertLink(db: Executor, whiteLabel: string, state: PromotionAuditState) {
  if (state.linkMenuId === null) {
    if (state.linkPositionId !== null)
      throw new ApiError(422, 'admin.promotion-link-invalid', 'linkPositionId');
    return;
  }
  const [menu] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, state.linkMenuId), eq(menus.whiteLabelId, whiteLabel)));
  if (!menu) throw new ApiError(422, 'menu.not-found', 'linkMenuId');
  if (state.linkPositionId === null) return;
  const [dish] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.id, state.linkPositionId), eq(positions.menuId, state.linkMenuId)));
  if (!dish) throw new ApiError(422, 'admin.promotion-link-invalid', 'linkPositionId');
}

function assertWindow(state: { startsAt: string | null; endsAt: string | null }) {
  if (
    state.startsAt !== null &&
    state.endsAt !== null &&
    Date.parse(state.endsAt) <= Date.parse(state.startsAt)
  )
    throw new ApiError(422, 'admin.ends-before-start', 'endsAt');
}

const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));

/** The columns of a gift's terms; null: a banner, its terms cleared. */
const giftColumns = (gift: AdminPromotionGift | null) =>
  gift
    ? {
        kind: 'gift' as const,
        giftMinSum: gift.minSum as Minor,
        giftPositionIds: [...gift.positionIds],
        giftWithPromoCode: gift.withPromoCode,
        giftWithBonus: gift.withBonus,
      }
    : {
        kind: 'banner' as const,
        giftMinSum: null,
        giftPositionIds: [],
        giftWithPromoCode: false,
        giftWithBonus: true,
      };

/** 422 admin.dish-not-found (field gift.positionIds.N) unless every gift dish is the brand's. */
async function assertGift(db: Executor, whiteLabel: string, gift: AdminPromotionGift | null | undefined) {
  if (gift) await assertBrandDishList(db, whiteLabel, gift.positionIds, 'gift.positionIds');
}

/** Writes `state` whole and bumps the version; `exists: false` deletes, `exists: true` for a gone one re-creates. */
export async function writePromotionState(
  tx: Executor,
  whiteLabel: string,
  id: number,
  state: Partial<PromotionAuditState>,
): Promise<void> {
  if (state.exists === false) {
    await tx.delete(promotions).where(eq(promotions.id, id));
    return;
  }
  const { exists: _exists, restoIds, startsAt, endsAt, gift, ...columns } = state;
  const times = {
    ...(startsAt !== undefined ? { startsAt: dateOf(startsAt) } : {}),
    ...(endsAt !== undefined ? { endsAt: dateOf(endsAt) } : {}),
    ...(gift !== undefined ? giftColumns(gift) : {}),
  };
  const [updated] = await tx
    .update(promotions)
    .set({ ...columns, ...times, version: sql`${promotions.version} + 1` })
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id });
  if (!updated)
    await tx.insert(promotions).values({
      id,
      whiteLabelId: whiteLabel,
      title: columns.title ?? { ru: '' },
      text: columns.text ?? { ru: '' },
      ...columns,
      ...times,
    });
  if (restoIds) {
    await tx.delete(promotionRestos).where(eq(promotionRestos.promotionId, id));
    if (restoIds.length > 0)
      await tx.insert(promotionRestos).values(restoIds.map((restoId) => ({ promotionId: id, restoId })));
  }
}

/** A new promotion; audited 'create' (not revertible: delete it instead, which is). */
export async function createPromotion(
  tx: Executor,
  access: StaffAccess,
  input: AdminPromotionCreate,
  at: Date,
): Promise<AdminPromotion> {
  const restoIds = await brandRestoIds(tx, access.whiteLabel, input.restoIds);
  await assertOwnsRestos(tx, access, restoIds);
  const state: PromotionAuditState = { ...GONE, ...input, exists: true, image: null, restoIds };
  assertWindow(state);
  await assertLink(tx, access.whiteLabel, state);
  await assertGift(tx, access.whiteLabel, state.gift);
  const [row] = await tx
    .insert(promotions)
    .values({ whiteLabelId: access.whiteLabel, title: state.title, text: state.text })
    .returning({ id: promotions.id });
  if (!row) throw new Error('no promotion');
  await writePromotionState(tx, access.whiteLabel, row.id, state);
  await tx.update(promotions).set({ version: 1 }).where(eq(promotions.id, row.id));
  const promotion = await promotionOfBrand(tx, access.whiteLabel, row.id, at.getTime());
  await writeAuditEntry(tx, access, at, {
    entity: 'promotion',
    entityId: row.id,
    action: 'create',
    before: {},
    after: { ...promotionStateOf(promotion) },
  });
  return promotion;
}

/** The promotion as it is, locked and under If-Match, after checking the person may touch it. */
async function currentForChange(
  tx: Executor,
  access: StaffAccess,
  id: number,
  ifMatch: string | undefined,
  at: Date,
) {
  const current = await promotionOfBrand(tx, access.whiteLabel, id, at.getTime(), true);
  await assertOwnsRestos(tx, access, current.restoIds);
  checkIfMatch(ifMatch, current);
  return current;
}

async function changePromotion(
  tx: Executor,
  access: StaffAccess,
  current: AdminPromotion,
  after: PromotionAuditState,
  at: Date,
): Promise<AdminPromotion> {
  const before = promotionStateOf(current);
  await writePromotionState(tx, access.whiteLabel, current.id, after);
  await writeAuditEntry(tx, access, at, {
    entity: 'promotion',
    entityId: current.id,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return promotionOfBrand(tx, access.whiteLabel, current.id, at.getTime());
}

/** PATCH under If-Match; the new restaurants must be the person's too. */
export async function patchPromotion(
  tx: Executor,
  access: StaffAccess,
  id: number,
  ifMatch: string | undefined,
  patch: AdminPromotionPatch,
  at: Date,
): Promise<AdminPromotion> {
  const current = await currentForChange(tx, access, id, ifMatch, at);
  const defined = Object.fromEntries(
    Object.entries(sameInstants(patch)).filter(([, value]) => value !== undefined),
  );
  const after: PromotionAuditState = { ...promotionStateOf(current), ...defined };
  if (patch.restoIds) {
    after.restoIds = await brandRestoIds(tx, access.whiteLabel, patch.restoIds);
    await assertOwnsRestos(tx, access, after.restoIds);
  }
  // Another menu drops a dish of the old one unless the patch names one.
  if (
    patch.linkMenuId !== undefined &&
    patch.linkPositionId === undefined &&
    patch.linkMenuId !== current.linkMenuId
  )
    after.linkPositionId = null;
  assertWindow(after);
  await assertLink(tx, access.whiteLabel, after);
  if (patch.gift) await assertGift(tx, access.whiteLabel, patch.gift);
  return changePromotion(tx, access, current, after, at);
}

/** The picture set (an upload's URL, its variants already stored) or taken off (null), under If-Match. */
export async function setPromotionPicture(
  tx: Executor,
  access: StaffAccess,
  id: number,
  ifMatch: string | undefined,
  image: string | null,
  at: Date,
): Promise<AdminPromotion> {
  const current = await currentForChange(tx, access, id, ifMatch, at);
  if (current.image === image) return current;
  return changePromotion(tx, access, current, { ...promotionStateOf(current), image }, at);
}

/** DELETE under If-Match; revertible: the promotion comes back under its id. */
export async function deletePromotion(
  tx: Executor,
  access: StaffAccess,
  id: number,
  ifMatch: string | undefined,
  at: Date,
): Promise<void> {
  const current = await currentForChange(tx, access, id, ifMatch, at);
  await writePromotionState(tx, access.whiteLabel, id, { exists: false });
  await writeAuditEntry(tx, access, at, {
    entity: 'promotion',
    entityId: id,
    action: 'delete',
    before: { ...promotionStateOf(current) },
    after: { ...GONE },
  });
}

/** The revert's current state: `exists: false` when gone; 403 when the person may not touch it. */
export async function promotionStateForRevert(tx: Executor, access: StaffAccess, id: number) {
  // The clock only places it (its `state`), which the audit state leaves out.
  const promotion = await readPromotion(tx, access.whiteLabel, id, 0, true);
  if (!promotion) return GONE;
  await assertOwnsRestos(tx, access, promotion.restoIds);
  return promotionStateOf(promotion);
}

/**
 * A revert's write: the restaurants it restores must be the person's; a restaurant, menu or dish deleted since is
 * left out (the row cannot name it).
 */
export async function restorePromotion(
  tx: Executor,
  access: StaffAccess,
  id: number,
  state: Partial<PromotionAuditState>,
) {
  const fixed = { ...state };
  if (fixed.restoIds) {
    fixed.restoIds = await existingRestoIds(tx, access.whiteLabel, fixed.restoIds);
    await assertOwnsRestos(tx, access, fixed.restoIds);
  }
  if (fixed.linkMenuId) {
    const [menu] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.id, fixed.linkMenuId));
    if (!menu) fixed.linkMenuId = null;
  }
  if (fixed.linkPositionId) {
    const [dish] = await tx
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.id, fixed.linkPositionId));
    if (!dish || fixed.linkMenuId === null) fixed.linkPositionId = null;
  }
  if (fixed.gift) {
    // A gift dish deleted since is left out; a gift left with none is a banner again.
    const kept = fixed.gift.positionIds.length
      ? await tx
          .select({ id: positions.id })
          .from(positions)
          .where(inArray(positions.id, fixed.gift.positionIds))
      : [];
    const ids = new Set(kept.map((row) => row.id));
    const positionIds = fixed.gift.positionIds.filter((dishId) => ids.has(dishId));
    fixed.gift = positionIds.length > 0 ? { ...fixed.gift, positionIds } : null;
  }
  await writePromotionState(tx, access.whiteLabel, id, fixed);
}
