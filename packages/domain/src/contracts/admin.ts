import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_KINDS } from '../admin/audit-log.ts';
import {
  BULK_AMOUNT_MAX,
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  DISH_PRICE_MAX,
  percentInBasisPoints,
} from '../admin/bulk-price.ts';
import { MEASURE_UNITS } from '../catalog/catalog-constants.ts';
import { errorBody, id, idParam, localizedText, minorAmount, storedText } from './common.ts';

/**
 * The back office's calls under /api/v1/admin (decision 45): staff tokens only, checked for brand and role on
 * the server. Versioned rows answer an ETag with their version and take changes only with If-Match.
 */

/** Bounds of a dish's texts in the back office. */
export const DISH_NAME_MAX = 120;
export const DISH_DESCRIPTION_MAX = 2000;
export const ADMIN_PAGE_MAX = 100;
/** Bounds of a dish's weight (its measure's value, in its unit), its order and its tags. */
export const DISH_MEASURE_MAX = 100_000;
export const ADMIN_ORDER_MAX = 1_000_000;
export const DISH_TAGS_MAX = 50;
/** The longest list a reorder takes (a menu's groups, a group's dishes). */
export const ADMIN_REORDER_MAX = 1000;

/** A whole number in a query string, within bounds; digits only, as idParam. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A name a customer reads: not blank, at most DISH_NAME_MAX characters, trimmed. */
const dishName = storedText(DISH_NAME_MAX)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'must not be blank'));

export const adminDishName = z.object({ ru: dishName, en: dishName.optional() });
export const adminDishDescription = z.object({
  ru: storedText(DISH_DESCRIPTION_MAX),
  en: storedText(DISH_DESCRIPTION_MAX).optional(),
});

/** A price a dish may have: whole kopecks, at least one (the positions table's check), at most DISH_PRICE_MAX. */
export const adminDishPrice = z.number().int().min(1).max(DISH_PRICE_MAX);

/** A dish's weight: a positive value in g, pc, ml or cm (the positions table's pair). */
export const adminDishMeasure = z.object({
  value: z.number().positive().max(DISH_MEASURE_MAX),
  unit: z.enum(MEASURE_UNITS),
});

/** A place in a list (a dish within its group): smaller first, the id breaking ties. */
export const adminOrder = z.number().int().min(0).max(ADMIN_ORDER_MAX);

