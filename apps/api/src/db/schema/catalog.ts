import {
  CUSTOMER_DELIVERY_METHODS,
  HOURS_METHODS,
  type LatLng,
  type LocalizedText,
  MEASURE_UNITS,
  type Minor,
  minor,
  type Nutrition,
  ONLINE_PAY_METHODS,
  type OpeningHoursDay,
  PAY_ENGINES,
  type PaymentOptions,
  PROMO_CODE_KINDS,
  PROMOTION_KINDS,
  type ReviewLinks,
  TAG_KINDS,
} from '@storefront/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The catalog of every chain this deployment serves. Texts customers read are jsonb {ru, en};
 * money is integer minor units; coordinates are two double columns or jsonb {lat, lng} lists.
 * Persons and sign-in are in persons.ts; orders will reference white_labels, restos and positions.
 */

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();
const methodFlags = {
  isDelivery: boolean('is_delivery').notNull().default(false),
  isOnline: boolean('is_online').notNull().default(false),
  isTable: boolean('is_table').notNull().default(false),
  isTakeAway: boolean('is_take_away').notNull().default(false),
};

export const whiteLabels = pgTable('white_labels', {
  id: text('id').primaryKey(),
  name: localized('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    name: localized('name'),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    southWestLat: doublePrecision('south_west_lat').notNull(),
    southWestLng: doublePrecision('south_west_lng').notNull(),
    northEastLat: doublePrecision('north_east_lat').notNull(),
    northEastLng: doublePrecision('north_east_lng').notNull(),
    zoom: smallint('zoom').notNull().default(12),
    order: integer('order').notNull().default(0),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('cities_white_label_idx').on(t.whiteLabelId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    code: text('code').notNull(),
    kind: text('kind', { enum: TAG_KINDS }).notNull(),
    name: localized('name'),
  },
  (t) => [uniqueIndex('tags_code_idx').on(t.whiteLabelId, t.code)],
);

export const restos = pgTable(
  'restos',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    name: localized('name'),
    address: localized('address'),
    street: localized('street'),
    description: localized('description'),
    averageCheck: integer('average_check').$type<Minor>().notNull().default(minor(0)),
    currency: text('currency').notNull().default('RUB'),
    emails: text('emails').array().notNull().default(sql`'{}'`),
    phones: text('phones').array().notNull().default(sql`'{}'`),
    links: text('links').array().notNull().default(sql`'{}'`),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    order: integer('order').notNull().default(0),
    timezone: text('timezone').notNull().default('+03:00'),
    ...methodFlags,
    payDelivery: jsonb('pay_delivery').$type<PaymentOptions>().notNull(),
    payTakeAway: jsonb('pay_take_away').$type<PaymentOptions>().notNull(),
    payEngine: text('pay_engine', { enum: PAY_ENGINES }).notNull().default('demo'),
    /**
     * The online methods this restaurant's shop has enabled (card, SBP, SberPay; decision 55): what a customer
     * paying online may pick. A method the shop lacks is refused by YooKassa with 403, so it is never offered.
     */
    onlineMethods: text('online_methods', { enum: ONLINE_PAY_METHODS })
      .array()
      .notNull()
      .default(sql`'{card}'`),
    photos: text('photos').array().notNull().default(sql`'{}'`),
    /** Hidden restaurants keep their history (orders) but vanish from the storefront. */
    isPublished: boolean('is_published').notNull().default(true),
    /** The letters before an order's daily number ('Б' in 'Б-042'), unique within the brand; null: the id. */
    orderCode: text('order_code'),
    /** As soon as possible take-away: ready this many minutes after the order is placed. */
    takeAwayMinutes: integer('take_away_minutes').notNull().default(20),
    /** Take-away totals at or above this are refused ('split it into several orders'); null: no maximum. */
    takeAwayMaxOrderSum: integer('take_away_max_order_sum').$type<Minor>(),
    /** The most delivery orders one 15-minute slot holds (decision 56); null: no limit. */
    slotCapacityDelivery: integer('slot_capacity_delivery'),
    /** The most take-away orders one 15-minute slot holds; null: no limit. */
    slotCapacityTakeAway: integer('slot_capacity_take_away'),
    /** More orders than this waiting unaccepted delay every promised time by autoDelayMinutes; null: never. */
    autoDelayThreshold: integer('auto_delay_threshold'),
    autoDelayMinutes: integer('auto_delay_minutes').notNull().default(15),
    /** The restaurant's map listings a pleased customer is invited to review it on (decision 57). */
    reviewLinks: jsonb('review_links')
      .$type<ReviewLinks>()
      .notNull()
      .default(sql`'{"yandexMaps":null,"twoGis":null}'::jsonb`),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('restos_white_label_idx').on(t.whiteLabelId),
    check(
      'restos_slot_capacity',
      sql`${t.slotCapacityDelivery} > 0 and ${t.slotCapacityTakeAway} > 0 and ${t.autoDelayThreshold} > 0`,
    ),
    check('restos_auto_delay_minutes', sql`${t.autoDelayMinutes} in (15, 30, 60)`),
    uniqueIndex('restos_order_code_idx').on(t.whiteLabelId, t.orderCode),
    check('restos_take_away_minutes', sql`${t.takeAwayMinutes} between 0 and 1440`),
    check('restos_average_check_nonnegative', sql`${t.averageCheck} >= 0`),
    check('restos_take_away_max_order_sum_positive', sql`${t.takeAwayMaxOrderSum} > 0`),
  ],
);

export const restoCities = pgTable(
  'resto_cities',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.restoId, t.cityId] }), index('resto_cities_city_idx').on(t.cityId)],
);

