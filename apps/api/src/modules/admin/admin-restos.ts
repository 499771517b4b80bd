import {
  CUSTOMER_DELIVERY_METHODS,
  type CustomerDeliveryMethod,
  type DelayMinutes,
  ERROR_MESSAGES,
  type Locale,
  type LocalizedText,
  minor,
  ONLINE_PAY_METHODS,
  type OnlinePayMethod,
  type PayEngine,
  type PaymentOptions,
  pickText,
  type ReviewLinks,
  reviewLinkFits,
  weekProblem,
} from '@storefront/domain';
import type {
  AdminHoursDay,
  AdminPreOrders,
  AdminPreOrdersInput,
  AdminResto,
  AdminRestoCreate,
  AdminRestoPatch,
} from '@storefront/domain/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import { cities, menus, preOrderSettings, restoCities, restoMenus, restos } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { checkIfMatch, sortedIds } from './admin-menus.ts';

type PreOrderRow = typeof preOrderSettings.$inferSelect;
type PreOrder = NonNullable<AdminPreOrders[CustomerDeliveryMethod]>;

/**
 * The brand's restaurants in the back office: every field the storefront shows of one but its hours, special days
 * and zones. Versioned under If-Match, one audit entry per change holding the fields it changed (so undoing a rename
 * does not trip over a later change of the phones), revertible. Restaurants are never deleted (their orders keep
 * them): unpublishing takes one off the storefront. The catalog_revision trigger covers every table written here.
 */

export interface RestoState {
  name: LocalizedText;
  address: LocalizedText;
  street: LocalizedText;
  description: LocalizedText;
  location: { lat: number; lng: number };
  phones: string[];
  emails: string[];
  links: string[];
  timezone: string;
  averageCheck: number;
  isDelivery: boolean;
  isTakeAway: boolean;
  payDelivery: PaymentOptions;
  payTakeAway: PaymentOptions;
  payEngine: PayEngine;
  /** The online methods the restaurant's shop has enabled (decision 55), card first. */
  onlineMethods: OnlinePayMethod[];
  takeAwayMinutes: number;
  takeAwayMaxOrderSum: number | null;
  /** The most orders of each method a 15-minute slot holds; null: no limit (decision 56). */
  slotCapacity: AdminResto['slotCapacity'];
  /** The automatic delay: threshold null is off. */
  autoDelay: AdminResto['autoDelay'];
  preOrder: AdminPreOrders;
  /** The map listings a pleased customer is invited to review it on (decision 57). */
  reviewLinks: ReviewLinks;
  menuIds: number[];
  cityId: number | null;
  isPublished: boolean;
  orderCode: string | null;
  /** Only in a photo entry (decision 46's photo-add / photo-remove): the list of photo URLs. */
  photos?: string[];
}

const STATE_KEYS = [
  'name',
  'address',
  'street',
  'description',
  'location',
  'phones',
  'emails',
  'links',
  'timezone',
  'averageCheck',
  'isDelivery',
  'isTakeAway',
  'payDelivery',
  'payTakeAway',
  'payEngine',
  'onlineMethods',
  'takeAwayMinutes',
  'takeAwayMaxOrderSum',
  'slotCapacity',
  'autoDelay',
  'preOrder',
  'reviewLinks',
  'menuIds',
  'cityId',
  'isPublished',
  'orderCode',
] as const satisfies readonly (keyof RestoState)[];

export const restoStateOf = (resto: AdminResto): RestoState =>
  Object.fromEntries(STATE_KEYS.map((key) => [key, resto[key]])) as unknown as RestoState;

type RestoRow = typeof restos.$inferSelect;
type CityBounds = typeof cities.$inferSelect;

/** The pin outside its city's bounds: allowed (a restaurant on the ring road), but said. */
function warningsOf(row: RestoRow, city: CityBounds | undefined, locale: Locale) {
  if (!city) return [];
  const inside =
    row.lat >= city.southWestLat &&
    row.lat <= city.northEastLat &&
    row.lng >= city.southWestLng &&
    row.lng <= city.northEastLng;
  if (inside) return [];
  const code = 'admin.resto-outside-city';
  return [{ code, message: pickText(ERROR_MESSAGES[code], locale), field: 'location' }];
}

/** A week as the back office reads it: Monday first, an absent break as null (so a revert's compare matches). */
const weekOut = (days: readonly AdminHoursDay[]): AdminHoursDay[] =>
  [...days]
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
    .map((day) => ({
      dayOfWeek: day.dayOfWeek,
      active: day.active,
      open: day.open,
      close: day.close,
      breakFrom: day.breakFrom && day.breakTo ? day.breakFrom : null,
      breakTo: day.breakFrom && day.breakTo ? day.breakTo : null,
    }));

