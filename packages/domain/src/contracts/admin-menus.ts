import { z } from 'zod';
import { DISH_PRICE_MAX } from '../admin/bulk-price.ts';
import { MENU_ADD_ONS_MAX } from '../selling/selling-constants.ts';
import { adminDishName, adminOrder } from './admin.ts';
import { dayOfWeek, errorBody, id, idParam, storedText, timeOfDay } from './common.ts';

/**
 * The back office's menus, modifier groups and time slots (decision 45 'Menus, modifiers and time slots'):
 * versioned rows under If-Match, one audit entry per change, revertible. Rules spanning fields (a group's counts, a
 * slot's hours) are the domain's (admin/menu-rules.ts) and answer 422 with the field.
 */

/** The most restaurants a menu lists, dishes a group or slot is attached to, items a group holds. */
export const ADMIN_SET_MAX = 1000;
export const MODIFIER_ITEMS_MAX = 100;
export const MODIFIER_COUNT_MAX = 100;
export const TIME_SLOT_NAME_MAX = 120;

const localizedOut = z.object({ ru: z.string(), en: z.string().optional() });
const ids = z.array(id).max(ADMIN_SET_MAX);
const addOnIds = z
  .array(id)
  .max(MENU_ADD_ONS_MAX)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a dish');
const mustChange = (patch: Record<string, unknown>) =>
  Object.values(patch).some((value) => value !== undefined);

/** Which ways of ordering sell a menu (menusFor: delivery and take-away; online and table are kept for later). */
export const adminMenuMethods = z.object({
  isDelivery: z.boolean(),
  isTakeAway: z.boolean(),
  isOnline: z.boolean(),
  isTable: z.boolean(),
});

/** A menu as the back office edits it. */
export const adminMenu = z.object({
  id,
  name: localizedOut,
  order: z.number().int(),
  methods: adminMenuMethods,
  /** The brand's restaurants that list the menu, ascending. */
  restoIds: z.array(id),
  groupCount: z.number().int().nonnegative(),
  dishCount: z.number().int().nonnegative(),
  /** Dishes the cart offers with this menu ('Добавить к заказу'), in order (decision 56). */
  addOnPositionIds: z.array(id),
  /** Bumped by every back-office change; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminMenu = z.infer<typeof adminMenu>;
export const adminMenuList = z.object({ menus: z.array(adminMenu) });

/** POST /api/v1/admin/menus; restoIds: the brand's restaurants only (else 422 admin.resto-not-found). */
export const adminMenuCreate = z.object({
  name: adminDishName,
  order: adminOrder.optional(),
  methods: adminMenuMethods.partial().optional(),
  restoIds: ids.optional(),
});

/** PATCH /api/v1/admin/menus/{menuId}: the fields to change, at least one; methods may name only some. */
export const adminMenuPatch = z
  .object({
    name: adminDishName.optional(),
    order: adminOrder.optional(),
    methods: adminMenuMethods.partial().optional(),
    restoIds: ids.optional(),
    /** A whole new list; each a dish of the brand, none twice. */
    addOnPositionIds: addOnIds.optional(),
  })
  .refine(mustChange, 'must change something');
export const adminMenuStaleBody = errorBody.extend({ current: adminMenu });

/** An item of a modifier group: an id to keep an existing one (its id stays, so carts holding it still price). */
export const adminModifierItemInput = z.object({
  id: id.optional(),
  name: adminDishName,
  /** Whole kopecks, 0 (free) or more. */
  price: z.number().int().min(0).max(DISH_PRICE_MAX),
});
const modifierCount = z.number().int().min(0).max(MODIFIER_COUNT_MAX);

/** A modifier group (a sauce to pick, extras to add) as the back office edits it. */
export const adminModifierGroup = z.object({
  id,
  name: localizedOut,
  /** What the customer reads above the choice ('Choose a sauce'). */
  nameUi: localizedOut,
  minCount: z.number().int().nonnegative(),
  maxCount: z.number().int().positive(),
  items: z.array(
    z.object({ id, name: localizedOut, price: z.number().int().nonnegative(), order: z.number().int() }),
  ),
  /** The dishes it is attached to, ascending. */
  positionIds: z.array(id),
  version: z.number().int().positive(),
});
export type AdminModifierGroup = z.infer<typeof adminModifierGroup>;
export const adminModifierGroupList = z.object({ groups: z.array(adminModifierGroup) });

/** GET /api/v1/admin/modifier-groups: the brand's, or those attached to a dish of one menu. */
export const adminModifierGroupListQuery = z.object({ menuId: idParam.optional() });
export const adminModifierGroupParams = z.object({ modifierGroupId: idParam });

/** POST /api/v1/admin/modifier-groups */
export const adminModifierGroupCreate = z.object({
  name: adminDishName,
  nameUi: adminDishName.optional(),
  minCount: modifierCount,
  maxCount: modifierCount,
  items: z.array(adminModifierItemInput.omit({ id: true })).max(MODIFIER_ITEMS_MAX),
  positionIds: ids.optional(),
});

/**
 * PATCH /api/v1/admin/modifier-groups/{modifierGroupId}: the fields to change, at least one. `items` is the whole
 * new list in order (items left out are removed); `positionIds` the whole set of dishes it is attached to. New
 * counts are written to every dish it is attached to.
 */
export const adminModifierGroupPatch = z
  .object({
    name: adminDishName.optional(),
    nameUi: adminDishName.optional(),
    minCount: modifierCount.optional(),
    maxCount: modifierCount.optional(),
    items: z.array(adminModifierItemInput).max(MODIFIER_ITEMS_MAX).optional(),
    positionIds: ids.optional(),
  })
  .refine(mustChange, 'must change something');
export const adminModifierGroupStaleBody = errorBody.extend({ current: adminModifierGroup });

/** One day of a slot: from startAt (inclusive) to endAt (exclusive; 00:00 is midnight), on that day only. */
export const adminTimeSlotDay = z.object({
  dayOfWeek,
  startAt: timeOfDay,
  endAt: timeOfDay,
  isActive: z.boolean().default(true),
});

/** A time slot: its dishes are sold only within its days and hours. */
export const adminTimeSlot = z.object({
  id,
  name: z.string(),
  details: z.array(z.object({ dayOfWeek, startAt: z.string(), endAt: z.string(), isActive: z.boolean() })),
  positionIds: z.array(id),
  version: z.number().int().positive(),
});
export type AdminTimeSlot = z.infer<typeof adminTimeSlot>;
export const adminTimeSlotList = z.object({ slots: z.array(adminTimeSlot) });
export const adminTimeSlotParams = z.object({ timeSlotId: idParam });

const slotName = storedText(TIME_SLOT_NAME_MAX)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'must not be blank'));
const slotDays = z.array(adminTimeSlotDay).max(7);

/** POST /api/v1/admin/time-slots */
export const adminTimeSlotCreate = z.object({
  name: slotName,
  details: slotDays,
  positionIds: ids.optional(),
});

/** PATCH /api/v1/admin/time-slots/{timeSlotId}: details and positionIds are whole new lists. */
export const adminTimeSlotPatch = z
  .object({ name: slotName.optional(), details: slotDays.optional(), positionIds: ids.optional() })
  .refine(mustChange, 'must change something');
export const adminTimeSlotStaleBody = errorBody.extend({ current: adminTimeSlot });