export const restoTags = pgTable(
  'resto_tags',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.restoId, t.tagId] })],
);

/**
 * A restaurant's week: rows of method 'ALL' are its hours; a method's own rows (delivery ends earlier than the
 * counter, say) replace them for that method. A break (a lunch break) splits a day in two.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    method: text('method', { enum: HOURS_METHODS }).notNull().default('ALL'),
    dayOfWeek: smallint('day_of_week').notNull(),
    active: boolean('active').notNull(),
    open: text('open').notNull(),
    close: text('close').notNull(),
    breakFrom: text('break_from'),
    breakTo: text('break_to'),
  },
  (t) => [
    primaryKey({ columns: [t.restoId, t.method, t.dayOfWeek] }),
    check('opening_hours_day_of_week', sql`${t.dayOfWeek} between 1 and 7`),
    check('opening_hours_break_pair', sql`(${t.breakFrom} is null) = (${t.breakTo} is null)`),
  ],
);

/**
 * A date on the restaurant's calendar that does not follow its week: closed all day (a sanitary day) or other hours
 * (New Year's Eve). Method 'ALL' applies to every method; a method's own row wins over it.
 */
export const specialDays = pgTable(
  'special_days',
  {
    id: serial('id').primaryKey(),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' on the restaurant's wall clock. */
    date: text('date').notNull(),
    method: text('method', { enum: HOURS_METHODS }).notNull().default('ALL'),
    closed: boolean('closed').notNull(),
    /** The day's hours when not closed; the same rules as opening_hours ('00:00' close: the end of the day). */
    open: text('open'),
    close: text('close'),
    breakFrom: text('break_from'),
    breakTo: text('break_to'),
    /** What the storefront says about the day ('Санитарный день'). */
    note: localized('note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('special_days_resto_date_idx').on(t.restoId, t.date, t.method),
    check('special_days_hours', sql`${t.closed} or (${t.open} is not null and ${t.close} is not null)`),
    check('special_days_break_pair', sql`(${t.breakFrom} is null) = (${t.breakTo} is null)`),
  ],
);

/** When each method takes orders for later (docs/product.md §3 'Pre-order hours'). */
export const preOrderSettings = pgTable(
  'pre_order_settings',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CUSTOMER_DELIVERY_METHODS }).notNull(),
    minTimeMinutes: integer('min_time_minutes').notNull(),
    dayInAdvance: integer('day_in_advance').notNull(),
    /** Hours for pre-orders when they differ from the opening hours; null means the opening hours. */
    hours: jsonb('hours').$type<OpeningHoursDay[]>(),
    /** false: the method takes no pre-orders now; the row keeps its settings for when they are switched on again. */
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.restoId, t.type] })],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    name: localized('name'),
    order: integer('order').notNull().default(0),
    ...methodFlags,
    /** The menu file's external key (decision 47): a re-import updates the row it names; null: derived from the id. */
    key: text('key'),
    /** Dishes the cart offers with this menu ('Добавить к заказу': sauces, ginger, drinks), in this order. */
    addOnPositionIds: integer('add_on_position_ids').array().notNull().default(sql`'{}'`),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('menus_key_idx').on(t.whiteLabelId, t.key)],
);