/** A dish as the back office edits it. */
export const adminDish = z.object({
  id,
  menuId: id,
  /** A group of the dish's menu; null: the menu's 'other' group. */
  groupId: id.nullable(),
  name: z.object({ ru: z.string(), en: z.string().optional() }),
  description: z.object({ ru: z.string(), en: z.string().optional() }),
  price: minorAmount,
  /** false: hidden, off the storefront's menu and refused by the preflight. */
  isPublished: z.boolean(),
  /** The weight; null: none shown. */
  measure: adminDishMeasure.nullable(),
  order: z.number().int(),
  /** 18+: sold only to adults. */
  isAdult: z.boolean(),
  /** The brand's dish tags (spicy, vegetarian, extended cooking…), by id, ascending. */
  tagIds: z.array(id),
  /** Bumped by every back-office change; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminDish = z.infer<typeof adminDish>;

/** GET /api/v1/admin/dishes */
export const adminDishListQuery = z.object({
  menuId: idParam.optional(),
  /** Part of the Russian or English name, case-insensitive. */
  q: storedText(100).optional(),
  limit: queryInt(1, ADMIN_PAGE_MAX).default(50),
  offset: queryInt(0, 1_000_000).default(0),
});
export const adminDishList = z.object({ dishes: z.array(adminDish), total: z.number().int().nonnegative() });

/** GET and PATCH /api/v1/admin/dishes/{positionId} */
export const adminDishParams = z.object({ positionId: idParam });

/**
 * The precondition of a change: the version read, as the ETag answered it ("3"; W/"3" and 3 are taken too). Loose:
 * the validated headers replace the request's, and the others (Authorization) must stay.
 */
export const ifMatchHeaders = z.looseObject({ 'if-match': z.string().max(100).optional() });

/** PATCH /api/v1/admin/dishes/{positionId}: the fields to change, at least one. */
export const adminDishPatch = z
  .object({
    name: adminDishName.optional(),
    description: adminDishDescription.optional(),
    price: adminDishPrice.optional(),
    isPublished: z.boolean().optional(),
    /** null clears the weight. */
    measure: adminDishMeasure.nullable().optional(),
    /** A group of the same menu (else 422 admin.group-of-another-menu); null: none. */
    groupId: id.nullable().optional(),
    order: adminOrder.optional(),
    isAdult: z.boolean().optional(),
    /** The whole set of the dish's tags (the brand's, else 422 admin.tag-not-found). */
    tagIds: z.array(id).max(DISH_TAGS_MAX).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');

/** 412 admin.version-stale: the refusal with what the row holds now. */
export const adminStaleBody = errorBody.extend({ current: adminDish });

/** POST /api/v1/admin/dishes/bulk-price */
export const adminBulkPriceRequest = z.object({
  positionIds: z.array(id).min(1).max(500),
  change: z.union([
    z.strictObject({
      /** ± percent, two decimals at most; each dish's change rounds to whole kopecks, a half away from zero. */
      percent: z
        .number()
        .min(BULK_PERCENT_MIN)
        .max(BULK_PERCENT_MAX)
        .refine((percent) => percentInBasisPoints(percent) !== null, 'at most two decimals'),
    }),
    z.strictObject({
      /** ± kopecks. */
      amount: z.number().int().min(-BULK_AMOUNT_MAX).max(BULK_AMOUNT_MAX),
    }),
  ]),
});
export const adminBulkPriceResponse = z.object({ dishes: z.array(adminDish) });
/** 404 position.not-found and 422 admin.price-out-of-range of a bulk change: which dish, and the price it would get. */
export const adminBulkPriceRefusal = errorBody.extend({
  positionId: id.optional(),
  price: z.number().int().optional(),
});

/** GET /api/v1/admin/audit: newest first, paged by id (`before` = the last page's nextBefore). */
export const adminAuditQuery = z.object({
  entity: z.enum(AUDIT_ENTITY_KINDS).optional(),
  entityId: idParam.optional(),
  limit: queryInt(1, ADMIN_PAGE_MAX).default(50),
  before: idParam.optional(),
});

/**
 * The names an entry's state leaves out, as they were when it was written: the row's own (a photo or reorder entry
 * holds only photos or ids; a staff account's reset holds nothing) and those of the groups and dishes it lists by id
 * (a reorder's `groupIds`/`positionIds`, a dish's `groupId`, a modifier group's or a time slot's dishes). Kept at
 * write time, so the log reads right after a rename; entries written before names were kept answer null.
 */
export const adminAuditSummary = z.object({
  /** The row's name: a menu's, group's, dish's, modifier group's per language; a time slot's or an account's. */
  name: z.union([localizedText, z.string()]).optional(),
  /** Groups by id (decimal string keys, as JSON has them). */
  groups: z.record(z.string(), localizedText).optional(),
  /** Dishes by id. */
  dishes: z.record(z.string(), localizedText).optional(),
});
export type AdminAuditSummary = z.infer<typeof adminAuditSummary>;

export const adminAuditEntry = z.object({
  id,
  entity: z.enum(AUDIT_ENTITY_KINDS),
  /** 0 for an entity a brand has one of (its bonus program). */
  entityId: z.number().int().nonnegative(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who, as they were at the time (the account may be renamed or gone since). */
  staff: z.object({ id: id.nullable(), login: z.string() }),
  at: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  /** The entry this one undid (action 'revert'). */
  revertsEntryId: id.nullable(),
  /** The entry that undid this one, if any: it cannot be undone twice. */
  revertedByEntryId: id.nullable(),
  /** Names the state leaves out, as at the change (null: none to add, or an entry older than them). */
  summary: adminAuditSummary.nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminAuditList = z.object({
  entries: z.array(adminAuditEntry),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: id.nullable(),
});

/** POST /api/v1/admin/audit/{entryId}/revert */
export const adminAuditEntryParams = z.object({ entryId: idParam });

/** A group of a menu (the menu's sections) as the back office edits it. */
export const adminGroup = z.object({
  id,
  menuId: id,
  name: z.object({ ru: z.string(), en: z.string().optional() }),
  order: z.number().int(),
  /** false: hidden with every dish in it, off the storefront's menu and refused by the preflight. */
  isPublished: z.boolean(),
  /** How many dishes the group holds, hidden ones too. */
  dishCount: z.number().int().nonnegative(),
  /** Its photos' URLs, the first the main one (ids and sizes: GET …/groups/{groupId}/photos). */
  photos: z.array(z.string()),
  /** Bumped by every back-office change; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminGroup = z.infer<typeof adminGroup>;

/** GET and POST /api/v1/admin/menus/{menuId}/groups, PUT …/groups/order */
export const adminMenuParams = z.object({ menuId: idParam });
export const adminGroupList = z.object({ groups: z.array(adminGroup) });

/** POST /api/v1/admin/menus/{menuId}/groups: a new group, shown, last in the menu. */
export const adminGroupCreate = z.object({ name: adminDishName });

/** PATCH and the dishes' order under /api/v1/admin/groups/{groupId} */
export const adminGroupParams = z.object({ groupId: idParam });

/** PATCH /api/v1/admin/groups/{groupId}: the fields to change, at least one. */
export const adminGroupPatch = z
  .object({ name: adminDishName.optional(), isPublished: z.boolean().optional() })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');

/** 412 admin.version-stale of a group: the refusal with what the group holds now. */
export const adminGroupStaleBody = errorBody.extend({ current: adminGroup });

/** PUT /api/v1/admin/menus/{menuId}/groups/order: every group of the menu, each once, in the new order. */
export const adminGroupOrder = z.object({ groupIds: z.array(id).min(1).max(ADMIN_REORDER_MAX) });

/** PUT /api/v1/admin/groups/{groupId}/dishes/order: every dish of the group (hidden ones too), each once. */
export const adminDishOrder = z.object({ positionIds: z.array(id).min(1).max(ADMIN_REORDER_MAX) });
export const adminDishOrderResponse = z.object({ dishes: z.array(adminDish) });