/** A week as the catalog reads it (the opening hours' shape: no break, no break fields). */
const weekStored = (days: readonly AdminHoursDay[]) =>
  weekOut(days).map(({ breakFrom, breakTo, ...day }) =>
    breakFrom && breakTo ? { ...day, breakFrom, breakTo } : day,
  );

const preOrderOfRow = (row: PreOrderRow | undefined): PreOrder | null =>
  row
    ? {
        enabled: row.isEnabled,
        minTimeMinutes: row.minTimeMinutes,
        dayInAdvance: row.dayInAdvance,
        hours: row.hours ? weekOut(row.hours) : null,
      }
    : null;

/**
 * A change's pre-orders as they will be held, over the current ones: a method not named stays, null switches it
 * off with its settings kept, settings switch it on (hours not named: kept).
 */
function preOrdersAfter(current: AdminPreOrders, input: Partial<AdminPreOrdersInput>): AdminPreOrders {
  const next = { ...current };
  for (const method of CUSTOMER_DELIVERY_METHODS) {
    const wanted = input[method];
    const was = current[method];
    if (wanted === undefined) continue;
    if (wanted === null) next[method] = was ? { ...was, enabled: false } : null;
    else
      next[method] = {
        enabled: true,
        minTimeMinutes: wanted.minTimeMinutes,
        dayInAdvance: wanted.dayInAdvance,
        hours: wanted.hours === undefined ? (was?.hours ?? null) : wanted.hours && weekOut(wanted.hours),
      };
  }
  return next;
}

/** 422 with the field (preOrder.DELIVERY.hours.2.breakFrom) unless each own week keeps the opening hours' rules. */
function assertPreOrderHours(input: Partial<AdminPreOrdersInput> | undefined) {
  for (const method of CUSTOMER_DELIVERY_METHODS) {
    const hours = input?.[method]?.hours;
    const problem = hours ? weekProblem(hours, `preOrder.${method}.hours.`) : null;
    if (problem) throw new ApiError(422, problem.code, problem.field);
  }
}

async function assemble(db: Executor, rows: RestoRow[], locale: Locale): Promise<AdminResto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const cityLinks = await db.select().from(restoCities).where(inArray(restoCities.restoId, ids));
  const menuLinks = await db.select().from(restoMenus).where(inArray(restoMenus.restoId, ids));
  const preOrders = await db.select().from(preOrderSettings).where(inArray(preOrderSettings.restoId, ids));
  const cityIds = sortedIds(cityLinks.map((l) => l.cityId));
  const cityRows = cityIds.length ? await db.select().from(cities).where(inArray(cities.id, cityIds)) : [];
  return rows.map((row) => {
    const cityId = sortedIds(cityLinks.filter((l) => l.restoId === row.id).map((l) => l.cityId))[0] ?? null;
    const preOrderOf = (type: CustomerDeliveryMethod) =>
      preOrderOfRow(preOrders.find((p) => p.restoId === row.id && p.type === type));
    return {
      id: row.id,
      name: row.name,
      address: row.address,
      street: row.street,
      description: row.description,
      location: { lat: row.lat, lng: row.lng },
      phones: row.phones,
      emails: row.emails,
      links: row.links,
      timezone: row.timezone,
      averageCheck: row.averageCheck,
      isDelivery: row.isDelivery,
      isTakeAway: row.isTakeAway,
      payDelivery: row.payDelivery,
      payTakeAway: row.payTakeAway,
      payEngine: row.payEngine,
      onlineMethods: methodsInOrder(row.onlineMethods),
      takeAwayMinutes: row.takeAwayMinutes,
      takeAwayMaxOrderSum: row.takeAwayMaxOrderSum,
      slotCapacity: { DELIVERY: row.slotCapacityDelivery, TAKE_AWAY: row.slotCapacityTakeAway },
      autoDelay: {
        threshold: row.autoDelayThreshold,
        minutes: row.autoDelayMinutes as DelayMinutes,
      },
      preOrder: { DELIVERY: preOrderOf('DELIVERY'), TAKE_AWAY: preOrderOf('TAKE_AWAY') },
      reviewLinks: { yandexMaps: row.reviewLinks.yandexMaps ?? null, twoGis: row.reviewLinks.twoGis ?? null },
      menuIds: sortedIds(menuLinks.filter((l) => l.restoId === row.id).map((l) => l.menuId)),
      cityId,
      isPublished: row.isPublished,
      orderCode: row.orderCode,
      photos: row.photos,
      warnings: warningsOf(
        row,
        cityRows.find((c) => c.id === cityId),
        locale,
      ),
      version: row.version,
    };
  });
}