/** A chain shares one menu between many restaurants. */
export const restoMenus = pgTable(
  'resto_menus',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.restoId, t.menuId] }), index('resto_menus_menu_idx').on(t.menuId)],
);

export const positionGroups = pgTable(
  'position_groups',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: localized('name'),
    order: integer('order').notNull().default(0),
    photos: text('photos').array().notNull().default(sql`'{}'`),
    /** A hidden group leaves the menu with every dish in it; the preflight refuses them (decision 45). */
    isPublished: boolean('is_published').notNull().default(true),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
    /** The menu file's external key (decision 47): a re-import updates the row it names; null: derived from the id. */
    key: text('key'),
  },
  (t) => [
    index('position_groups_menu_idx').on(t.menuId),
    uniqueIndex('position_groups_key_idx').on(t.menuId, t.key),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => positionGroups.id, { onDelete: 'set null' }),
    name: localized('name'),
    description: localized('description'),
    measureValue: doublePrecision('measure_value'),
    measureUnit: text('measure_unit', { enum: MEASURE_UNITS }),
    price: integer('price').$type<Minor>().notNull(),
    photos: text('photos').array().notNull().default(sql`'{}'`),
    isAdult: boolean('is_adult').notNull().default(false),
    /** Per 100 g, from the POS's nomenclature (or the back office); null when not known. */
    nutrition: jsonb('nutrition').$type<Nutrition>(),
    order: integer('order').notNull().default(0),
    /** Withdrawn dishes stay for old orders but leave the menu. */
    isPublished: boolean('is_published').notNull().default(true),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
    /** The menu file's external key (decision 47): a re-import updates the row it names; null: derived from the id. */
    key: text('key'),
  },
  (t) => [
    index('positions_menu_idx').on(t.menuId),
    uniqueIndex('positions_key_idx').on(t.menuId, t.key),
    check('positions_price_positive', sql`${t.price} > 0`),
    check(
      'positions_measure_pair',
      sql`(${t.measureValue} is null) = (${t.measureUnit} is null) and (${t.measureValue} is null or ${t.measureValue} > 0)`,
    ),
  ],
);

export const positionTags = pgTable(
  'position_tags',
  {
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.tagId] })],
);

export const modifiers = pgTable(
  'modifiers',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    name: localized('name'),
    nameUi: localized('name_ui'),
    /** The menu file's external key (decision 47): a re-import updates the row it names; null: derived from the id. */
    key: text('key'),
    /**
     * The group's own rule of how many items a customer picks (decision 45): attaching it to a dish copies it into
     * position_modifiers, and a back-office change of it rewrites every attachment, so all its dishes agree.
     */
    minCount: integer('min_count').notNull().default(0),
    maxCount: integer('max_count').notNull().default(1),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('modifiers_key_idx').on(t.whiteLabelId, t.key),
    check(
      'modifiers_counts',
      sql`${t.minCount} >= 0 and ${t.maxCount} >= 1 and ${t.minCount} <= ${t.maxCount}`,
    ),
  ],
);

