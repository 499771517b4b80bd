import { sql } from 'drizzle-orm';
import { type Database, MIGRATION_LOCK_KEY } from '../client.ts';
import * as t from '../schema.ts';
import type { BrandSeed } from './seed-schema.ts';

/** Tables whose ids the seed sets explicitly; their sequences move past the seeded ids afterwards. */
const SERIAL_TABLES = [
  'cities',
  'tags',
  'restos',
  'menus',
  'position_groups',
  'positions',
  'modifiers',
  'modifier_items',
  'position_modifiers',
  'time_slots',
  'delivery_zones',
  'delivery_rules',
  'promotions',
  'promo_codes',
] as const;

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** Whether any brand is in the database; start-up seeds the configured brand only into an empty one. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: t.whiteLabels.id }).from(t.whiteLabels).limit(1);
  return rows.length === 0;
}

/**
 * Writes a whole brand in one transaction: either all of it lands or nothing does. With onlyIfEmpty
 * (start-up), it takes the migration lock first so two instances starting together seed once.
 * Answers whether it seeded.
 */
export async function seedBrand(
  db: Database,
  seed: BrandSeed,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<boolean> {
  const wl = seed.whiteLabel.id;
  return db.transaction(async (tx) => {
    if (options.onlyIfEmpty) {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      if (!(await isDatabaseEmpty(tx as unknown as Database))) return false;
    }
    await tx.insert(t.whiteLabels).values({ id: wl, name: seed.whiteLabel.name });
    await tx.insert(t.tags).values(seed.tags.map((tag) => ({ ...tag, whiteLabelId: wl })));
    const tagId = new Map(seed.tags.map((tag) => [tag.code, tag.id]));

    await tx.insert(t.cities).values(
      seed.cities.map((city) => ({
        id: city.id,
        whiteLabelId: wl,
        name: city.name,
        centerLat: city.center.lat,
        centerLng: city.center.lng,
        southWestLat: city.bounds.southWest.lat,
        southWestLng: city.bounds.southWest.lng,
        northEastLat: city.bounds.northEast.lat,
        northEastLng: city.bounds.northEast.lng,
        zoom: city.zoom,
        order: city.order,
      })),
    );

    await tx.insert(t.menus).values(
      seed.menus.map((menu) => ({
        id: menu.id,
        whiteLabelId: wl,
        name: menu.name,
        order: menu.order,
        isDelivery: menu.methods.delivery,
        isTakeAway: menu.methods.takeAway,
        isOnline: menu.methods.online,
        isTable: menu.methods.table,
      })),
    );
    const groups = seed.menus.flatMap((menu) => menu.groups.map((group) => ({ ...group, menuId: menu.id })));
    if (groups.length > 0) await tx.insert(t.positionGroups).values(groups);
    const positions = seed.menus.flatMap((menu) => menu.positions.map((p) => ({ ...p, menuId: menu.id })));
    await tx.insert(t.positions).values(
      positions.map(({ tags: _tags, measure, ...p }) => ({
        ...p,
        measureValue: measure?.value ?? null,
        measureUnit: measure?.unit ?? null,
      })),
    );
    const positionTags = positions.flatMap((p) =>
      p.tags.map((code) => ({ positionId: p.id, tagId: tagId.get(code) ?? 0 })),
    );
    if (positionTags.length > 0) await tx.insert(t.positionTags).values(positionTags);

    await tx.insert(t.restos).values(
      seed.restos.map((r) => ({
        id: r.id,
        whiteLabelId: wl,
        name: r.name,
        address: r.address,
        street: r.street,
        description: r.description,
        averageCheck: r.averageCheck,
        currency: r.currency,
        emails: r.emails,
        phones: r.phones,
        links: r.links,
        lat: r.location.lat,
        lng: r.location.lng,
        order: r.order,
        timezone: r.timezone,
        orderCode: r.orderCode,
        takeAwayMinutes: r.takeAwayMinutes,
        takeAwayMaxOrderSum: r.takeAwayMaxOrderSum ?? null,
        isDelivery: r.methods.delivery,
        isTakeAway: r.methods.takeAway,
        isOnline: r.methods.online,
        isTable: r.methods.table,
        payDelivery: r.payConfig.delivery,
        payTakeAway: r.payConfig.takeAway,
        payEngine: r.payEngine,
        photos: r.photos,
      })),
    );
    await tx
      .insert(t.restoCities)
      .values(seed.restos.flatMap((r) => r.cityIds.map((cityId) => ({ restoId: r.id, cityId }))));
    await tx
      .insert(t.restoMenus)
      .values(seed.restos.flatMap((r) => r.menuIds.map((menuId) => ({ restoId: r.id, menuId }))));
    const restoTags = seed.restos.flatMap((r) =>
      r.tags.map((code) => ({ restoId: r.id, tagId: tagId.get(code) ?? 0 })),
    );
    if (restoTags.length > 0) await tx.insert(t.restoTags).values(restoTags);
    await tx
      .insert(t.openingHours)
      .values(seed.restos.flatMap((r) => r.openingHours.map((d) => ({ ...d, restoId: r.id }))));
    const preOrders = seed.restos.flatMap((r) => r.preOrder.map((p) => ({ ...p, restoId: r.id })));
    if (preOrders.length > 0) await tx.insert(t.preOrderSettings).values(preOrders);

    await tx
      .insert(t.modifiers)
      .values(
        seed.modifiers.modifiers.map((m) => ({ id: m.id, whiteLabelId: wl, name: m.name, nameUi: m.nameUi })),
      );
    await tx
      .insert(t.modifierItems)
      .values(
        seed.modifiers.modifiers.flatMap((m) => m.items.map((item) => ({ ...item, modifierId: m.id }))),
      );
    if (seed.modifiers.attachments.length > 0)
      await tx.insert(t.positionModifiers).values(seed.modifiers.attachments);

    if (seed.timeSlots.length > 0) {
      await tx
        .insert(t.timeSlots)
        .values(seed.timeSlots.map((s) => ({ id: s.id, whiteLabelId: wl, name: s.name })));
      await tx
        .insert(t.timeSlotDetails)
        .values(seed.timeSlots.flatMap((s) => s.details.map((d) => ({ ...d, timeSlotId: s.id }))));
      await tx
        .insert(t.timeSlotPositions)
        .values(
          seed.timeSlots.flatMap((s) =>
            s.positionIds.map((positionId) => ({ timeSlotId: s.id, positionId })),
          ),
        );
    }

    if (seed.zones.length > 0) {
      await tx
        .insert(t.deliveryZones)
        .values(seed.zones.map((z) => ({ id: z.id, restoId: z.restoId, name: z.name, polygon: z.polygon })));
      await tx.insert(t.deliveryRules).values(
        seed.zones.flatMap((z) =>
          z.rules.map((rule) => ({
            zoneId: z.id,
            orderPriceMin: rule.orderPrice.min,
            orderPriceMax: rule.orderPrice.max,
            deliveryPrice: rule.deliveryPrice,
            timeMinutes: rule.time,
          })),
        ),
      );
    }

    if (seed.promotions.length > 0) {
      await tx.insert(t.promotions).values(
        seed.promotions.map(({ restoIds: _r, startsAt, endsAt, ...p }) => ({
          ...p,
          whiteLabelId: wl,
          startsAt: toDate(startsAt),
          endsAt: toDate(endsAt),
        })),
      );
      const links = seed.promotions.flatMap((p) =>
        p.restoIds.map((restoId) => ({ promotionId: p.id, restoId })),
      );
      if (links.length > 0) await tx.insert(t.promotionRestos).values(links);
    }

    if (seed.promoCodes.length > 0) {
      await tx.insert(t.promoCodes).values(
        seed.promoCodes.map(({ restoIds: _r, hours, startsAt, endsAt, ...code }) => ({
          ...code,
          whiteLabelId: wl,
          startsAt: toDate(startsAt),
          endsAt: toDate(endsAt),
          hoursFrom: hours?.from ?? null,
          hoursTo: hours?.to ?? null,
        })),
      );
      const links = seed.promoCodes.flatMap((c) =>
        c.restoIds.map((restoId) => ({ promoCodeId: c.id, restoId })),
      );
      if (links.length > 0) await tx.insert(t.promoCodeRestos).values(links);
    }

    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from "${table}"), 1))`,
        ),
      );
    }
    return true;
  });
}
