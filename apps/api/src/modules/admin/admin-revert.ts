import { NOT_REVERTIBLE_ACTIONS } from '@storefront/domain';
import type { AdminAuditEntry, AdminBrandSettingsValue } from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { adminAuditLog } from '../../db/schema.ts';
import { assertMay } from './admin-access.ts';
import { type AuditRow, auditEntryOf, writeAuditEntry } from './admin-audit-log.ts';
import { bonusProgramStateForRevert, restoreBonusProgram } from './admin-bonus-program.ts';
import {
  type BrandPageState,
  brandSettingsStateOf,
  pageStateForRevert,
  writeBrandSettingsState,
  writePageState,
} from './admin-brand.ts';
import { type CityState, cityStateForRevert, writeCityState } from './admin-cities.ts';
import { type DishState, dishOrNotFound, dishStateOf, writeDishState } from './admin-dishes.ts';
import {
  dishOrderOf,
  type GroupState,
  groupOrderOf,
  groupOrNotFound,
  groupStateOf,
  writeDishOrder,
  writeGroupOrder,
  writeGroupState,
} from './admin-groups.ts';
import {
  type HoursState,
  hoursStateForRevert,
  restoreHoursState,
  restoreSpecialDayState,
  type SpecialDayState,
  specialDayStateForRevert,
} from './admin-hours.ts';
import { type MenuState, menuOfBrand, menuStateOf, writeMenuState } from './admin-menus.ts';
import {
  existingDishes,
  type ModifierGroupState,
  modifierGroupOfBrand,
  modifierGroupStateOf,
  writeModifierGroupState,
} from './admin-modifiers.ts';
import { bonusAdjustmentStateForRevert, revertBonusAdjustment } from './admin-order-bonus.ts';
import { photoUrlsOf, writePhotoUrls } from './admin-photos.ts';
import { type PosLinkAudit, posLinkStateForRevert, restorePosLinkState } from './admin-pos.ts';
import {
  promoBatchStateForRevert,
  promoCodeStateForRevert,
  restorePromoBatch,
  restorePromoCode,
} from './admin-promo-codes.ts';
import { promotionStateForRevert, restorePromotion } from './admin-promotions.ts';
import { type RestoState, restoreRestoState, restoStateForRevert } from './admin-restos.ts';
import { type StaffState, staffOrNotFound, staffStateOf, writeStaffState } from './admin-staff.ts';
import { type TimeSlotState, timeSlotStateForRevert, writeTimeSlotState } from './admin-time-slots.ts';
import { restoreZoneState, type ZoneState, zoneStateForRevert } from './admin-zones.ts';

/**
 * Undoing one audited change (decision 45), by compare: the row gets the entry's `before` back only while it still
 * holds the entry's `after`; once anyone changed it since, 409 admin.changed-since (a revert would silently undo
 * their change too). The revert is an audited change of its own, marks the entry it undid, and an entry is undone
 * once at most (409 admin.already-reverted). One transaction; the caller reloads the catalog after.
 *
 * Only the fields an entry holds are compared and restored: an entry written before a field became editable
 * (a dish's weight, group, order and tags came in the second slice) leaves that field as it is. A reorder is undone
 * the same way, by its list of ids; a group's creation is not undone (409 admin.not-revertible: hide it instead).
 * A staff account's change is undone by its owner only (403 admin.forbidden-role for a manager), under the same rules
 * as its PATCH (an active owner remains, an operator keeps restaurants); its creation and resets are not undone.
 * A time slot's deletion is undone too: its state holds `exists`, so the compare sees it gone and the slot comes
 * back under its id; menus' and modifier groups' creations are not undone. A restaurant's change is undone field by
 * field (its entry holds the fields it changed); a city's deletion brings the city back under its id. A delivery zone's deletion likewise
 * brings it back with its id and bands. A restaurant's link to the POS is linked or unlinked back (its state `{link}`).
 */