/** The restaurants the person may see (a manager's own, as the board scopes them), unpublished ones too. */
export async function listRestos(db: Executor, access: StaffAccess, locale: Locale): Promise<AdminResto[]> {
  if (access.restoIds.length === 0) return [];
  const rows = await db
    .select()
    .from(restos)
    .where(and(eq(restos.whiteLabelId, access.whiteLabel), inArray(restos.id, access.restoIds)))
    .orderBy(asc(restos.order), asc(restos.id));
  return assemble(db, rows, locale);
}

/**
 * One restaurant of the brand the person may see, locked for the change when `lock`: 404 resto.not-found for
 * another brand's, 403 staff.forbidden-resto for one of the brand outside the person's.
 */
export async function restoOfBrand(
  db: Executor,
  access: StaffAccess,
  restoId: number,
  locale: Locale,
  lock = false,
): Promise<AdminResto> {
  const query = db
    .select()
    .from(restos)
    .where(and(eq(restos.id, restoId), eq(restos.whiteLabelId, access.whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'resto.not-found', 'restoId');
  assertRestoAccess(access, restoId);
  const [resto] = await assemble(db, [row], locale);
  if (!resto) throw new Error('no resto');
  return resto;
}

/** 422 admin.review-link-invalid on reviewLinks.yandexMaps or reviewLinks.twoGis: each an https link to its service. */
function assertReviewLinks(links: Partial<ReviewLinks> | undefined) {
  for (const kind of ['yandexMaps', 'twoGis'] as const) {
    const url = links?.[kind];
    if (url && !reviewLinkFits(kind, url))
      throw new ApiError(422, 'admin.review-link-invalid', `reviewLinks.${kind}`);
  }
}

/** 422 with the field unless the menus and the city are the brand's and the order letters are free. */
async function assertReferences(
  db: Executor,
  whiteLabel: string,
  restoId: number | null,
  state: Partial<RestoState>,
) {
  if (state.menuIds && state.menuIds.length > 0) {
    const wanted = sortedIds(state.menuIds);
    const found = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(inArray(menus.id, wanted), eq(menus.whiteLabelId, whiteLabel)));
    if (found.length !== wanted.length) throw new ApiError(422, 'admin.menu-not-found', 'menuIds');
  }
  if (state.cityId !== undefined && state.cityId !== null) {
    const [city] = await db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.id, state.cityId), eq(cities.whiteLabelId, whiteLabel)));
    if (!city) throw new ApiError(422, 'admin.city-not-found', 'cityId');
  }
  if (state.orderCode) {
    const [taken] = await db
      .select({ id: restos.id })
      .from(restos)
      .where(
        and(
          eq(restos.whiteLabelId, whiteLabel),
          eq(restos.orderCode, state.orderCode),
          ...(restoId === null ? [] : [ne(restos.id, restoId)]),
        ),
      );
    if (taken) throw new ApiError(422, 'admin.resto-order-code-taken', 'orderCode');
  }
}

/** A shop name of blanks is no online card payment. */
const payOptions = (options: PaymentOptions): PaymentOptions => ({
  ...options,
  cardOnline: options.cardOnline?.trim() ? options.cardOnline.trim() : null,
});

/**
 * Online methods in one order (card, SBP, SberPay), so a form that ticks them in another order changes nothing
 * and the audit's before and after compare as lists.
 */
const methodsInOrder = (methods: readonly OnlinePayMethod[]): OnlinePayMethod[] =>
  ONLINE_PAY_METHODS.filter((m) => methods.includes(m));

/** The state's fields as they are stored: pay options' blank shop names as null, lists of ids sorted. */
function normalized(input: Partial<Record<keyof RestoState, unknown>>): Partial<RestoState> {
  const state = { ...input } as Partial<RestoState>;
  if (state.payDelivery) state.payDelivery = payOptions(state.payDelivery);
  if (state.payTakeAway) state.payTakeAway = payOptions(state.payTakeAway);
  if (state.onlineMethods) state.onlineMethods = methodsInOrder(state.onlineMethods);
  if (state.menuIds) state.menuIds = sortedIds(state.menuIds);
  return state;
}

/**
 * Writes the fields of `state` it holds and bumps the version: the city and the menus as whole sets, a method's
 * pre-order row written whole (switched off: enabled false), or removed when null.
 */