export const modifierItems = pgTable(
  'modifier_items',
  {
    id: serial('id').primaryKey(),
    modifierId: integer('modifier_id')
      .notNull()
      .references(() => modifiers.id, { onDelete: 'cascade' }),
    name: localized('name'),
    price: integer('price').$type<Minor>().notNull().default(minor(0)),
    order: integer('order').notNull().default(0),
    /** The menu file's external key (decision 47): a re-import updates the row it names; null: derived from the id. */
    key: text('key'),
  },
  (t) => [
    index('modifier_items_modifier_idx').on(t.modifierId),
    uniqueIndex('modifier_items_key_idx').on(t.modifierId, t.key),
    check('modifier_items_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export const positionModifiers = pgTable(
  'position_modifiers',
  {
    id: serial('id').primaryKey(),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    modifierId: integer('modifier_id')
      .notNull()
      .references(() => modifiers.id, { onDelete: 'cascade' }),
    minCount: integer('min_count').notNull().default(0),
    maxCount: integer('max_count').notNull().default(1),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('position_modifiers_unique_idx').on(t.positionId, t.modifierId),
    check(
      'position_modifiers_counts',
      sql`${t.minCount} >= 0 and ${t.maxCount} >= 1 and ${t.minCount} <= ${t.maxCount}`,
    ),
  ],
);

export const timeSlots = pgTable(
  'time_slots',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    name: text('name').notNull(),
    /** The menu file's external key (decision 47): a re-import updates the row it names; null: derived from the id. */
    key: text('key'),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('time_slots_key_idx').on(t.whiteLabelId, t.key)],
);

export const timeSlotDetails = pgTable(
  'time_slot_details',
  {
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startAt: text('start_at').notNull(),
    endAt: text('end_at').notNull(),
    isActive: boolean('is_active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.timeSlotId, t.dayOfWeek] })],
);

export const timeSlotPositions = pgTable(
  'time_slot_positions',
  {
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.timeSlotId, t.positionId] })],
);

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    name: localized('name'),
    polygon: jsonb('polygon').$type<LatLng[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Where zones overlap, the highest priority serves the point; equal priorities keep the catalog's order. */
    priority: integer('priority').notNull().default(0),
    /** The colour the maps draw it in ('#RRGGBB'); null: the brand's. */
    color: text('color'),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('delivery_zones_resto_idx').on(t.restoId)],
);

/** One order-sum band of a zone: orders from min (inclusive) to max (exclusive, null = no ceiling). */
export const deliveryRules = pgTable(
  'delivery_rules',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    orderPriceMin: integer('order_price_min').$type<Minor>().notNull(),
    orderPriceMax: integer('order_price_max').$type<Minor>(),
    deliveryPrice: integer('delivery_price').$type<Minor>().notNull(),
    timeMinutes: integer('time_minutes').notNull(),
  },
  (t) => [
    index('delivery_rules_zone_idx').on(t.zoneId),
    check(
      'delivery_rules_band',
      sql`${t.orderPriceMin} >= 0 and (${t.orderPriceMax} is null or ${t.orderPriceMax} > ${t.orderPriceMin}) and ${t.deliveryPrice} >= 0 and ${t.timeMinutes} >= 0`,
    ),
  ],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    title: localized('title'),
    text: localized('text'),
    image: text('image'),
    priority: integer('priority').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Where tapping the promotion leads: a menu, or one dish of it; both null: nowhere. */
    linkMenuId: integer('link_menu_id').references(() => menus.id, { onDelete: 'set null' }),
    linkPositionId: integer('link_position_id').references(() => positions.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(true),
    /** 'banner': a slide only; 'gift': also a dish at 0 ₽ for an order from giftMinSum (decision 56). */
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull().default('banner'),
    giftMinSum: integer('gift_min_sum').$type<Minor>(),
    /** The dishes the customer chooses the gift from; the first is the default. */
    giftPositionIds: integer('gift_position_ids').array().notNull().default(sql`'{}'`),
    giftWithPromoCode: boolean('gift_with_promo_code').notNull().default(false),
    giftWithBonus: boolean('gift_with_bonus').notNull().default(true),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('promotions_white_label_idx').on(t.whiteLabelId),
    check(
      'promotions_gift',
      sql`${t.kind} <> 'gift' or (${t.giftMinSum} > 0 and cardinality(${t.giftPositionIds}) > 0)`,
    ),
  ],
);

