/**
 * Catalog constants both sides need at run time. They live outside contracts/ so the storefront can
 * use them without bundling the zod schemas.
 */

/** docs/product.md §3: positions without a group are gathered in this synthetic group, shown last. */
export const UNGROUPED_GROUP_ID = 0;
export const UNGROUPED_GROUP_ORDER = 999_999;
export const UNGROUPED_GROUP_NAME = { ru: 'Прочее', en: 'Other' } as const;

/** Tag code of dishes that take longer to cook (docs/product.md §3, §9: 1.5 hours). */
export const EXTENDED_COOKING_TAG = 'extended-cooking-time';
export const EXTENDED_COOKING_MINUTES = 90;

export const MEASURE_UNITS = ['g', 'pc', 'ml', 'cm'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/** A dish's food values per 100 g, as a POS's nomenclature gives them (grams, kilocalories; one decimal). */
export interface Nutrition {
  kcal: number;
  proteins: number;
  fats: number;
  carbs: number;
}

/** A tag marks either restaurants or positions. */
export const TAG_KINDS = ['resto', 'position'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/** A promo code takes a percentage off (value 1–100) or a fixed amount in minor units. */
export const PROMO_CODE_KINDS = ['percent', 'fixed'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];