export async function revertEntry(
  tx: Executor,
  access: StaffAccess,
  entryId: number,
  at: Date,
): Promise<AdminAuditEntry> {
  const [entry] = await tx
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.id, entryId), eq(adminAuditLog.whiteLabelId, access.whiteLabel)))
    .for('update');
  if (!entry) throw new ApiError(404, 'admin.audit-entry-not-found', 'entryId');
  // A manager may undo menu changes, not an owner's change of an account (it could make someone owner).
  if (entry.entityKind === 'staff') assertMay(access, 'staff.manage');
  if (entry.revertedByEntryId !== null) throw new ApiError(409, 'admin.already-reverted', 'entryId');
  if (NOT_REVERTIBLE_ACTIONS.includes(entry.action))
    throw new ApiError(409, 'admin.not-revertible', 'entryId');
  const current = await currentState(tx, access, entry);
  const held = pick(current, entry.after);
  if (canonicalJson(held) !== canonicalJson(entry.after))
    throw new ApiError(409, 'admin.changed-since', 'entryId');
  const restored = pick(entry.before, entry.after);
  await restore(tx, access, entry, restored, at);
  const revert = await writeAuditEntry(tx, access, at, {
    entity: entry.entityKind,
    entityId: entry.entityId,
    action: 'revert',
    before: held,
    after: restored,
    revertsEntryId: entry.id,
  });
  await tx.update(adminAuditLog).set({ revertedByEntryId: revert.id }).where(eq(adminAuditLog.id, entry.id));
  return auditEntryOf(revert);
}

/** The fields of `state` that `shape` names. */
function pick(state: Record<string, unknown>, shape: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(shape).map((key) => [key, state[key]]));
}

async function currentState(
  tx: Executor,
  access: StaffAccess,
  entry: AuditRow,
): Promise<Record<string, unknown>> {
  switch (entry.entityKind) {
    case 'dish':
      return {
        ...dishStateOf(await dishOrNotFound(tx, access.whiteLabel, entry.entityId, true)),
        photos: await photoUrlsOf(tx, access.whiteLabel, 'dish', entry.entityId),
      };
    case 'group':
      return {
        ...groupStateOf(await groupOrNotFound(tx, access.whiteLabel, entry.entityId, true)),
        photos: await photoUrlsOf(tx, access.whiteLabel, 'group', entry.entityId),
      };
    case 'menu-group-order':
      return { groupIds: await groupOrderOf(tx, entry.entityId) };
    case 'group-dish-order':
      await groupOrNotFound(tx, access.whiteLabel, entry.entityId, true);
      return { positionIds: await dishOrderOf(tx, entry.entityId) };
    case 'staff':
      return { ...staffStateOf(await staffOrNotFound(tx, access.whiteLabel, entry.entityId, true)) };
    case 'menu':
      return { ...menuStateOf(await menuOfBrand(tx, access.whiteLabel, entry.entityId, true)) };
    case 'modifier-group':
      return {
        ...modifierGroupStateOf(await modifierGroupOfBrand(tx, access.whiteLabel, entry.entityId, true)),
      };
    case 'time-slot':
      return { ...(await timeSlotStateForRevert(tx, access.whiteLabel, entry.entityId)) };
    case 'brand-settings':
      assertMay(access, 'brand.manage');
      return brandSettingsStateOf(tx, access.whiteLabel);
    case 'brand-page':
      assertMay(access, 'brand.manage');
      return { ...(await pageStateForRevert(tx, access.whiteLabel, entry.entityId)) };
    // Promotions and promo codes (decision 53): a person reverts only rows whose restaurants are all theirs.
    case 'promotion':
      assertMay(access, 'marketing.write');
      return { ...(await promotionStateForRevert(tx, access, entry.entityId)) };
    case 'promo-code':
      assertMay(access, 'marketing.write');
      return { ...(await promoCodeStateForRevert(tx, access, entry.entityId)) };
    case 'promo-code-batch':
      assertMay(access, 'marketing.write');
      return { ...(await promoBatchStateForRevert(tx, access, entry.after)) };
    case 'resto':
      // As its PATCH: an operator changes no restaurant, a person only the restaurants of their account.
      assertMay(access, 'restos.write');
      return { ...(await restoStateForRevert(tx, access, entry.entityId)) };
    case 'city':
      assertMay(access, 'cities.write');
      return { ...(await cityStateForRevert(tx, access.whiteLabel, entry.entityId)) };
    case 'zone':
      return { ...(await zoneStateForRevert(tx, access, entry.entityId)) };
    case 'opening-hours':
      // As the PUT: the restaurant must be the person's.
      assertMay(access, 'restos.write');
      return { ...(await hoursStateForRevert(tx, access, entry.entityId)) };
    case 'special-day':
      assertMay(access, 'restos.write');
      return { ...(await specialDayStateForRevert(tx, access, entry.entityId)) };
    case 'menu-import':
      // A menu file's import is refused above (its action 'import' is not revertible): import the older file.
      throw new ApiError(409, 'admin.not-revertible', 'entryId');
    case 'pos-link':
      // As its PUT: owners and managers, the restaurant theirs.
      assertMay(access, 'pos.manage');
      return { ...(await posLinkStateForRevert(tx, access, entry.entityId)) };
    // Bonus points (decision 55): as their calls, the program owners only, adjustments managers and owners.
    case 'bonus-program':
      assertMay(access, 'bonus.manage');
      return bonusProgramStateForRevert(tx, access.whiteLabel);
    case 'bonus-adjustment':
      return bonusAdjustmentStateForRevert(tx, access, entry.entityId, entry.after);
    case 'order-refund':
      throw new ApiError(409, 'admin.not-revertible', 'entryId');
  }
}

