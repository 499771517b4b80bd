import { promotionsResponse, restosResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { promotions } from '../../db/schema.ts';
import { expectError, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

let clock = Date.parse('2026-11-22T12:00:00Z');
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(() => ctx.close());

it('answers only the promotions running now, highest priority first', async () => {
  const rows = await ctx.database.db.select().from(promotions);
  const list = await getValid(ctx.app, '/1/restos/1/promotions', promotionsResponse);
  expect(list.length).toBeGreaterThan(0);
  for (const p of list) {
    expect(p.startsAt === null || Date.parse(p.startsAt) <= clock).toBe(true);
    expect(p.endsAt === null || Date.parse(p.endsAt) > clock).toBe(true);
  }
  const priorities = list.map((p) => p.priority);
  expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
  const ended = rows.filter((r) => r.endsAt && r.endsAt.getTime() <= clock);
  const future = rows.filter((r) => r.startsAt && r.startsAt.getTime() > clock);
  expect(ended.length).toBeGreaterThan(0);
  expect(future.length).toBeGreaterThan(0);
  for (const r of [...ended, ...future]) expect(list.some((p) => p.id === r.id)).toBe(false);
});

it('keeps a promotion for other restaurants out of this one', async () => {
  const restos = await getValid(ctx.app, '/1/p/restos', restosResponse);
  const seen = new Map<number, number>();
  for (const { id } of restos) {
    for (const p of await getValid(ctx.app, `/1/restos/${id}/promotions`, promotionsResponse)) {
      seen.set(p.id, (seen.get(p.id) ?? 0) + 1);
    }
  }
  // Some promotions run everywhere, some only in a few restaurants.
  const counts = new Set(seen.values());
  expect(counts.has(restos.length)).toBe(true);
  expect([...counts].some((n) => n < restos.length)).toBe(true);
});

it('lets a cached answer expire the moment a promotion starts or ends', async () => {
  const startsAt = new Date(clock + 3_600_000);
  const endsAt = new Date(clock + 7_200_000);
  const [created] = await ctx.database.db
    .insert(promotions)
    .values({
      whiteLabelId: 'demo',
      title: { ru: 'Скоро', en: 'Soon' },
      text: { ru: '…', en: '…' },
      priority: 1,
      startsAt,
      endsAt,
    })
    .returning();
  await ctx.app.catalog.refresh();
  const ids = async () =>
    (await getValid(ctx.app, '/1/restos/1/promotions', promotionsResponse)).map((p) => p.id);
  expect(await ids()).not.toContain(created?.id);
  clock = startsAt.getTime();
  expect(await ids()).toContain(created?.id);
  clock = endsAt.getTime();
  expect(await ids()).not.toContain(created?.id);
  await expectError(ctx.app, '/1/restos/777/promotions', 404, 'resto.not-found');
});
