import { minor } from '@storefront/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { positionModifiers, positions } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { CatalogRowCache } from './catalog-rows.ts';
import { loadCatalogSnapshot } from './catalog-snapshot.ts';
import { ChangedRows } from './changed-rows.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const readIn = <T>(
  read: (tx: Parameters<Parameters<TestDatabase['db']['transaction']>[0]>[0]) => Promise<T>,
) => database.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

const allDishes = async () => (await database.db.select().from(positions)).sort((a, b) => a.id - b.id);
const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

describe('ChangedRows', () => {
  it('reads everything once, then only the rows another writer changed, added or removed', async () => {
    const dishes = new ChangedRows(positions);
    expect(byId(await readIn((tx) => dishes.read(tx)))).toEqual(await allDishes());
    const total = dishes.lastFetched;
    expect(total).toBeGreaterThan(10);

    expect(byId(await readIn((tx) => dishes.read(tx)))).toEqual(await allDishes());
    expect(dishes.lastFetched).toBe(0);

    await database.db
      .update(positions)
      .set({ price: minor(12_345) })
      .where(eq(positions.id, 3));
    const afterEdit = await readIn((tx) => dishes.read(tx));
    expect(dishes.lastFetched).toBe(1);
    expect(afterEdit.find((p) => p.id === 3)?.price).toBe(12_345);
    expect(byId(afterEdit)).toEqual(await allDishes());

    // A copy of dish 5 as a new row, then the copy removed: the new row is read, the removed one dropped.
    const [original] = await database.db.select().from(positions).where(eq(positions.id, 5));
    if (!original) throw new Error('the demo has dish 5');
    const { id: _id, ...fields } = original;
    const [copy] = await database.db
      .insert(positions)
      .values({ ...fields, key: 'changed-rows-copy' })
      .returning({ id: positions.id });
    const withCopy = await readIn((tx) => dishes.read(tx));
    expect(dishes.lastFetched).toBe(1);
    expect(withCopy.map((p) => p.id)).toContain(copy?.id);
    await database.db.delete(positions).where(eq(positions.key, 'changed-rows-copy'));
    const withoutCopy = await readIn((tx) => dishes.read(tx));
    expect(dishes.lastFetched).toBe(0);
    expect(byId(withoutCopy)).toEqual(await allDishes());
  });

  it('reads the whole table again when most rows changed (a bulk price change, an import)', async () => {
    const dishes = new ChangedRows(positions);
    await readIn((tx) => dishes.read(tx));
    await database.db.update(positions).set({ price: sql`${positions.price} + 100` });
    const after = await readIn((tx) => dishes.read(tx));
    expect(dishes.lastFetched).toBe(after.length);
    expect(byId(after)).toEqual(await allDishes());
  });

  it('sees the rows as of its transaction, not a writer that commits during the read', async (context) => {
    // PGlite has one connection: a second writer during an open transaction needs the PostgreSQL server.
    if (!database.url) return context.skip();
    const writer = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    onTestFinished(() => writer.close());
    const attachments = new ChangedRows(positionModifiers);
    await readIn((tx) => attachments.read(tx));
    const [first] = await database.db.select().from(positionModifiers).limit(1);
    if (!first) throw new Error('the demo attaches modifiers to dishes');
    const seen = await readIn(async (tx) => {
      // The versions are read first; the edit lands before the rows would be: the snapshot must hold.
      const rows = await attachments.read(tx);
      await writer.db.update(positionModifiers).set({ order: 99 }).where(eq(positionModifiers.id, first.id));
      return rows;
    });
    expect(seen.find((a) => a.id === first.id)?.order).toBe(first.order);
    const next = await readIn((tx) => attachments.read(tx));
    expect(next.find((a) => a.id === first.id)?.order).toBe(99);
    expect(attachments.lastFetched).toBe(1);
  });
});

describe('loadCatalogSnapshot with the previous load kept', () => {
  it('builds the same snapshot as a full read after edits, hides and reorders', async () => {
    const cache = new CatalogRowCache();
    await loadCatalogSnapshot(database.db, undefined, cache);
    await database.db
      .update(positions)
      .set({ price: minor(77_700) })
      .where(eq(positions.id, 1));
    await database.db.update(positions).set({ isPublished: false }).where(eq(positions.id, 4));
    await database.db
      .update(positions)
      .set({ order: -1 })
      .where(inArray(positions.id, [8]));
    const incremental = await loadCatalogSnapshot(database.db, undefined, cache);
    expect(cache.positions.lastFetched).toBe(3);
    const full = await loadCatalogSnapshot(database.db);
    expect(incremental).toEqual(full);
    const menu = [...incremental.menus.values()].find((m) => m.positions.some((p) => p.id === 1));
    expect(menu?.positions.find((p) => p.id === 1)?.price).toBe(77_700);
    expect(menu?.positions.some((p) => p.id === 4)).toBe(false);
    expect(menu?.positions[0]?.id).toBe(8);
  });
});
