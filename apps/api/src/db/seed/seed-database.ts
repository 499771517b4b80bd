import type { BonusProgram } from '@storefront/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { applyMenuFile, checkMenuFileAgainst, MenuFileInvalid } from '../../modules/admin/admin-menu-file.ts';
import { type Database, MIGRATION_LOCK_KEY } from '../client.ts';
import * as t from '../schema.ts';
import { BrandSeedError } from './load-brand-seed.ts';
import { seedMenuFile } from './seed-menu-file.ts';
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

/**
 * Writes the seed's menu with the menu-file import's own check and apply, in the caller's transaction (decision 47).
 * The demo keeps its ids (e2e journeys, benches and tests name dish 1, menu 2): the apply gives the rows it creates
 * the seed's ids. That is sturdier than relying on an empty database's sequences handing out 1, 2, 3 in file order:
 * the demo's ids have gaps (dishes 101…, groups 11…) and its attachments are not listed in dish order. Attachments
 * have no id in the seed: they follow the table's highest id in the seed's order (1, 2, 3… on the empty database a
 * start seeds, as the plain insert gave them), counted from the table rather than taken from its sequence, so a
 * refused seed uses up no sequence values and the next try numbers them the same.
 * No audit entry: seeding is the database's starting state, not anyone's edit, and the change log starts empty.
 */
async function seedMenu(tx: Executor, seed: BrandSeed): Promise<void> {
  const actor = { whiteLabel: seed.whiteLabel.id, staffId: null, login: 'seed' };
  const top = await tx.execute(sql`select coalesce(max(id), 0)::int as id from position_modifiers`);
  const highest = (top as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
  const attachmentIds = seed.modifiers.attachments.map((_, index) => highest + index + 1);
  const { file, idOf } = seedMenuFile(seed, attachmentIds);
  try {
    const checked = await checkMenuFileAgainst(tx, actor.whiteLabel, file, 'en');
    await applyMenuFile(tx, actor, checked, new Date(), { idOf, audit: false });
  } catch (error) {
    if (!(error instanceof MenuFileInvalid)) throw error;
    // Its paths are the file's: menus.0.dishes.3 is the 4th position of the 1st menu of menus.json.
    throw new BrandSeedError(
      `The menu of ${seed.whiteLabel.id}'s seed is refused by the menu-file import:\n- ${error.errors
        .map((e) => `${e.field}: ${e.message}`)
        .join('\n- ')}`,
    );
  }
}

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
    if (seed.whiteLabel.bonusProgram) {
      await tx.insert(t.bonusPrograms).values({
        whiteLabelId: wl,
        program: seed.whiteLabel.bonusProgram as BonusProgram,
        updatedAt: new Date(),
      });
    }
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
        slotCapacityDelivery: r.slotCapacity?.DELIVERY ?? null,
        slotCapacityTakeAway: r.slotCapacity?.TAKE_AWAY ?? null,
        isDelivery: r.methods.delivery,
        isTakeAway: r.methods.takeAway,
        isOnline: r.methods.online,
        isTable: r.methods.table,
        payDelivery: r.payConfig.delivery,
        payTakeAway: r.payConfig.takeAway,
        payEngine: r.payEngine,
        onlineMethods: r.onlineMethods ?? ['card'],
        photos: r.photos,
      })),
    );
    await tx
      .insert(t.restoCities)
      .values(seed.restos.flatMap((r) => r.cityIds.map((cityId) => ({ restoId: r.id, cityId }))));
    const restoTags = seed.restos.flatMap((r) =>
      r.tags.map((code) => ({ restoId: r.id, tagId: tagId.get(code) ?? 0 })),
    );
    if (restoTags.length > 0) await tx.insert(t.restoTags).values(restoTags);
    await tx
      .insert(t.openingHours)
      .values(seed.restos.flatMap((r) => r.openingHours.map((d) => ({ ...d, restoId: r.id }))));
    const preOrders = seed.restos.flatMap((r) => r.preOrder.map((p) => ({ ...p, restoId: r.id })));
    if (preOrders.length > 0) await tx.insert(t.preOrderSettings).values(preOrders);

    // The menu (menus and their restaurants, groups, dishes, modifier groups, time slots) goes through the
    // menu-file import, as a chain's file does (decision 47), in this transaction: after the restaurants it names.
    await seedMenu(tx, seed);
    // The menus' add-on lists (decision 56), which the menu file does not carry.
    for (const menu of seed.menus)
      if (menu.addOnPositionIds.length > 0)
        await tx
          .update(t.menus)
          .set({ addOnPositionIds: menu.addOnPositionIds })
          .where(eq(t.menus.id, menu.id));

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
        seed.promotions.map(({ restoIds: _r, startsAt, endsAt, gift, ...p }) => ({
          ...p,
          ...(gift
            ? {
                kind: 'gift' as const,
                giftMinSum: gift.minSum,
                giftPositionIds: gift.positionIds,
                giftWithPromoCode: gift.withPromoCode,
                giftWithBonus: gift.withBonus,
              }
            : {}),
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
