// The web project's jsdom environment (its setup file needs `window`); fetch and AbortController there are
// still Node's, so the adapter talks to the fake over real HTTP on 127.0.0.1.
import type { Bounds } from '@storefront/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeGeocodingServer,
  startFakeGeocodingServer,
} from '../../../test/fakes/fake-geocoding-server.ts';
import { GeocoderError } from './geocoder.ts';
import { createNominatimGeocoder, NOMINATIM_TIMEOUT_MS } from './nominatim-geocoder.ts';

/** Kazan's bounds as the demo brand's city has them. */
const KAZAN: Bounds = { southWest: { lat: 55.7, lng: 48.95 }, northEast: { lat: 55.88, lng: 49.3 } };
const suggestOptions = { bounds: KAZAN, locale: 'ru' as const, sessionToken: 'session-1' };

let fake: FakeGeocodingServer;

beforeAll(async () => {
  fake = await startFakeGeocodingServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setMode('ok');
  fake.requests.length = 0;
});

describe('createNominatimGeocoder: suggest', () => {
  it('asks /search with every documented parameter and the city bounds as a bounded viewbox', async () => {
    // A trailing slash on the base must not double the path separator.
    const geocoder = createNominatimGeocoder({ baseUrl: `${fake.url}/` });
    await geocoder.suggest('  Баумана 19 ', suggestOptions);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/search');
    expect(request?.query).toEqual({
      q: 'Баумана 19',
      format: 'jsonv2',
      addressdetails: '1',
      layer: 'address',
      limit: '6',
      'accept-language': 'ru',
      viewbox: '48.95,55.88,49.3,55.7',
      bounded: '1',
    });
  });

  it('maps results to suggestions carrying the full address, so resolve needs no request', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const suggestions = await geocoder.suggest('Баумана 19', suggestOptions);

    expect(suggestions).toEqual([
      {
        id: 'N1000001',
        title: 'ул. Баумана, 19',
        subtitle: 'Вахитовский район, Казань',
        address: {
          country: 'Россия',
          region: 'Республика Татарстан',
          city: 'Казань',
          street: 'ул. Баумана',
          houseNumber: '19',
          coordinates: { lat: 55.7887, lng: 49.1206 },
          placeId: 'N1000001',
        },
      },
    ]);

    fake.requests.length = 0;
    const suggestion = suggestions[0];
    if (!suggestion) throw new Error('no suggestion');
    expect(await geocoder.resolve(suggestion, { locale: 'ru' })).toBe(suggestion.address);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps a street-level result (an OSM way) with no house number', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const suggestions = await geocoder.suggest('ул. Баумана', suggestOptions);

    const street = suggestions.find((s) => s.id === 'W2000004');
    expect(street).toMatchObject({ title: 'ул. Баумана', subtitle: 'Вахитовский район, Казань' });
    expect(street?.address).toMatchObject({
      street: 'ул. Баумана',
      houseNumber: null,
      coordinates: { lat: 55.79, lng: 49.118 },
    });
    expect(suggestions.map((s) => s.title)).toContain('ул. Баумана, 19');
  });

  it('matches ё as е and answers in English for locale en', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const suggestions = await geocoder.suggest('кремлевская 8', { ...suggestOptions, locale: 'en' });

    expect(fake.requests[0]?.query['accept-language']).toBe('en');
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toMatchObject({
      id: 'N1000003',
      title: 'Kremlyovskaya St, 8',
      subtitle: 'Vakhitovsky District, Kazan',
      address: { street: 'Kremlyovskaya St', houseNumber: '8', city: 'Kazan', country: 'Russia' },
    });
  });

  it('sends other bounds as they are, and the server filters by them', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    // A box around Yamasheva only: the centre's Baumana is outside it.
    const north: Bounds = { southWest: { lat: 55.82, lng: 49.1 }, northEast: { lat: 55.84, lng: 49.14 } };
    expect(await geocoder.suggest('Баумана', { ...suggestOptions, bounds: north })).toEqual([]);
    expect(fake.requests[0]?.query.viewbox).toBe('49.1,55.84,49.14,55.82');
    expect(await geocoder.suggest('Ямашева', { ...suggestOptions, bounds: north })).toHaveLength(1);
  });

  it('takes a path on this origin as the base address', async () => {
    const urls: string[] = [];
    const geocoder = createNominatimGeocoder({
      baseUrl: '/geocoder/',
      fetch: async (input) => {
        urls.push(String(input));
        return new Response('[]', { status: 200 });
      },
    });
    await geocoder.suggest('Баумана', suggestOptions);
    expect(urls[0]).toMatch(/^\/geocoder\/search\?q=/);
  });

  it('sends no request for fewer than 3 characters', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    expect(await geocoder.suggest('Ба', suggestOptions)).toEqual([]);
    expect(await geocoder.suggest('  у  ', suggestOptions)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers [] in 'empty' mode", async () => {
    fake.setMode('empty');
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    expect(await geocoder.suggest('Баумана', suggestOptions)).toEqual([]);
  });

  it('deduplicates identical titles and skips results of a wrong shape', async () => {
    const place = (osmId: number) => ({
      osm_type: 'node',
      osm_id: osmId,
      lat: '55.7887',
      lon: '49.1206',
      display_name: '19, ул. Баумана, Казань',
      address: { road: 'ул. Баумана', house_number: '19', city: 'Казань' },
    });
    const answer = [place(1), place(2), { osm_type: 'node', osm_id: 3, lat: 'x' }, 'junk'];
    const geocoder = createNominatimGeocoder({
      baseUrl: 'http://geocoder.test',
      fetch: async () => new Response(JSON.stringify(answer), { status: 200 }),
    });
    const suggestions = await geocoder.suggest('Баумана', suggestOptions);
    expect(suggestions.map((s) => s.id)).toEqual(['N1']);
  });

  it('titles a result with no road by the first part of display_name', async () => {
    const answer = [
      {
        osm_type: 'way',
        osm_id: 45,
        lat: '55.79',
        lon: '49.12',
        display_name: 'Парк Горького, Вахитовский район, Казань',
        address: { suburb: 'Вахитовский район', city: 'Казань' },
      },
    ];
    const geocoder = createNominatimGeocoder({
      baseUrl: 'http://geocoder.test',
      fetch: async () => new Response(JSON.stringify(answer), { status: 200 }),
    });
    expect(await geocoder.suggest('Парк Горького', suggestOptions)).toEqual([
      expect.objectContaining({
        id: 'W45',
        title: 'Парк Горького',
        subtitle: 'Вахитовский район, Казань',
        address: expect.objectContaining({ street: null, houseNumber: null }),
      }),
    ]);
  });
});