/** A promotion without rows here runs in every restaurant of its brand. */
export const promotionRestos = pgTable(
  'promotion_restos',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.restoId] })],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    /** Stored upper-case; customers may type any case. */
    code: text('code').notNull(),
    description: localized('description'),
    kind: text('kind', { enum: PROMO_CODE_KINDS }).notNull(),
    value: integer('value').notNull(),
    maxDiscountAmount: integer('max_discount_amount').$type<Minor>(),
    minOrderAmount: integer('min_order_amount').$type<Minor>(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    hoursFrom: text('hours_from'),
    hoursTo: text('hours_to'),
    /** Empty: every delivery method. */
    deliveryMethods: text('delivery_methods', { enum: CUSTOMER_DELIVERY_METHODS })
      .array()
      .notNull()
      .default(sql`'{}'`),
    totalLimit: integer('total_limit'),
    perPersonLimit: integer('per_person_limit'),
    /** Incremented in the order's transaction with a guard against totalLimit, so two instances cannot oversell. */
    usedCount: integer('used_count').notNull().default(0),
    /** ISO weekdays (1 Monday … 7 Sunday) it works on, on the restaurant's wall clock; empty: every day. */
    daysOfWeek: smallint('days_of_week').array().notNull().default(sql`'{}'`),
    /** Only a person's first order (none placed before that was not declined or cancelled) may use it. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** The campaign a generated batch of single-use codes belongs to; null: a code made by hand. */
    campaign: text('campaign'),
    /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(t.whiteLabelId, t.code),
    index('promo_codes_campaign_idx').on(t.whiteLabelId, t.campaign),
    check(
      'promo_codes_value',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100) and ${t.usedCount} >= 0`,
    ),
    check('promo_codes_hours_pair', sql`(${t.hoursFrom} is null) = (${t.hoursTo} is null)`),
  ],
);

/** A promo code without rows here works in every restaurant of its brand. */
export const promoCodeRestos = pgTable(
  'promo_code_restos',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.restoId] })],
);

/**
 * A counter that every change to a catalog table bumps (by trigger, see the catalog-revision migration).
 * Each API instance polls it and drops its in-memory catalog answers when it moves, so an edit made by
 * any instance, or by hand in SQL, reaches every instance without a query per request.
 */
export const catalogRevision = pgTable('catalog_revision', {
  id: smallint('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A brand's settings (decision 50): what `/config.json` serves, edited by its owners in the back office. The brand's
 * folder (brands/<id>/brand.json) only seeds this row; secrets are never here.
 */
export const brandSettings = pgTable('brand_settings', {
  whiteLabelId: text('white_label_id')
    .primaryKey()
    .references(() => whiteLabels.id),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  /** Bumped by every back-office change: its ETag, checked against If-Match (decision 45). */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The brand's static pages (about, delivery terms…), markdown per language, edited in the back office. */
export const brandPages = pgTable(
  'brand_pages',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    /** The page's address under /pages/ ('delivery'). */
    slug: text('slug').notNull(),
    title: localized('title'),
    body: localized('body'),
    order: integer('order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('brand_pages_slug_idx').on(t.whiteLabelId, t.slug)],
);
