import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from './app.ts';
import { createTestApp, type TestDatabase } from './test/test-app.ts';

/**
 * 'No request of any kind yields a 500': every route the OpenAPI document lists gets path values, query
 * values, bodies and bearer tokens that are wrong in every usual way. Each answer must be a success or a
 * refusal in the docs/product.md §8 shape with a code and words; only 502/503 (an outside service down) are allowed
 * above 499, and here no outside service is configured to fail. Every status answered must be one the
 * operation documents, so the OpenAPI document tells clients the whole truth.
 */
let app: StorefrontApp;
let close: () => Promise<void>;
let database: TestDatabase;
beforeAll(async () => {
  ({ app, close, database } = await createTestApp());
});
afterAll(() => close());

const VALUES = [
  '1',
  '2',
  '0',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999',
  'abc',
  'null',
  'true',
  '[]',
  '{}',
  '../..',
  '%00',
  '💥',
  ' 1',
  'a'.repeat(300),
];
const BODIES: unknown[] = [
  null,
  'text',
  1,
  [],
  {},
  { phone: 1, code: {}, apiKey: null },
  { phone: 'x'.repeat(5000), whiteLabel: ['demo'] },
  {
    apiKey: 'demo-public-api-key',
    phone: '+7 912 000-00-00',
    code: '12345a',
    whiteLabel: 'demo',
    mode: 'APP',
  },
  { deep: { deeper: [1, { deepest: null }] } },
  // Well-formed for the staff calls (decision 23), so their handlers run, not only their schemas.
  { login: 'nobody.here', password: 'wrong-password', refreshToken: 'A'.repeat(43) },
];
const QUERY_KEYS = ['lat', 'lng', 'q', 'limit', 'cityId', 'restoId', 'menuId', 'placeId', 'format', 'zoom'];

it('answers junk on every documented route with a success or a coded refusal, never a 500', async () => {
  const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  expect(Object.keys(spec.paths).length).toBeGreaterThan(20);
  const faults: string[] = [];
  const undocumented = new Set<string>();
  let requests = 0;
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const method of Object.keys(methods)) {
      for (const value of VALUES) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replace(/%25/g, '%'));
        const query = QUERY_KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join('&');
        for (const target of [url, `${url}?${query}`]) {
          for (const body of method === 'get' ? [undefined] : BODIES) {
            requests++;
            const response = await app.inject({
              method: method.toUpperCase() as 'GET' | 'POST',
              url: target,
              headers: { authorization: `Bearer ${value}`, 'content-type': 'application/json' },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            if (!(String(response.statusCode) in (methods[method]?.responses ?? {})))
              undocumented.add(`${method.toUpperCase()} ${path} -> ${response.statusCode}`);
            const where = `${method.toUpperCase()} ${target.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)}`;
            if (response.statusCode >= 500) faults.push(`${where} -> ${response.statusCode}`);
            else if (
              response.statusCode >= 400 &&
              String(response.headers['content-type']).startsWith('text/html')
            ) {
              // A page for people (the demo engine's payment page): a page with a heading, not a JSON refusal.
              if (!response.body.includes('<h1>'))
                faults.push(`${where} -> ${response.statusCode} an empty page`);
            } else if (response.statusCode >= 400) {
              const first = (response.json() as { errors?: { code?: unknown; message?: unknown }[] })
                .errors?.[0];
              if (
                typeof first?.code !== 'string' ||
                typeof first.message !== 'string' ||
                first.message === ''
              )
                faults.push(
                  `${where} -> ${response.statusCode} without a coded message: ${response.body.slice(0, 120)}`,
                );
            }
          }
        }
      }
    }
  }
  expect(requests).toBeGreaterThan(2500);
  expect(faults.slice(0, 10)).toEqual([]);
  expect([...undocumented]).toEqual([]);
}, 120_000);