describe('createNominatimGeocoder: reverse', () => {
  it('asks /reverse and keeps the point asked for, not the snapped one', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const point = { lat: 55.7888, lng: 49.1208 };
    const address = await geocoder.reverse(point, { locale: 'ru' });

    expect(fake.requests[0]?.path).toBe('/reverse');
    expect(fake.requests[0]?.query).toEqual({
      lat: '55.7888',
      lon: '49.1208',
      format: 'jsonv2',
      addressdetails: '1',
      zoom: '18',
      'accept-language': 'ru',
    });
    expect(address).toEqual({
      country: 'Россия',
      region: 'Республика Татарстан',
      city: 'Казань',
      street: 'ул. Баумана',
      houseNumber: '19',
      coordinates: point,
      placeId: 'N1000001',
    });
  });

  it('answers a far point with street null (the UI says "Точка на карте")', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const point = { lat: 55.72, lng: 49.0 };
    expect(await geocoder.reverse(point, { locale: 'en' })).toEqual({
      country: 'Russia',
      region: 'Tatarstan',
      city: 'Kazan',
      street: null,
      houseNumber: null,
      coordinates: point,
      placeId: 'R3394434',
    });
  });

  it("answers null for Nominatim's 'Unable to geocode'", async () => {
    fake.setMode('empty');
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    expect(await geocoder.reverse({ lat: 55.79, lng: 49.12 }, { locale: 'ru' })).toBeNull();
  });
});

