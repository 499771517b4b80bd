import { z } from 'zod';
import { DISH_PRICE_MAX } from '../admin/bulk-price.ts';
import { MEASURE_UNITS } from '../catalog/catalog-constants.ts';
import { DAYS_OF_WEEK, isTimeOfDay } from '../schedule/schedule.ts';

/**
 * A brand's whole menu as one file (decision 47, docs/menu-file.md): menus with their restaurants, groups and dishes,
 * the modifier groups the dishes take, and the time slots that limit dishes to hours. Every row has a `key`, an
 * external name stable across exports and imports: importing a file again updates the rows its keys name rather
 * than adding copies. Rows the database has without a stored key export as `<kind>-<id>` (dish-12).
 * docs/menu-file.md describes the format; docs/menu-file.schema.json is generated from this schema.
 */

/** The version of the format this code reads and writes. */
export const MENU_FILE_SCHEMA_VERSION = 1;

/** The largest menu file the API takes (bytes of JSON). */
export const MENU_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The largest menu archive (a .zip of menu.json and its photos) the API takes, packed and unpacked. */
export const MENU_ARCHIVE_MAX_BYTES = 100 * 1024 * 1024;

export const MENU_FILE_NAME_MAX = 120;
export const MENU_FILE_TEXT_MAX = 2000;
export const MENU_FILE_ORDER_MAX = 1_000_000;
export const MENU_FILE_LIST_MAX = 5000;

const noNul = (value: string) => !value.includes('\u0000');

/** An external key: letters, digits, '.', '_' or '-', starting with a letter or digit, at most 80. */
export const menuFileKey = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/,
    'must be a key of letters, digits, dots, dashes or underscores',
  );

const name = z
  .string()
  .max(MENU_FILE_NAME_MAX)
  .refine((value) => value.trim().length > 0, 'must not be blank')
  .refine(noNul, 'must not contain NUL characters');
const longText = z.string().max(MENU_FILE_TEXT_MAX).refine(noNul, 'must not contain NUL characters');

/** A name customers read: Russian required, English optional. */
export const menuFileName = z.strictObject({ ru: name, en: name.optional() });
export const menuFileText = z.strictObject({ ru: longText, en: longText.optional() });

/**
 * A photo by URL (https://…) or by a path the API serves (/media/…). In a menu archive (.zip) a photo may also be
 * the picture's path in the archive: the import replaces it by its uploaded address before this check.
 */
export const menuFilePhoto = z
  .string()
  .max(2000)
  .regex(
    /^(https?:\/\/|\/)[^\s]+$/,
    'must be a URL (https://…), a path starting with /, or a photo in the .zip',
  );

const order = z.number().int().min(0).max(MENU_FILE_ORDER_MAX);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MENU_FILE_LIST_MAX);

export const menuFileMethods = z.strictObject({
  delivery: z.boolean(),
  takeAway: z.boolean(),
  online: z.boolean(),
  table: z.boolean(),
});

/** A restaurant of the brand: its order code ('Б') or its id. */
export const menuFileRestaurant = z.union([z.number().int().positive(), z.string().min(1).max(4)]);

export const menuFileGroup = z.strictObject({
  key: menuFileKey,
  name: menuFileName,
  order,
  photos: list(menuFilePhoto).default([]),
  /** false: hidden with every dish in it. */
  published: z.boolean().default(true),
});

export const menuFileDishModifier = z.strictObject({
  /** The key of a modifier group of this file. */
  modifier: menuFileKey,
  min: z.number().int().min(0).max(100),
  max: z.number().int().min(1).max(100),
  order: order.default(0),
});

export const menuFileDish = z.strictObject({
  key: menuFileKey,
  /** The key of a group of the same menu; null: the menu's ungrouped dishes. */
  group: menuFileKey.nullable().default(null),
  name: menuFileName,
  description: menuFileText.default({ ru: '' }),
  /** Kopecks (minor units), at least 1. */
  price: z.number().int().min(1).max(DISH_PRICE_MAX),
  measure: z
    .strictObject({ value: z.number().positive().max(100_000), unit: z.enum(MEASURE_UNITS) })
    .nullable()
    .default(null),
  /** Codes of the brand's dish tags (spicy, vegetarian…). */
  tags: list(z.string().min(1).max(60)).default([]),
  photos: list(menuFilePhoto).default([]),
  isAdult: z.boolean().default(false),
  /** false: hidden, off the storefront's menu. */
  published: z.boolean().default(true),
  order: order.default(0),
  modifiers: list(menuFileDishModifier).default([]),
});

export const menuFileMenu = z.strictObject({
  key: menuFileKey,
  name: menuFileName,
  order: order.default(0),
  methods: menuFileMethods,
  /** The restaurants that serve this menu: their order codes or ids. */
  restaurants: list(menuFileRestaurant).default([]),
  groups: list(menuFileGroup).default([]),
  dishes: list(menuFileDish).default([]),
});

export const menuFileModifierItem = z.strictObject({
  key: menuFileKey,
  name: menuFileName,
  /** Kopecks added to the dish's price; 0: free. */
  price: z.number().int().min(0).max(DISH_PRICE_MAX).default(0),
  order: order.default(0),
});

export const menuFileModifier = z.strictObject({
  key: menuFileKey,
  /** The modifier group's name in the back office. */
  name: menuFileName,
  /** Its heading on the dish's card. */
  nameUi: menuFileName,
  items: list(menuFileModifierItem).min(1),
});

const timeOfDay = z.string().refine(isTimeOfDay, 'must be a time of day HH:MM');

export const menuFileTimeSlot = z.strictObject({
  key: menuFileKey,
  name: z.string().min(1).max(MENU_FILE_NAME_MAX).refine(noNul, 'must not contain NUL characters'),
  /** One line per day of week (1 Monday … 7 Sunday) at most. */
  details: list(
    z.strictObject({
      dayOfWeek: z.literal(DAYS_OF_WEEK),
      startAt: timeOfDay,
      endAt: timeOfDay,
      isActive: z.boolean(),
    }),
  ).max(7),
  /** Keys of the dishes sold only in these hours. */
  dishes: list(menuFileKey).min(1),
});

export const menuFile = z.strictObject({
  /** A link to docs/menu-file.schema.json, for editors; ignored. */
  $schema: z.string().max(2000).optional(),
  schemaVersion: z.literal(MENU_FILE_SCHEMA_VERSION),
  modifiers: list(menuFileModifier).default([]),
  menus: list(menuFileMenu).min(1),
  timeSlots: list(menuFileTimeSlot).default([]),
});

export type MenuFile = z.output<typeof menuFile>;
export type MenuFileInput = z.input<typeof menuFile>;
export type MenuFileMenu = MenuFile['menus'][number];
export type MenuFileGroup = MenuFileMenu['groups'][number];
export type MenuFileDish = MenuFileMenu['dishes'][number];
export type MenuFileModifier = MenuFile['modifiers'][number];
export type MenuFileModifierItem = MenuFileModifier['items'][number];
export type MenuFileTimeSlot = MenuFile['timeSlots'][number];

/** The JSON Schema of the file as an author writes it (defaults optional), published as docs/menu-file.schema.json. */
export function menuFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(menuFile, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://storefront.example/menu-file.schema.json',
    title: 'A brand’s menu file',
    description:
      'Menus, groups, dishes, modifier groups and time slots of one brand, imported all or nothing (docs/menu-file.md).',
  };
}