it('answers junk on every staff route with a valid staff token by a coded, documented refusal', async () => {
  const { addTestStaff, staffHeaders } = await import('./test/staff-kit.ts');
  const staffId = await addTestStaff(database.db, { login: 'junk-op', role: 'operator', restoIds: [1] });
  const headers = { ...(await staffHeaders(app, staffId)), 'content-type': 'application/json' };
  const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const staffPaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/staff/'));
  expect(staffPaths.length).toBeGreaterThanOrEqual(7);
  const faults: string[] = [];
  for (const [path, methods] of staffPaths) {
    for (const method of Object.keys(methods)) {
      for (const value of VALUES) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replace(/%25/g, '%'));
        const query = QUERY_KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join('&');
        for (const target of [url, `${url}?${query}`]) {
          for (const body of method === 'get' ? [undefined] : BODIES) {
            const response = await app.inject({
              method: method.toUpperCase() as 'GET' | 'POST',
              url: target,
              headers,
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            const where = `${method.toUpperCase()} ${target.slice(0, 100)} ${JSON.stringify(body)?.slice(0, 60)}`;
            if (!(String(response.statusCode) in (methods[method]?.responses ?? {})))
              faults.push(`${where} -> ${response.statusCode} undocumented`);
            if (response.statusCode >= 500) faults.push(`${where} -> ${response.statusCode}`);
            else if (response.statusCode >= 400) {
              const first = (response.json() as { errors?: { code?: unknown }[] }).errors?.[0];
              if (typeof first?.code !== 'string') faults.push(`${where} -> ${response.statusCode} uncoded`);
            }
          }
        }
      }
    }
  }
  expect(faults.slice(0, 10)).toEqual([]);
});