describe('createNominatimGeocoder: resolve by place id', () => {
  it('asks /lookup when a suggestion has no address', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const address = await geocoder.resolve(
      { id: 'N1000002', title: 'ул. Пушкина, 5', subtitle: '', address: null },
      { locale: 'en' },
    );
    expect(fake.requests[0]?.path).toBe('/lookup');
    expect(fake.requests[0]?.query).toEqual({
      osm_ids: 'N1000002',
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'en',
    });
    expect(address).toMatchObject({
      street: 'Pushkina St',
      houseNumber: '5',
      coordinates: { lat: 55.7905, lng: 49.126 },
      placeId: 'N1000002',
    });
  });

  it('answers null for an unknown id and for an id that is not an OSM id (no request)', async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    expect(
      await geocoder.resolve({ id: 'N999', title: '', subtitle: '', address: null }, { locale: 'ru' }),
    ).toBeNull();
    expect(fake.requests).toHaveLength(1);
    expect(
      await geocoder.resolve(
        { id: 'fake-place-x', title: '', subtitle: '', address: null },
        { locale: 'ru' },
      ),
    ).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });
});

describe('createNominatimGeocoder: failures', () => {
  it("throws GeocoderError with the HTTP status in 'error' mode", async () => {
    fake.setMode('error');
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const failure = geocoder.suggest('Баумана', suggestOptions);
    await expect(failure).rejects.toBeInstanceOf(GeocoderError);
    await expect(failure).rejects.toMatchObject({ status: 500 });
    await expect(geocoder.reverse({ lat: 55.79, lng: 49.12 }, { locale: 'ru' })).rejects.toMatchObject({
      name: 'GeocoderError',
      status: 500,
    });
  });

  it('aborts the request and throws GeocoderError when the deadline passes', async () => {
    // A service that never answers, as fetch behaves: it settles only when its signal aborts. Fake timers
    // run the deadline, so the test proves the abort happened, not how long anything took.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let requestSignal: AbortSignal | undefined;
      const geocoder = createNominatimGeocoder({
        baseUrl: 'http://geocoder.test',
        fetch: (_input, init) =>
          new Promise<Response>((_resolve, reject) => {
            requestSignal = init?.signal ?? undefined;
            requestSignal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      });
      const outcome = geocoder.suggest('Баумана', suggestOptions).catch((error: unknown) => error);

      await vi.advanceTimersByTimeAsync(NOMINATIM_TIMEOUT_MS - 1);
      expect(requestSignal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(requestSignal?.aborted).toBe(true);
      const error = await outcome;
      expect(error).toBeInstanceOf(GeocoderError);
      expect(error).toMatchObject({
        message: expect.stringMatching(new RegExp(`${NOMINATIM_TIMEOUT_MS} ms`)),
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with an AbortError, not a GeocoderError, when the caller aborts', async () => {
    fake.setMode('slow');
    const geocoder = createNominatimGeocoder({ baseUrl: fake.url });
    const controller = new AbortController();
    const pending = geocoder.suggest('Баумана', { ...suggestOptions, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(GeocoderError);

    // Already aborted: no request at all.
    fake.requests.length = 0;
    await expect(
      geocoder.reverse({ lat: 55.79, lng: 49.12 }, { locale: 'ru', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.requests).toHaveLength(0);
  });

  it('turns a network failure and invalid JSON into GeocoderError', async () => {
    const closed = await startFakeGeocodingServer();
    const deadUrl = closed.url;
    await closed.close();
    const offline = createNominatimGeocoder({ baseUrl: deadUrl });
    await expect(offline.suggest('Баумана', suggestOptions)).rejects.toBeInstanceOf(GeocoderError);

    const garbled = createNominatimGeocoder({
      baseUrl: 'http://geocoder.test',
      fetch: async () => new Response('<html>502</html>', { status: 200 }),
    });
    await expect(garbled.suggest('Баумана', suggestOptions)).rejects.toBeInstanceOf(GeocoderError);

    const wrongShape = createNominatimGeocoder({
      baseUrl: 'http://geocoder.test',
      fetch: async () => new Response('{"results":[]}', { status: 200 }),
    });
    await expect(wrongShape.suggest('Баумана', suggestOptions)).rejects.toBeInstanceOf(GeocoderError);
  });
});