async function restore(
  tx: Executor,
  access: StaffAccess,
  entry: AuditRow,
  state: Record<string, unknown>,
  at: Date,
) {
  switch (entry.entityKind) {
    case 'dish': {
      // A photo entry (decision 46) holds only the list of photos.
      const { photos, ...dish } = state;
      if (photos !== undefined) await writePhotoUrls(tx, 'dish', entry.entityId, photos as string[]);
      if (Object.keys(dish).length > 0) await writeDishState(tx, entry.entityId, dish as Partial<DishState>);
      return;
    }
    case 'group': {
      const { photos, ...group } = state;
      if (photos !== undefined) await writePhotoUrls(tx, 'group', entry.entityId, photos as string[]);
      if (Object.keys(group).length > 0)
        await writeGroupState(tx, access.whiteLabel, entry.entityId, group as Partial<GroupState>);
      return;
    }
    case 'menu-group-order':
      await writeGroupOrder(tx, state.groupIds as number[]);
      return;
    case 'group-dish-order':
      await writeDishOrder(tx, state.positionIds as number[]);
      return;
    case 'staff':
      await writeStaffState(tx, access.whiteLabel, entry.entityId, state as Partial<StaffState>, at);
      return;
    case 'menu':
      await writeMenuState(tx, access.whiteLabel, entry.entityId, state as Partial<MenuState>);
      return;
    case 'modifier-group': {
      // A dish deleted since is left out of the restored set of dishes.
      const group = state as Partial<ModifierGroupState>;
      const positionIds = group.positionIds ? await existingDishes(tx, group.positionIds) : undefined;
      await writeModifierGroupState(tx, access.whiteLabel, entry.entityId, {
        ...group,
        ...(positionIds ? { positionIds } : {}),
      });
      return;
    }
    case 'promotion':
      await restorePromotion(tx, access, entry.entityId, state);
      return;
    case 'promo-code':
      await restorePromoCode(tx, access, entry.entityId, state);
      return;
    case 'promo-code-batch':
      await restorePromoBatch(tx, access.whiteLabel, state);
      return;
    case 'time-slot': {
      const slot = state as Partial<TimeSlotState>;
      const positionIds = slot.positionIds ? await existingDishes(tx, slot.positionIds) : undefined;
      await writeTimeSlotState(tx, access.whiteLabel, entry.entityId, {
        ...slot,
        ...(positionIds ? { positionIds } : {}),
      });
      return;
    }
    case 'zone':
      await restoreZoneState(tx, access, entry.entityId, state as Partial<ZoneState>);
      return;
    case 'resto':
      await restoreRestoState(tx, access, entry.entityId, state as Partial<RestoState>);
      return;
    case 'city':
      await writeCityState(tx, access.whiteLabel, entry.entityId, state as Partial<CityState>);
      return;
    case 'brand-settings':
      await writeBrandSettingsState(tx, access.whiteLabel, state as Partial<AdminBrandSettingsValue>);
      return;
    case 'brand-page':
      await writePageState(tx, access.whiteLabel, entry.entityId, state as Partial<BrandPageState>);
      return;
    case 'opening-hours':
      await restoreHoursState(tx, entry.entityId, state as Partial<HoursState>);
      return;
    case 'special-day':
      await restoreSpecialDayState(tx, access, entry.entityId, state as Partial<SpecialDayState>);
      return;
    case 'menu-import':
      return;
    case 'pos-link':
      await restorePosLinkState(tx, access, entry.entityId, state as Partial<PosLinkAudit>, at);
      return;
    case 'bonus-program':
      await restoreBonusProgram(tx, access.whiteLabel, state, at);
      return;
    case 'bonus-adjustment':
      // The ledger's rows are never changed: the opposite adjustment undoes it.
      await revertBonusAdjustment(tx, access, entry.after, at);
      return;
    case 'order-refund':
      throw new ApiError(409, 'admin.not-revertible', 'entryId');
  }
}
