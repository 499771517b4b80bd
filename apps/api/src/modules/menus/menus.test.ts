import {
  EXTENDED_COOKING_TAG,
  modifiersResponse,
  positionGroupsResponse,
  positionsResponse,
  restoResponse,
  timeSlotsResponse,
  UNGROUPED_GROUP_ID,
} from '@storefront/domain/contracts';
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../db/schema.ts';
import { expectError, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function menuIds(): Promise<number[]> {
  const resto = await getValid(ctx.app, '/1/p/restos/1', restoResponse);
  return resto.menus.map((m) => m.id);
}

describe('GET /1/p/menus/{id}/position-groups', () => {
  it("adds the synthetic group 0 'Прочее' last exactly when some dishes have no group", async () => {
    for (const menuId of await menuIds()) {
      const groups = await getValid(ctx.app, `/1/p/menus/${menuId}/position-groups`, positionGroupsResponse);
      const dishes = await getValid(ctx.app, `/1/p/menus/${menuId}/positions`, positionsResponse);
      const ungrouped = dishes.some((p) => p.positionGroup === null);
      const synthetic = groups.find((g) => g.id === UNGROUPED_GROUP_ID);
      expect(synthetic !== undefined, `menu ${menuId}`).toBe(ungrouped);
      if (synthetic) {
        expect(synthetic).toEqual({
          id: 0,
          menuId,
          name: { ru: 'Прочее', en: 'Other' },
          order: 999999,
          photos: [],
        });
        expect(groups.at(-1)).toEqual(synthetic);
      }
      const orders = groups.map((g) => g.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('drops the synthetic group once every dish has a group again, on every instance', async () => {
    const menuId = 1;
    const before = await getValid(ctx.app, `/1/p/menus/${menuId}/position-groups`, positionGroupsResponse);
    expect(before.some((g) => g.id === 0)).toBe(true);
    const firstGroup = before[0]?.id ?? 0;
    await ctx.database.db.update(positions).set({ groupId: firstGroup }).where(isNull(positions.groupId));
    // The trigger moved the catalog revision; the instance notices on its next poll.
    expect(await ctx.app.catalog.refresh()).toBe(true);
    const after = await getValid(ctx.app, `/1/p/menus/${menuId}/position-groups`, positionGroupsResponse);
    expect(after.some((g) => g.id === 0)).toBe(false);
    await expectError(ctx.app, '/1/p/menus/1/positions?groupId=0', 404, 'position-group.not-found');
    expect(await ctx.app.catalog.refresh()).toBe(false);
  });

  it('answers 404 for an unknown menu and 400 for a malformed id', async () => {
    await expectError(ctx.app, '/1/p/menus/9999/position-groups', 404, 'menu.not-found');
    await expectError(ctx.app, '/1/p/menus/first/position-groups', 400, 'request.invalid');
  });
});

describe('GET /1/p/menus/{id}/positions', () => {
  it('answers dishes with positive integer prices, units and ru/en texts', async () => {
    let count = 0;
    const units = new Set<string>();
    for (const menuId of await menuIds()) {
      const dishes = await getValid(ctx.app, `/1/p/menus/${menuId}/positions`, positionsResponse);
      expect(dishes.length).toBeGreaterThan(0);
      for (const dish of dishes) {
        expect(dish.menu.id).toBe(menuId);
        expect(Number.isInteger(dish.price) && dish.price > 0).toBe(true);
        expect(dish.name.ru.length).toBeGreaterThan(0);
        expect(dish.name.en?.length).toBeGreaterThan(0);
        if (dish.measure) units.add(dish.measure.unit);
      }
      count += dishes.length;
    }
    expect(count).toBeGreaterThanOrEqual(55);
    expect(units).toEqual(new Set(['g', 'pc', 'ml', 'cm']));
  });

  it('marks adult drinks and the extended-cooking dish', async () => {
    const all = (
      await Promise.all(
        (await menuIds()).map((id) => getValid(ctx.app, `/1/p/menus/${id}/positions`, positionsResponse)),
      )
    ).flat();
    expect(all.filter((p) => p.isAdult).length).toBeGreaterThanOrEqual(3);
    expect(all.some((p) => p.tags.some((t) => t.code === EXTENDED_COOKING_TAG))).toBe(true);
  });

  it('filters by group', async () => {
    const groups = await getValid(ctx.app, '/1/p/menus/1/position-groups', positionGroupsResponse);
    const first = groups[0];
    if (!first) throw new Error('menu 1 has no groups');
    const inGroup = await getValid(ctx.app, `/1/p/menus/1/positions?groupId=${first.id}`, positionsResponse);
    expect(inGroup.length).toBeGreaterThan(0);
    for (const dish of inGroup) expect(dish.positionGroup?.id).toBe(first.id);
    await expectError(ctx.app, '/1/p/menus/1/positions?groupId=98765', 404, 'position-group.not-found');
    await expectError(ctx.app, '/1/p/menus/1/positions?groupId=-2', 400, 'request.invalid');
  });

  it('answers groupId=0 with exactly the dishes without a group', async () => {
    // Its own data: an earlier test gives every dish of menu 1 a group, so two dishes lose theirs here
    // whatever ran before (the order tests run in must not decide what this one sees).
    const before = await getValid(ctx.app, '/1/p/menus/1/positions', positionsResponse);
    const chosen = before
      .filter((p) => p.positionGroup !== null)
      .slice(0, 2)
      .map((p) => p.id);
    expect(chosen).toHaveLength(2);
    await ctx.database.db.update(positions).set({ groupId: null }).where(inArray(positions.id, chosen));
    await ctx.app.catalog.refresh();

    const all = await getValid(ctx.app, '/1/p/menus/1/positions', positionsResponse);
    const ungrouped = all.filter((p) => p.positionGroup === null).map((p) => p.id);
    expect(ungrouped).toEqual(expect.arrayContaining(chosen));
    const zero = await getValid(
      ctx.app,
      `/1/p/menus/1/positions?groupId=${UNGROUPED_GROUP_ID}`,
      positionsResponse,
    );
    expect(zero.map((p) => p.id)).toEqual(ungrouped);
    expect(zero.length).toBeLessThan(all.length);
    const groups = await getValid(ctx.app, '/1/p/menus/1/position-groups', positionGroupsResponse);
    expect(groups.at(-1)?.id).toBe(UNGROUPED_GROUP_ID);
  });
});

describe('modifiers and time slots of a restaurant', () => {
  it("answers modifier groups of the restaurant's dishes with coherent min/max", async () => {
    const entries = await getValid(ctx.app, '/1/restos/1/positions/modifiers', modifiersResponse);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    const required = entries.flatMap((e) => e.modifiers).filter((m) => m.minCount > 0);
    expect(required.length).toBeGreaterThan(0);
    for (const modifier of entries.flatMap((e) => e.modifiers)) {
      expect(modifier.minCount).toBeLessThanOrEqual(modifier.maxCount);
      expect(modifier.items.length).toBeGreaterThan(0);
    }
    await expectError(ctx.app, '/1/restos/31337/positions/modifiers', 404, 'resto.not-found');
  });

  it('answers the lunch time slot with weekend days inactive', async () => {
    const slots = await getValid(ctx.app, '/1/restos/1/position-time-slots', timeSlotsResponse);
    const lunch = slots.find((s) => s.details.some((d) => d.startAt === '11:00'));
    expect(lunch).toBeDefined();
    const weekend = lunch?.details.filter((d) => d.dayOfWeek >= 6) ?? [];
    expect(weekend.every((d) => !d.isActive)).toBe(true);
    const dishes = await getValid(ctx.app, '/1/p/menus/1/positions', positionsResponse);
    for (const id of lunch?.positionIds ?? []) expect(dishes.some((p) => p.id === id)).toBe(true);
  });
});

it('answers a dish withdrawn from sale nowhere', async () => {
  const dishes = await getValid(ctx.app, '/1/p/menus/1/positions', positionsResponse);
  const victim = dishes[0];
  if (!victim) throw new Error('no dishes');
  await ctx.database.db.update(positions).set({ isPublished: false }).where(eq(positions.id, victim.id));
  await ctx.app.catalog.refresh();
  const after = await getValid(ctx.app, '/1/p/menus/1/positions', positionsResponse);
  expect(after.some((p) => p.id === victim.id)).toBe(false);
});