export async function writeRestoState(tx: Executor, restoId: number, state: Partial<RestoState>) {
  const {
    location,
    preOrder,
    menuIds,
    cityId,
    averageCheck,
    takeAwayMaxOrderSum,
    slotCapacity,
    autoDelay,
    ...columns
  } = state;
  await tx
    .update(restos)
    .set({
      ...columns,
      ...(averageCheck === undefined ? {} : { averageCheck: minor(averageCheck) }),
      ...(takeAwayMaxOrderSum === undefined
        ? {}
        : { takeAwayMaxOrderSum: takeAwayMaxOrderSum === null ? null : minor(takeAwayMaxOrderSum) }),
      ...(location ? { lat: location.lat, lng: location.lng } : {}),
      ...(slotCapacity
        ? { slotCapacityDelivery: slotCapacity.DELIVERY, slotCapacityTakeAway: slotCapacity.TAKE_AWAY }
        : {}),
      ...(autoDelay ? { autoDelayThreshold: autoDelay.threshold, autoDelayMinutes: autoDelay.minutes } : {}),
      version: sql`${restos.version} + 1`,
    })
    .where(eq(restos.id, restoId));
  if (cityId !== undefined) {
    await tx.delete(restoCities).where(eq(restoCities.restoId, restoId));
    if (cityId !== null) await tx.insert(restoCities).values({ restoId, cityId });
  }
  if (menuIds) {
    await tx.delete(restoMenus).where(eq(restoMenus.restoId, restoId));
    if (menuIds.length > 0)
      await tx.insert(restoMenus).values(sortedIds(menuIds).map((menuId) => ({ restoId, menuId })));
  }
  for (const type of CUSTOMER_DELIVERY_METHODS) {
    const wanted = preOrder?.[type];
    if (wanted === undefined) continue;
    const row = and(eq(preOrderSettings.restoId, restoId), eq(preOrderSettings.type, type));
    // The state holds what is kept: null is no row at all (a change switching one off holds enabled false).
    if (wanted === null) {
      await tx.delete(preOrderSettings).where(row);
      continue;
    }
    // An entry written before the hours were editable holds neither hours nor enabled: those stay as they are.
    const set = {
      minTimeMinutes: wanted.minTimeMinutes,
      dayInAdvance: wanted.dayInAdvance,
      isEnabled: 'enabled' in wanted ? wanted.enabled : true,
      ...(wanted.hours === undefined ? {} : { hours: wanted.hours && weekStored(wanted.hours) }),
    };
    await tx
      .insert(preOrderSettings)
      .values({ restoId, type, ...set })
      .onConflictDoUpdate({ target: [preOrderSettings.restoId, preOrderSettings.type], set });
  }
}

/**
 * The fields a patch names, its pre-order, slot capacity and automatic delay merged over the current ones (a patch
 * may name one method, or the delay's threshold or minutes alone).
 */
function changedFields(patch: AdminRestoPatch, before: RestoState): Partial<RestoState> {
  const named = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const state = normalized(named);
  if (patch.preOrder) state.preOrder = preOrdersAfter(before.preOrder, patch.preOrder);
  if (patch.slotCapacity) state.slotCapacity = capacityOver(before.slotCapacity, patch.slotCapacity);
  if (patch.autoDelay) state.autoDelay = autoDelayOver(before.autoDelay, patch.autoDelay);
  if (patch.reviewLinks) state.reviewLinks = reviewLinksOver(before.reviewLinks, patch.reviewLinks);
  return state;
}

const NO_CAPACITY: RestoState['slotCapacity'] = { DELIVERY: null, TAKE_AWAY: null };
const NO_AUTO_DELAY: RestoState['autoDelay'] = { threshold: null, minutes: 15 };

/** A method not named keeps its capacity. */
const capacityOver = (
  was: RestoState['slotCapacity'],
  input: Partial<RestoState['slotCapacity']>,
): RestoState['slotCapacity'] => ({
  DELIVERY: input.DELIVERY === undefined ? was.DELIVERY : input.DELIVERY,
  TAKE_AWAY: input.TAKE_AWAY === undefined ? was.TAKE_AWAY : input.TAKE_AWAY,
});

const autoDelayOver = (
  was: RestoState['autoDelay'],
  input: Partial<RestoState['autoDelay']>,
): RestoState['autoDelay'] => ({
  threshold: input.threshold === undefined ? was.threshold : input.threshold,
  minutes: input.minutes ?? was.minutes,
});

const NO_REVIEW_LINKS: ReviewLinks = { yandexMaps: null, twoGis: null };