it('answers junk on every admin route with a manager’s token by a coded, documented refusal, changing nothing', async () => {
  const { addTestStaff, staffHeaders } = await import('./test/staff-kit.ts');
  const { changedTables, databaseFingerprint } = await import('./test/database-fingerprint.ts');
  const staffId = await addTestStaff(database.db, { login: 'junk-manager', role: 'manager' });
  const headers = { ...(await staffHeaders(app, staffId)), 'content-type': 'application/json' };
  const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const adminPaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/admin/'));
  expect(adminPaths.length).toBeGreaterThanOrEqual(4);
  // Bodies that pass the contracts, so the handlers' own refusals run: no If-Match, an unknown dish, a price
  // below one kopeck, a reorder not listing the menu's groups or the group's dishes, a hide without If-Match.
  const bodies = [
    ...BODIES,
    { price: 100 },
    { positionIds: [987_654], change: { amount: -1 } },
    { positionIds: [1], change: { percent: -100 } },
    { groupIds: [987_654, 987_654] },
    { isPublished: false, groupId: 987_654, tagIds: [987_654], measure: { value: 1, unit: 'g' } },
    // A menu file of the right shape naming what the brand lacks: checked in full, answered as a dry run (decision 47).
    {
      schemaVersion: 1,
      menus: [
        {
          key: 'junk',
          name: { ru: 'Меню' },
          methods: { delivery: true, takeAway: false, online: false, table: false },
          restaurants: ['Я', 987_654],
          dishes: [
            { key: 'junk-dish', group: 'nowhere', name: { ru: 'Блюдо' }, price: 100, tags: ['no-tag'] },
          ],
        },
      ],
    },
  ];
  // Modifier groups and time slots of the right shape their rules refuse: a minimum above the maximum, a dish
  // of no brand, a slot ending before it starts, a day twice. Sent to their own calls only: elsewhere a body
  // with a valid name would be a new group.
  const ownBodies: [string, unknown[]][] = [
    [
      '/api/v1/admin/modifier-groups',
      [
        { name: { ru: 'Соус' }, minCount: 2, maxCount: 1, items: [{ name: { ru: 'Соевый' }, price: 0 }] },
        { name: { ru: 'Соус' }, minCount: 0, maxCount: 1, items: [], positionIds: [987_654] },
      ],
    ],
    [
      '/api/v1/admin/time-slots',
      [
        { name: 'Обед', details: [{ dayOfWeek: 1, startAt: '15:00', endAt: '11:00' }] },
        {
          name: 'Обед',
          details: [
            { dayOfWeek: 2, startAt: '11:00', endAt: '15:00' },
            { dayOfWeek: 2, startAt: '11:00', endAt: '15:00' },
          ],
        },
      ],
    ],
  ];
  // Promotions and promo codes their rules refuse: a link to no menu, a percent over 100, a batch of such codes.
  ownBodies.push(
    ['/api/v1/admin/promotions', [{ title: { ru: 'Акция' }, linkMenuId: 987_654 }]],
    [
      '/api/v1/admin/promo-codes',
      [
        { code: 'JUNK-150', kind: 'percent', value: 150 },
        { campaign: 'Мусор', count: 3, kind: 'percent', value: 150 },
      ],
    ],
  );
  const bodiesFor = (path: string) => [
    ...bodies,
    ...ownBodies.filter(([prefix]) => path.startsWith(prefix)).flatMap(([, own]) => own),
  ];
  const before = await databaseFingerprint(database.db);
  const faults: string[] = [];
  const statuses = new Set<number>();
  for (const [path, methods] of adminPaths) {
    for (const method of Object.keys(methods)) {
      for (const value of VALUES) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replace(/%25/g, '%'));
        const query = [...QUERY_KEYS, 'offset', 'entity', 'entityId', 'before']
          .map((key) => `${key}=${encodeURIComponent(value)}`)
          .join('&');
        for (const target of [url, `${url}?${query}`]) {
          for (const body of method === 'get' ? [undefined] : bodiesFor(path)) {
            const response = await app.inject({
              method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT',
              url: target,
              headers,
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            statuses.add(response.statusCode);
            const where = `${method.toUpperCase()} ${target.slice(0, 100)} ${JSON.stringify(body)?.slice(0, 60)}`;
            if (!(String(response.statusCode) in (methods[method]?.responses ?? {})))
              faults.push(`${where} -> ${response.statusCode} undocumented`);
            if (response.statusCode >= 500) faults.push(`${where} -> ${response.statusCode}`);
            else if (response.statusCode >= 400) {
              const first = (response.json() as { errors?: { code?: unknown }[] }).errors?.[0];
              if (typeof first?.code !== 'string') faults.push(`${where} -> ${response.statusCode} uncoded`);
            }
          }
        }
      }
    }
  }
  expect(faults.slice(0, 10)).toEqual([]);
  // The handlers ran: missing If-Match, unknown dishes and entries, a price out of range.
  expect([...statuses]).toEqual(expect.arrayContaining([400, 404, 422, 428]));
  expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  // Thousands of requests over every admin call: longer than one call's test on a busy 2-core machine.
}, 120_000);

it('answers junk on the staff-account routes with an owner’s token by a coded, documented refusal, changing nothing', async () => {
  const { addTestStaff, staffHeaders } = await import('./test/staff-kit.ts');
  const { changedTables, databaseFingerprint } = await import('./test/database-fingerprint.ts');
  const ownerId = await addTestStaff(database.db, { login: 'junk-owner', role: 'owner' });
  const headers = { ...(await staffHeaders(app, ownerId)), 'content-type': 'application/json' };
  const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const staffPaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/admin/staff'));
  expect(staffPaths.length).toBeGreaterThanOrEqual(4);
  // Bodies that pass the contracts, so the handlers' own refusals run: a login taken, an operator without
  // restaurants or with unknown ones, restaurants for a manager, a PATCH without If-Match.
  const bodies = [
    ...BODIES,
    { login: 'junk-owner', role: 'manager' },
    { login: 'junk-new', role: 'operator' },
    { login: 'junk-new', role: 'operator', restoIds: [987_654] },
    { login: 'junk-new', role: 'owner', restoIds: [1] },
    { role: 'manager', disabled: true },
  ];
  // Ids 1 and 2 may be other accounts of this file's tests: a reset of theirs would be a change. The owner's own
  // id takes their place (a reset of oneself is refused, a PATCH without If-Match too); 987654 is no account.
  const values = [
    ...VALUES.map((value) => (value === '1' || value === '2' ? String(ownerId) : value)),
    '987654',
  ];
  const before = await databaseFingerprint(database.db);
  const faults: string[] = [];
  const statuses = new Set<number>();
  for (const [path, methods] of staffPaths) {
    for (const method of Object.keys(methods)) {
      for (const value of values) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replace(/%25/g, '%'));
        for (const body of method === 'get' ? [undefined] : bodies) {
          const response = await app.inject({
            method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
            url,
            headers,
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          statuses.add(response.statusCode);
          const where = `${method.toUpperCase()} ${url.slice(0, 100)} ${JSON.stringify(body)?.slice(0, 60)}`;
          if (!(String(response.statusCode) in (methods[method]?.responses ?? {})))
            faults.push(`${where} -> ${response.statusCode} undocumented`);
          if (response.statusCode >= 500) faults.push(`${where} -> ${response.statusCode}`);
          else if (response.statusCode >= 400) {
            const first = (response.json() as { errors?: { code?: unknown }[] }).errors?.[0];
            if (typeof first?.code !== 'string') faults.push(`${where} -> ${response.statusCode} uncoded`);
          }
        }
      }
    }
  }
  expect(faults.slice(0, 10)).toEqual([]);
  expect([...statuses]).toEqual(expect.arrayContaining([400, 404, 409, 422, 428]));
  expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
});

