import { afterAll, beforeAll, expect, it } from 'vitest';
import { whiteLabels } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { findOrCreatePersonByPhone, personProfile } from './persons.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(whiteLabels).values({ id: 'other', name: { ru: 'Другой' } });
});
afterAll(() => database.dispose());

it('keeps one person per phone and brand, and brands apart', async () => {
  const [a, b, c] = await Promise.all([
    findOrCreatePersonByPhone(database.db, 'demo', '+79170000001'),
    findOrCreatePersonByPhone(database.db, 'demo', '+79170000001'),
    findOrCreatePersonByPhone(database.db, 'other', '+79170000001'),
  ]);
  expect(a).toBe(b);
  expect(c).not.toBe(a);
  expect(await personProfile(database.db, 'demo', a)).toMatchObject({
    id: a,
    phone: '+79170000001',
    deliveries: [],
  });
  // A person of another brand is nobody here.
  expect(await personProfile(database.db, 'demo', c)).toBeUndefined();
});