/** A listing not named keeps its link. */
const reviewLinksOver = (was: ReviewLinks, input: Partial<ReviewLinks>): ReviewLinks => ({
  yandexMaps: input.yandexMaps === undefined ? was.yandexMaps : input.yandexMaps,
  twoGis: input.twoGis === undefined ? was.twoGis : input.twoGis,
});

/** PATCH under If-Match: one audit entry with the changed fields before and after. */
export async function patchResto(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  ifMatch: string | undefined,
  patch: AdminRestoPatch,
  at: Date,
  locale: Locale,
): Promise<AdminResto> {
  const current = await restoOfBrand(tx, access, restoId, locale, true);
  checkIfMatch(ifMatch, current);
  assertPreOrderHours(patch.preOrder);
  assertReviewLinks(patch.reviewLinks);
  const was = restoStateOf(current);
  const after = changedFields(patch, was);
  await assertReferences(tx, access.whiteLabel, restoId, after);
  const before = Object.fromEntries(Object.keys(after).map((key) => [key, was[key as keyof RestoState]]));
  await writeRestoState(tx, restoId, after);
  await writeAuditEntry(tx, access, at, {
    entity: 'resto',
    entityId: restoId,
    action: 'update',
    before,
    after: { ...after },
  });
  return restoOfBrand(tx, access, restoId, locale);
}

const CASH_ONLY: PaymentOptions = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true };

/**
 * A new restaurant (owners: 'cities.write'): unpublished unless said otherwise, so it shows on the storefront only
 * once its hours and zones are set. Audited 'create', not revertible: unpublish it instead.
 */
export async function createResto(
  tx: Executor,
  access: StaffAccess,
  input: AdminRestoCreate,
  at: Date,
  locale: Locale,
): Promise<AdminResto> {
  assertPreOrderHours(input.preOrder);
  assertReviewLinks(input.reviewLinks);
  const state = normalized(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
  if (input.slotCapacity) state.slotCapacity = capacityOver(NO_CAPACITY, input.slotCapacity);
  if (input.autoDelay) state.autoDelay = autoDelayOver(NO_AUTO_DELAY, input.autoDelay);
  if (input.reviewLinks) state.reviewLinks = reviewLinksOver(NO_REVIEW_LINKS, input.reviewLinks);
  await assertReferences(tx, access.whiteLabel, null, state);
  const [row] = await tx
    .insert(restos)
    .values({
      whiteLabelId: access.whiteLabel,
      name: input.name,
      address: input.address,
      street: input.street ?? input.address,
      description: input.description ?? { ru: '' },
      lat: input.location.lat,
      lng: input.location.lng,
      payDelivery: state.payDelivery ?? CASH_ONLY,
      payTakeAway: state.payTakeAway ?? CASH_ONLY,
      isPublished: false,
    })
    .returning({ id: restos.id });
  if (!row) throw new Error('no resto');
  const { name: _n, address: _a, street: _s, description: _d, location: _l, ...rest } = state;
  await writeRestoState(tx, row.id, rest);
  await tx.update(restos).set({ version: 1 }).where(eq(restos.id, row.id));
  // The person who made it sees it at once (an owner sees every restaurant; the list was read before it existed).
  const withNew = { ...access, restoIds: [...access.restoIds, row.id] };
  const resto = await restoOfBrand(tx, withNew, row.id, locale);
  await writeAuditEntry(tx, access, at, {
    entity: 'resto',
    entityId: resto.id,
    action: 'create',
    before: {},
    after: { ...restoStateOf(resto) },
  });
  return resto;
}

/** The restaurant's state for a revert's compare (the reverting person's access checked as for a PATCH). */
export async function restoStateForRevert(tx: Executor, access: StaffAccess, restoId: number) {
  const resto = await restoOfBrand(tx, access, restoId, 'ru', true);
  return { ...restoStateOf(resto), photos: resto.photos };
}

/** A revert: the brand's menus and city only (one deleted since is left out). */
export async function restoreRestoState(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  state: Partial<RestoState>,
) {
  const restored = { ...state };
  if (restored.menuIds) {
    const existing = restored.menuIds.length
      ? await tx
          .select({ id: menus.id })
          .from(menus)
          .where(and(inArray(menus.id, restored.menuIds), eq(menus.whiteLabelId, access.whiteLabel)))
      : [];
    restored.menuIds = sortedIds(existing.map((m) => m.id));
  }
  if (restored.cityId !== undefined && restored.cityId !== null) {
    const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, restored.cityId));
    if (!city) restored.cityId = null;
  }
  if (restored.orderCode)
    await assertReferences(tx, access.whiteLabel, restoId, { orderCode: restored.orderCode });
  await writeRestoState(tx, restoId, restored);
}
