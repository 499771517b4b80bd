import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInBounds, isPointInPolygon } from '@storefront/domain';
import {
  type GeocoderPlace,
  geocoderLookupResponse,
  geocoderPlace,
  geocoderReverseResponse,
  geocoderSearchResponse,
} from '@storefront/domain/contracts';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { expectError, getJson, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';
import { haversineMetres, loadGazetteer } from './gazetteer.ts';
import { geocoderRoutes } from './geocoder.routes.ts';

const DEMO_DIR = join(REPO_ROOT, 'brands', 'demo');

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const search = (query: string) => getValid(ctx.app, `/geocoder/search?${query}`, geocoderSearchResponse);
const ids = (places: readonly { osm_id: number }[]) => places.map((place) => place.osm_id);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('the demo gazetteer', () => {
  const gazetteer = loadGazetteer(DEMO_DIR);

  /** Which addresses are meant to lie in which demo delivery zone; the rest are outside every zone. */
  const INTENDED: Record<number, number[]> = {
    1: [1001, 1002, 1003, 1004, 1006, 1008, 1010, 1012, 1013, 1014, 1015],
    2: [1017, 1018, 1019, 1020, 1021, 1023],
    3: [1025, 1027, 1028, 1029, 1030],
    4: [1032, 1033, 1034],
    5: [2001, 2002, 2003, 2005, 2006, 2007],
    6: [2010, 2011, 2012, 2014, 2015],
    7: [3001, 3003, 3004, 3006, 3008],
    8: [3009, 3010, 3011, 3012, 3013, 3016],
  };
  const OUTSIDE = [1036, 1037, 1038, 1039, 1040, 2017, 2018, 2019, 2020, 2021, 3017, 3018, 3019, 3020];

  it('is valid, about fifty addresses in the three demo cities, each inside its city', () => {
    expect(gazetteer).not.toBeNull();
    const addresses = gazetteer?.addresses ?? [];
    expect(addresses.length).toBeGreaterThanOrEqual(40);
    expect(addresses.length).toBeLessThanOrEqual(65);
    const snapshot = ctx.app.catalog.snapshot;
    for (const entry of addresses) {
      const city = snapshot.cities.get(entry.cityId);
      expect(city?.whiteLabelId, `${entry.id}`).toBe('demo');
      expect(
        isInBounds({ lat: entry.lat, lng: entry.lng }, city?.bounds ?? ({} as never)),
        `${entry.id}`,
      ).toBe(true);
    }
    for (const cityId of [1, 2, 3]) {
      expect(addresses.filter((entry) => entry.cityId === cityId).length).toBeGreaterThanOrEqual(15);
      const streetLevel = addresses.filter((entry) => entry.cityId === cityId && entry.houseNumber === null);
      expect(streetLevel.length, `street-level entries in city ${cityId}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('puts each address inside exactly the delivery zone intended, and the rest outside every zone', () => {
    const zones = [...ctx.app.catalog.snapshot.zonesByResto.values()].flat();
    expect(zones.map((zone) => zone.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const intendedZone = new Map<number, number | null>(OUTSIDE.map((id) => [id, null]));
    for (const [zoneId, entryIds] of Object.entries(INTENDED))
      for (const id of entryIds) intendedZone.set(id, Number(zoneId));
    const addresses = gazetteer?.addresses ?? [];
    expect([...intendedZone.keys()].sort()).toEqual(addresses.map((entry) => entry.id).sort());
    for (const entry of addresses) {
      const holding = zones.filter((zone) => isPointInPolygon(entry, zone.polygon)).map((zone) => zone.id);
      const intended = intendedZone.get(entry.id);
      expect(holding, `address ${entry.id} ${entry.street.ru}`).toEqual(intended ? [intended] : []);
      // Nowhere near a boundary: a point 60 m away in any direction answers the same.
      for (const [dLat, dLng] of [
        [0.00054, 0],
        [-0.00054, 0],
        [0, 0.0009],
        [0, -0.0009],
      ] as const) {
        const moved = { lat: entry.lat + dLat, lng: entry.lng + dLng };
        const movedHolding = zones.filter((zone) => isPointInPolygon(moved, zone.polygon)).map((z) => z.id);
        expect(movedHolding, `address ${entry.id} moved`).toEqual(holding);
      }
    }
    // Several addresses per city lie outside every zone.
    for (const prefix of ['1', '2', '3'])
      expect(OUTSIDE.filter((id) => String(id).startsWith(prefix)).length).toBeGreaterThanOrEqual(4);
  });

  it("has every delivering restaurant's address within reach of a reverse lookup", () => {
    const addresses = gazetteer?.addresses ?? [];
    for (const resto of ctx.app.catalog.snapshot.restos.values()) {
      if (!resto.isDelivery) continue;
      const nearest = Math.min(...addresses.map((entry) => haversineMetres(entry, resto.location)));
      expect(nearest, `resto ${resto.id}`).toBeLessThan(120);
    }
  });

  it('refuses a broken gazetteer file at start-up', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-'));
    try {
      mkdirSync(join(dir, 'geocoder'));
      const entry = {
        id: 1,
        cityId: 1,
        street: { ru: 'ул. Баумана', en: 'Baumana St' },
        houseNumber: '1',
        suburb: null,
        postcode: null,
        lat: 55.79,
        lng: 49.12,
      };
      const file = {
        country: { ru: 'Россия', en: 'Russia' },
        countryCode: 'ru',
        cities: [],
        addresses: [entry],
      };
      writeFileSync(join(dir, 'geocoder', 'addresses.json'), JSON.stringify(file));
      expect(loadGazetteer(dir)?.addresses).toHaveLength(1);
      writeFileSync(
        join(dir, 'geocoder', 'addresses.json'),
        JSON.stringify({ ...file, addresses: [entry, { ...entry, lat: 91 }] }),
      );
      expect(() => loadGazetteer(dir)).toThrow(/addresses\.1\.lat/);
      expect(() => loadGazetteer(dir)).toThrow(/addresses\.1\.id: duplicate id 1/);
      writeFileSync(join(dir, 'geocoder', 'addresses.json'), '{');
      expect(() => loadGazetteer(dir)).toThrow(/addresses\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /geocoder/search', () => {
  it('answers Nominatim jsonv2 places in Russian by default', async () => {
    const places = await search(`${q('Баумана 19')}&format=jsonv2&addressdetails=1`);
    expect(ids(places)).toEqual([1001]);
    expect(places[0]).toEqual({
      place_id: 1001,
      licence: 'Demo gazetteer of Нори-Нори',
      osm_type: 'node',
      osm_id: 1001,
      lat: '55.7887',
      lon: '49.1205',
      category: 'place',
      type: 'house',
      place_rank: 30,
      importance: expect.any(Number),
      addresstype: 'place',
      name: '',
      display_name: 'ул. Баумана, 19, Вахитовский район, Казань, Татарстан, Россия',
      address: {
        house_number: '19',
        road: 'ул. Баумана',
        suburb: 'Вахитовский район',
        city: 'Казань',
        state: 'Татарстан',
        postcode: '420111',
        country: 'Россия',
        country_code: 'ru',
      },
      boundingbox: ['55.7886', '55.7888', '49.1204', '49.1206'],
    });
  });

  it('answers in English for accept-language=en (parameter or header), whatever language the query is in', async () => {
    for (const query of [
      `${q('баумана 19')}&accept-language=en&addressdetails=1`,
      `${q('Baumana 19')}&accept-language=en-US,en;q=0.8&addressdetails=1`,
    ]) {
      const [place] = await search(query);
      expect(place?.display_name).toBe('Baumana St, 19, Vakhitovsky District, Kazan, Tatarstan, Russia');
      expect(place?.licence).toBe('Demo gazetteer of Nori-Nori');
      expect(place?.address).toMatchObject({ road: 'Baumana St', city: 'Kazan', country: 'Russia' });
    }
    const { body } = await getJson(ctx.app, `/geocoder/search?${q('baumana 19')}`, 200, {
      'accept-language': 'en',
    });
    expect((body as GeocoderPlace[])[0]?.display_name).toMatch(/^Baumana St, 19/);
    // An unknown language falls back to Russian.
    const [de] = await search(`${q('baumana 19')}&accept-language=de`);
    expect(de?.display_name).toMatch(/^ул\. Баумана, 19/);
  });

  it('treats ё as е, ignores case and punctuation', async () => {
    for (const text of ['кремлевская', 'КРЕМЛЁВСКАЯ', 'ул.Кремлевская, 18', 'kremlyovskaya']) {
      const places = await search(`${q(text)}&addressdetails=1`);
      expect(ids(places), text).toEqual([1004]);
      expect(places[0]?.address?.road).toBe('ул. Кремлёвская');
    }
    expect(ids(await search(q('ново-садовая')))).toEqual([3001, 3003]);
    expect(ids(await search(q('новосадовая')))).toEqual([3001, 3003]);
  });

  it('matches words in any order and by their beginnings, street types spelled out or not', async () => {
    expect(ids(await search(q('19 баумана')))).toEqual([1001]);
    expect(ids(await search(q('баум 1')))).toEqual([1001]);
    expect(ids(await search(q('казань баумана')))).toEqual([1001, 1002, 1003]);
    expect(ids(await search(q('улица баумана')))).toEqual([1001, 1002, 1003]);
    expect(ids(await search(q('проспект победы')))).toEqual([1025]);
    expect(ids(await search(q('нижний покровская')))).toEqual([2001, 2002, 2003]);
    // The region is not searched; the city is, in either language.
    expect(ids(await search(q('вахитовский самара')))).toEqual([]);
    expect(ids(await search(q('samara kuyb')))).toEqual([3009, 3010]);
    // Every word must match: a second street name finds nothing.
    expect(await search(q('баумана пушкина'))).toEqual([]);
  });

  it('ranks places where more words match whole first, then in gazetteer order', async () => {
    // '1' is the whole house number of ул. Петербургская, 1 and only the start of 19, 18, 10, 15 and 10.
    expect(ids(await search(q('казань 1')))).toEqual([1008, 1001, 1004, 1006, 1030, 1033]);
    expect(ids(await search(q('пушкина 10')))).toEqual([1006]);
    expect(ids(await search(q('баумана 4')))).toEqual([1002]);
    expect(ids(await search(q('гагарина')))).toEqual([2010, 2011, 2012, 3019]);
  });

  it('keeps to the viewbox with bounded=1 and prefers it otherwise', async () => {
    const samara = 'viewbox=49.9,53.42,50.35,53.1';
    expect(ids(await search(`${q('гагарина')}&${samara}&bounded=1`))).toEqual([3019]);
    expect(ids(await search(`${q('гагарина')}&${samara}`))).toEqual([3019, 2010, 2011, 2012]);
    // Any two corners will do, as with Nominatim.
    expect(ids(await search(`${q('гагарина')}&viewbox=50.35,53.1,49.9,53.42&bounded=1`))).toEqual([3019]);
    const kazan = await search(`${q('ул')}&viewbox=48.95,55.88,49.3,55.7&bounded=1&limit=20`);
    expect(kazan.length).toBe(20);
    for (const place of kazan) expect(place.osm_id).toBeLessThan(2000);
    expect(await search(`${q('баумана')}&${samara}&bounded=1`)).toEqual([]);
  });

  it('answers at most `limit` places, 10 by default', async () => {
    expect(await search(`${q('ул')}&limit=3`)).toHaveLength(3);
    expect(await search(q('ул'))).toHaveLength(10);
    expect(await search(`${q('ул')}&limit=20`)).toHaveLength(20);
    expect(await search(`${q('баумана')}&limit=1`)).toHaveLength(1);
  });

  it('answers [] for an empty or blank query, another layer, or nothing found', async () => {
    for (const query of [
      '',
      'q=',
      `${q('   ')}`,
      `${q(' ,. ')}`,
      `${q('баумана')}&layer=poi`,
      q('абракадабра'),
    ])
      expect(await search(query), query).toEqual([]);
    expect(ids(await search(`${q('баумана 19')}&layer=address,poi`))).toEqual([1001]);
  });

  it('leaves the address out unless asked, and speaks the older json format too', async () => {
    const [plain] = await search(q('баумана 19'));
    expect(plain).not.toHaveProperty('address');
    const { body } = await getJson(ctx.app, `/geocoder/search?${q('баумана')}&format=json&addressdetails=1`);
    const places = body as Record<string, unknown>[];
    expect(places.map((place) => place.osm_id)).toEqual([1001, 1002, 1003]);
    expect(places[0]).toMatchObject({ class: 'place', type: 'house' });
    expect(places[0]).not.toHaveProperty('category');
    // A street-level entry: a street, named, without a house number.
    expect(places[2]).toMatchObject({
      type: 'street',
      name: 'ул. Баумана',
      addresstype: 'road',
      place_rank: 26,
      display_name: 'ул. Баумана, Вахитовский район, Казань, Татарстан, Россия',
    });
    expect(places[2]?.address).not.toHaveProperty('house_number');
  });

  it('may be cached five minutes and read from any origin, errors included', async () => {
    const { response } = await getJson(ctx.app, `/geocoder/search?${q('баумана')}`);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const error = await ctx.app.inject('/geocoder/search?limit=0');
    expect(error.statusCode).toBe(400);
    expect(error.headers['access-control-allow-origin']).toBe('*');
  });

  it('appears in the OpenAPI document', async () => {
    const { body } = await getJson(ctx.app, '/api/openapi.json');
    const paths = Object.keys((body as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/geocoder/search', '/geocoder/reverse', '/geocoder/lookup']),
    );
  });
});

describe('GET /geocoder/reverse', () => {
  const reverse = (query: string) => getValid(ctx.app, `/geocoder/reverse?${query}`, geocoderReverseResponse);

  it('answers the nearest address within 120 m, with its address parts by default', async () => {
    // About 40 m north-east of ул. Баумана, 19.
    const place = await reverse('lat=55.7890&lon=49.1209&format=jsonv2');
    expect(place).toMatchObject({
      osm_id: 1001,
      type: 'house',
      category: 'place',
      address: { house_number: '19', road: 'ул. Баумана', city: 'Казань' },
    });
    const en = await reverse('lat=55.7890&lon=49.1209&accept-language=en&addressdetails=0');
    expect(en).toMatchObject({ osm_id: 1001, display_name: expect.stringMatching(/^Baumana St, 19, /) });
    expect(en).not.toHaveProperty('address');
    // The restaurant's own door.
    expect(await reverse('lat=55.7915&lon=49.1166')).toMatchObject({ osm_id: 1002 });
    expect(await reverse('lat=55.7903&lon=49.1186')).toMatchObject({ osm_id: 1003, type: 'street' });
  });

  it('answers only the city farther than 120 m from every address, inside the city bounds', async () => {
    // About 170 m from ул. Гарифьянова, 28 and far from everything else, still inside Kazan.
    const place = await reverse('lat=55.7245&lon=49.1700');
    expect(place).toMatchObject({
      osm_type: 'relation',
      osm_id: 1,
      type: 'city',
      addresstype: 'city',
      name: 'Казань',
      display_name: 'Казань, Татарстан, Россия',
      address: { city: 'Казань', state: 'Татарстан', country: 'Россия', country_code: 'ru' },
    });
    expect((place as GeocoderPlace).address).not.toHaveProperty('road');
    expect(await reverse('lat=53.3&lon=50.0&accept-language=en')).toMatchObject({
      display_name: 'Samara, Samara Oblast, Russia',
    });
    // A zoom coarser than streets answers the city even next to a house.
    expect(await reverse('lat=55.7887&lon=49.1205&zoom=10')).toMatchObject({ type: 'city', osm_id: 1 });
  });

  it("answers Nominatim's 'Unable to geocode' with 200 outside every city", async () => {
    const { body, response } = await getJson(ctx.app, '/geocoder/reverse?lat=59.9386&lon=30.3141');
    expect(body).toEqual({ error: 'Unable to geocode' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('GET /geocoder/lookup', () => {
  it('answers the places asked for, in order, skipping unknown ids', async () => {
    const places = await getValid(
      ctx.app,
      '/geocoder/lookup?osm_ids=N2001,N9999,W5,n1001,R3,N2001&addressdetails=1',
      geocoderLookupResponse,
    );
    expect(places.map((place) => [place.osm_type, place.osm_id])).toEqual([
      ['node', 2001],
      ['node', 1001],
      ['relation', 3],
    ]);
    expect(geocoderPlace.parse(places[0]).address).toMatchObject({
      road: 'ул. Большая Покровская',
      house_number: '18',
      city: 'Нижний Новгород',
      state: 'Нижегородская область',
    });
    expect(await getValid(ctx.app, '/geocoder/lookup?osm_ids=N1', geocoderLookupResponse)).toEqual([]);
  });
});

describe('bad input', () => {
  const CASES: [string, string][] = [
    ['/geocoder/reverse?lat=91&lon=49.1', 'lat'],
    ['/geocoder/reverse?lat=-90.5&lon=49.1', 'lat'],
    ['/geocoder/reverse?lat=55.7&lon=abc', 'lon'],
    ['/geocoder/reverse?lat=55.7&lon=1e2', 'lon'],
    ['/geocoder/reverse?lat=55.7&lon=181', 'lon'],
    ['/geocoder/reverse?lon=49.1', 'lat'],
    ['/geocoder/reverse?lat=55.7&lon=49.1&zoom=19', 'zoom'],
    ['/geocoder/reverse?lat=55.7&lon=49.1&format=xml', 'format'],
    ['/geocoder/search?q=a&limit=0', 'limit'],
    ['/geocoder/search?q=a&limit=21', 'limit'],
    ['/geocoder/search?q=a&limit=ten', 'limit'],
    ['/geocoder/search?q=a&viewbox=1,2,3', 'viewbox'],
    ['/geocoder/search?q=a&viewbox=200,55,49,56', 'viewbox'],
    ['/geocoder/search?q=a&viewbox=a,b,c,d', 'viewbox'],
    ['/geocoder/search?q=a&bounded=yes', 'bounded'],
    ['/geocoder/search?q=a&layer=buildings', 'layer'],
    [`/geocoder/search?q=${'а'.repeat(201)}`, 'q'],
    ['/geocoder/lookup?osm_ids=X1', 'osm_ids'],
    ['/geocoder/lookup', 'osm_ids'],
  ];

  it('is a 400 naming the field, in the language of Accept-Language', async () => {
    for (const [url, field] of CASES) {
      const error = await expectError(ctx.app, encodeURI(url), 400, 'request.invalid');
      expect(error.field, url).toBe(field);
      expect(error.message, url).toMatch(new RegExp(`^«${field}»: `));
    }
    const en = await expectError(ctx.app, '/geocoder/reverse?lat=91&lon=1', 400, 'request.invalid', {
      'accept-language': 'en',
    });
    expect(en).toEqual({ code: 'request.invalid', field: 'lat', message: "'lat' must be at most 90" });
    // 200 characters are still a query.
    expect(await search(q('а'.repeat(200)))).toEqual([]);
  });

  /** Percent-encodes every UTF-8 byte, so lone surrogates and '%' reach the server as they are. */
  const encode = (value: string, raw: boolean) =>
    raw
      ? value.replace(/[#&\s]/g, '')
      : [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

  it('never answers a 500, whatever the query string', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ maxLength: 250 }),
      fc.constantFrom('', ' ', 'ё', '%', '%00', '1e3', 'NaN', '-0', '90.0000001', '1,2,3,4', '[]', 'N1,W2'),
      fc.double().map(String),
    );
    const key = fc.constantFrom(
      'q',
      'limit',
      'viewbox',
      'bounded',
      'layer',
      'format',
      'addressdetails',
      'accept-language',
      'lat',
      'lon',
      'zoom',
      'osm_ids',
      '__proto__',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('search', 'reverse', 'lookup'),
        fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 5 }),
        async (call, pairs) => {
          const query = pairs.map(([k, v, raw]) => `${k}=${encode(v, raw)}`).join('&');
          const url = `/geocoder/${call}?${query}`;
          const response = await ctx.app.inject({ method: 'GET', url });
          expect(response.statusCode, url).toBeLessThan(500);
          const body = response.json();
          if (response.statusCode >= 400) expect(body.errors?.[0]?.code, url).toEqual(expect.any(String));
          else if (call === 'reverse')
            expect(geocoderReverseResponse.safeParse(body).success, url).toBe(true);
          else expect(Array.isArray(body), url).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('a brand without a gazetteer', () => {
  let dir: string;
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brand-without-gazetteer-'));
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(geocoderRoutes, {
      catalog: ctx.app.catalog,
      brand: { whiteLabel: 'demo', name: { ru: 'Нори-Нори', en: 'Nori-Nori' } },
      brandDir: dir,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds nothing, and reverse answers the city or nothing', async () => {
    expect((await app.inject(`/geocoder/search?${q('баумана')}`)).json()).toEqual([]);
    expect((await app.inject('/geocoder/lookup?osm_ids=N1001,R1')).json()).toMatchObject([
      { osm_type: 'relation', osm_id: 1 },
    ]);
    const city = (await app.inject('/geocoder/reverse?lat=55.7887&lon=49.1205')).json();
    expect(city).toMatchObject({
      type: 'city',
      display_name: 'Казань, Россия',
      address: { city: 'Казань', country: 'Россия', country_code: 'ru' },
    });
    expect(city.address).not.toHaveProperty('state');
    const nowhere = await app.inject('/geocoder/reverse?lat=10&lon=10');
    expect(nowhere.statusCode).toBe(200);
    expect(nowhere.json()).toEqual({ error: 'Unable to geocode' });
    const bad = await app.inject('/geocoder/reverse?lat=100&lon=10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('lat');
  });
});