it('answers junk images on the photo routes with a manager’s token by a coded, documented refusal, changing nothing', async () => {
  const { addTestStaff, staffHeaders } = await import('./test/staff-kit.ts');
  const { changedTables, databaseFingerprint } = await import('./test/database-fingerprint.ts');
  const staffId = await addTestStaff(database.db, { login: 'junk-photos', role: 'manager' });
  const headers = await staffHeaders(app, staffId);
  const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const photoPaths = Object.entries(spec.paths).filter(([path]) =>
    /^\/api\/v1\/admin\/.*\/photos/.test(path),
  );
  // A dish's, a group's and a restaurant's: the list and one photo each.
  expect(photoPaths.length).toBe(6);
  // Bytes no decoder takes: empty, text, a PNG's signature alone, a JPEG's start then nothing, a RIFF without WEBP.
  const images: [string, Buffer][] = [
    ['image/png', Buffer.alloc(0)],
    ['image/jpeg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['application/octet-stream', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
    ['image/webp', Buffer.from('RIFF\u0004\u0000\u0000\u0000WEBX')],
    ['image/gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000')],
  ];
  const before = await databaseFingerprint(database.db);
  const faults: string[] = [];
  const statuses = new Set<number>();
  for (const [path, methods] of photoPaths) {
    for (const method of Object.keys(methods)) {
      for (const value of VALUES) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value).replace(/%25/g, '%'));
        for (const ifMatch of [undefined, '"1"', 'W/"x"']) {
          for (const [type, bytes] of method === 'post' ? images : [[undefined, undefined] as const]) {
            const response = await app.inject({
              method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
              url,
              headers: {
                ...headers,
                ...(type ? { 'content-type': type } : {}),
                ...(ifMatch ? { 'if-match': ifMatch } : {}),
              },
              ...(bytes ? { payload: bytes } : {}),
            });
            statuses.add(response.statusCode);
            const where = `${method.toUpperCase()} ${url.slice(0, 100)} ${type} ${ifMatch}`;
            if (!(String(response.statusCode) in (methods[method]?.responses ?? {})))
              faults.push(`${where} -> ${response.statusCode} undocumented`);
            if (response.statusCode >= 500) faults.push(`${where} -> ${response.statusCode}`);
            else if (response.statusCode >= 400) {
              const first = (response.json() as { errors?: { code?: unknown }[] }).errors?.[0];
              if (typeof first?.code !== 'string') faults.push(`${where} -> ${response.statusCode} uncoded`);
            }
          }
        }
      }
    }
  }
  expect(faults.slice(0, 10)).toEqual([]);
  expect([...statuses]).toEqual(expect.arrayContaining([400, 412, 422, 428]));
  expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
});
