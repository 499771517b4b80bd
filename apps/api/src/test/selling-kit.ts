import type { FreeCondiment, Minor } from '@storefront/domain';
import { eq, inArray } from 'drizzle-orm';
import type { StorefrontApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { menus, promotionRestos, promotions } from '../db/schema.ts';
import { withBrandSettings } from './brand-kit.ts';

/**
 * Helpers of the selling tests (decision 56): the test template starts with no free condiments, no gift promotion
 * and no add-on lists whatever the demo seed says; a test turns on what it tests, by the rows the back office
 * writes, and the instance reloads them with the catalog.
 */

/** The demo menu's condiments: soy sauce, ginger, wasabi, chopsticks (menu 1, delivered and taken away). */
export const SOY = 53;
export const GINGER = 54;
export const WASABI = 55;
export const CHOPSTICKS = 56;
/** The bar (menu 2, take-away only): a soft drink, and sake (18+). */
export const RAMUNE = 101;
export const SAKE = 105;

/** Every selling setting of the demo brand off: what the template holds (global-setup.ts). */
export async function sellingOff(app: StorefrontApp, db: Database) {
  const gifts = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.kind, 'gift'));
  if (gifts.length > 0)
    await db.delete(promotions).where(
      inArray(
        promotions.id,
        gifts.map((g) => g.id),
      ),
    );
  await db.update(menus).set({ addOnPositionIds: [] });
  await withBrandSettings(db, (brand) => ({ ...brand, freeCondiments: [] }));
  await app.catalog.refresh();
}

/** The brand's free condiments by persons, as the brand screen saves them. */
export async function freeCondimentsOn(app: StorefrontApp, db: Database, condiments: FreeCondiment[]) {
  await withBrandSettings(db, (brand) => ({ ...brand, freeCondiments: condiments }));
  await app.catalog.refresh();
}

/** A menu's add-on list, in the manager's order. */
export async function menuAddOns(app: StorefrontApp, db: Database, menuId: number, positionIds: number[]) {
  await db.update(menus).set({ addOnPositionIds: positionIds }).where(eq(menus.id, menuId));
  await app.catalog.refresh();
}

export interface GiftSettings {
  minSum: number;
  positionIds: number[];
  withPromoCode?: boolean;
  withBonus?: boolean;
  /** Empty: every restaurant of the brand. */
  restoIds?: number[];
  startsAt?: Date | null;
  endsAt?: Date | null;
  title?: { ru: string; en?: string };
}

/** A published gift promotion; answers its id. */
export async function giftPromotion(app: StorefrontApp, db: Database, gift: GiftSettings): Promise<number> {
  const [row] = await db
    .insert(promotions)
    .values({
      whiteLabelId: 'demo',
      title: gift.title ?? { ru: 'Подарок к заказу', en: 'A gift with the order' },
      text: { ru: 'Ролл в подарок', en: 'A roll as a gift' },
      kind: 'gift',
      giftMinSum: gift.minSum as Minor,
      giftPositionIds: gift.positionIds,
      giftWithPromoCode: gift.withPromoCode ?? false,
      giftWithBonus: gift.withBonus ?? true,
      startsAt: gift.startsAt ?? null,
      endsAt: gift.endsAt ?? null,
    })
    .returning({ id: promotions.id });
  const id = row?.id as number;
  if (gift.restoIds?.length)
    await db.insert(promotionRestos).values(gift.restoIds.map((restoId) => ({ promotionId: id, restoId })));
  await app.catalog.refresh();
  return id;
}

/** Changes a gift promotion's dishes or threshold (the back office's edit). */
export async function changeGift(
  app: StorefrontApp,
  db: Database,
  id: number,
  change: { minSum?: number; positionIds?: number[] },
) {
  await db
    .update(promotions)
    .set({
      ...(change.minSum !== undefined && { giftMinSum: change.minSum as Minor }),
      ...(change.positionIds && { giftPositionIds: change.positionIds }),
    })
    .where(eq(promotions.id, id));
  await app.catalog.refresh();
}
