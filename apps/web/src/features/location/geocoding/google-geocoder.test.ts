// The web project's jsdom environment (its setup file needs `window`); fetch and AbortController there are
// still Node's, so the adapter talks to the fake over real HTTP on 127.0.0.1.
import type { Bounds } from '@storefront/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeGeocodingServer,
  startFakeGeocodingServer,
} from '../../../test/fakes/fake-geocoding-server.ts';
import { GeocoderError } from './geocoder.ts';
import { ADDRESS_PRIMARY_TYPES, createGoogleGeocoder, GOOGLE_TIMEOUT_MS } from './google-geocoder.ts';

const KAZAN: Bounds = { southWest: { lat: 55.7, lng: 48.95 }, northEast: { lat: 55.88, lng: 49.3 } };
const suggestOptions = { bounds: KAZAN, locale: 'ru' as const, sessionToken: 'session-42' };
const KEY = 'test-maps-key';

let fake: FakeGeocodingServer;
const geocoder = () =>
  createGoogleGeocoder({ apiKey: KEY, geocodingUrl: fake.url, placesUrl: `${fake.url}/` });

/** The JSON body the fake received, as the adapter sent it. */
const bodyOf = (index: number) => fake.requests[index]?.body as Record<string, unknown> | undefined;

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

describe('createGoogleGeocoder: suggest (Places API (New) Autocomplete)', () => {
  it('POSTs the documented body with the key header, session token, locale, bounds and address types', async () => {
    await geocoder().suggest(' Баумана ', suggestOptions);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/places:autocomplete');
    expect(request?.headers['x-goog-api-key']).toBe(KEY);
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(request?.body).toEqual({
      input: 'Баумана',
      sessionToken: 'session-42',
      languageCode: 'ru',
      locationRestriction: {
        rectangle: { low: { latitude: 55.7, longitude: 48.95 }, high: { latitude: 55.88, longitude: 49.3 } },
      },
      includedPrimaryTypes: ['street_address', 'premise', 'subpremise', 'route'],
    });
    expect(ADDRESS_PRIMARY_TYPES.length).toBeLessThanOrEqual(5);
  });

  it('maps place predictions to suggestions with no address (resolved later by place id)', async () => {
    const suggestions = await geocoder().suggest('Баумана', suggestOptions);
    expect(suggestions).toEqual([
      {
        id: 'fake-place-baumana-19',
        title: 'ул. Баумана, 19',
        subtitle: 'Казань, Республика Татарстан, Россия',
        address: null,
      },
      {
        id: 'fake-place-baumana',
        title: 'ул. Баумана',
        subtitle: 'Казань, Республика Татарстан, Россия',
        address: null,
      },
    ]);
  });

  it('answers in English for locale en', async () => {
    const suggestions = await geocoder().suggest('Пушкина 5', { ...suggestOptions, locale: 'en' });
    expect(bodyOf(0)?.languageCode).toBe('en');
    expect(suggestions).toEqual([
      {
        id: 'fake-place-pushkina-5',
        title: '5 Pushkina St',
        subtitle: 'Kazan, Tatarstan, Russia',
        address: null,
      },
    ]);
  });

  it('sends other bounds as the rectangle, and the server filters by it', async () => {
    const south: Bounds = { southWest: { lat: 55.74, lng: 49.19 }, northEast: { lat: 55.76, lng: 49.22 } };
    expect(await geocoder().suggest('Баумана', { ...suggestOptions, bounds: south })).toEqual([]);
    expect(bodyOf(0)?.locationRestriction).toEqual({
      rectangle: { low: { latitude: 55.74, longitude: 49.19 }, high: { latitude: 55.76, longitude: 49.22 } },
    });
    expect(await geocoder().suggest('Победы', { ...suggestOptions, bounds: south })).toHaveLength(1);
  });

  it("sends no request for fewer than 3 characters, and answers [] for Google's {}", async () => {
    expect(await geocoder().suggest('ул', suggestOptions)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    fake.setMode('empty');
    expect(await geocoder().suggest('Баумана', suggestOptions)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("throws GeocoderError with the HTTP status and Google's error status in 'error' mode", async () => {
    fake.setMode('error');
    const error = await geocoder()
      .suggest('Баумана', suggestOptions)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderError);
    expect(error).toMatchObject({ status: 403, message: expect.stringContaining('PERMISSION_DENIED') });
  });

  it('skips query predictions and predictions of a wrong shape', async () => {
    const answer = {
      suggestions: [
        { queryPrediction: { text: { text: 'Баумана кафе' } } },
        { placePrediction: { placeId: 'a', structuredFormat: { mainText: { text: 'ул. Баумана, 1' } } } },
        { placePrediction: { placeId: 'a', structuredFormat: { mainText: { text: 'ул. Баумана, 1' } } } },
        { placePrediction: { placeId: 42 } },
        null,
      ],
    };
    const google = createGoogleGeocoder({
      apiKey: KEY,
      fetch: async () => new Response(JSON.stringify(answer), { status: 200 }),
    });
    expect(await google.suggest('Баумана', suggestOptions)).toEqual([
      { id: 'a', title: 'ул. Баумана, 1', subtitle: '', address: null },
    ]);
  });
});

describe('createGoogleGeocoder: resolve (Geocoding API by place id)', () => {
  it('asks /maps/api/geocode/json with place_id, key and language, and maps address components', async () => {
    const address = await geocoder().resolve(
      { id: 'fake-place-kremlyovskaya-8', title: 'ул. Кремлёвская, 8', subtitle: '', address: null },
      { locale: 'ru', sessionToken: 'session-42' },
    );
    expect(fake.requests[0]?.method).toBe('GET');
    expect(fake.requests[0]?.path).toBe('/maps/api/geocode/json');
    expect(fake.requests[0]?.query).toEqual({
      place_id: 'fake-place-kremlyovskaya-8',
      key: KEY,
      language: 'ru',
    });
    expect(address).toEqual({
      country: 'Россия',
      region: 'Республика Татарстан',
      city: 'Казань',
      street: 'ул. Кремлёвская',
      houseNumber: '8',
      coordinates: { lat: 55.793, lng: 49.111 },
      placeId: 'fake-place-kremlyovskaya-8',
    });
  });

  it('resolves a street-level place with no house number, in English', async () => {
    const address = await geocoder().resolve(
      { id: 'fake-place-baumana', title: 'Baumana St', subtitle: '', address: null },
      { locale: 'en' },
    );
    expect(address).toMatchObject({
      street: 'Baumana St',
      houseNumber: null,
      city: 'Kazan',
      country: 'Russia',
    });
  });

  it('answers null for ZERO_RESULTS', async () => {
    fake.setMode('empty');
    const address = await geocoder().resolve(
      { id: 'fake-place-baumana-19', title: '', subtitle: '', address: null },
      { locale: 'ru' },
    );
    expect(address).toBeNull();
  });
});

describe('createGoogleGeocoder: reverse (Geocoding API by latlng)', () => {
  it('asks with latlng and keeps the point asked for', async () => {
    const point = { lat: 55.827, lng: 49.1203 };
    const address = await geocoder().reverse(point, { locale: 'en' });
    expect(fake.requests[0]?.query).toEqual({ latlng: '55.827,49.1203', key: KEY, language: 'en' });
    expect(address).toEqual({
      country: 'Russia',
      region: 'Tatarstan',
      city: 'Kazan',
      street: 'Yamasheva Ave',
      houseNumber: '51',
      coordinates: point,
      placeId: 'fake-place-yamasheva-51',
    });
  });

  it('answers a far point with street null', async () => {
    const point = { lat: 55.72, lng: 49.0 };
    expect(await geocoder().reverse(point, { locale: 'ru' })).toMatchObject({
      street: null,
      houseNumber: null,
      city: 'Казань',
      coordinates: point,
    });
  });

  it('throws GeocoderError naming REQUEST_DENIED and its error_message', async () => {
    fake.setMode('error');
    const error = await geocoder()
      .reverse({ lat: 55.79, lng: 49.12 }, { locale: 'ru' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderError);
    expect((error as Error).message).toMatch(/REQUEST_DENIED.*The provided API key is invalid/);
  });

  it('treats OVER_QUERY_LIMIT and a result without a location as failures', async () => {
    const answering = (body: unknown) =>
      createGoogleGeocoder({
        apiKey: KEY,
        fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
      });
    await expect(
      answering({ status: 'OVER_QUERY_LIMIT', results: [] }).reverse({ lat: 1, lng: 2 }, { locale: 'ru' }),
    ).rejects.toThrow(/OVER_QUERY_LIMIT/);
    await expect(
      answering({ status: 'OK', results: [{ place_id: 'x' }] }).resolve(
        { id: 'x', title: '', subtitle: '', address: null },
        { locale: 'ru' },
      ),
    ).rejects.toBeInstanceOf(GeocoderError);
  });
});

describe('createGoogleGeocoder: timeouts and aborts', () => {
  it('aborts the request and throws GeocoderError when the deadline passes', async () => {
    // A service that never answers, as fetch behaves: it settles only when its signal aborts. Fake timers
    // run the deadline, so the test proves the abort happened, not how long anything took.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const signals: AbortSignal[] = [];
      const google = createGoogleGeocoder({
        apiKey: KEY,
        fetch: (_input, init) =>
          new Promise<Response>((_resolve, reject) => {
            const signal = init?.signal;
            if (signal) signals.push(signal);
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      });
      const suggested = google.suggest('Баумана', suggestOptions).catch((error: unknown) => error);
      const reversed = google.reverse({ lat: 55.79, lng: 49.12 }, { locale: 'ru' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(GOOGLE_TIMEOUT_MS - 1);
      expect(signals.map((signal) => signal.aborted)).toEqual([false, false]);
      await vi.advanceTimersByTimeAsync(1);
      expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
      expect(await suggested).toMatchObject({
        name: 'GeocoderError',
        message: expect.stringMatching(new RegExp(`within ${GOOGLE_TIMEOUT_MS} ms`)),
      });
      expect(await reversed).toBeInstanceOf(GeocoderError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with an AbortError, not a GeocoderError, when the caller aborts', async () => {
    fake.setMode('slow');
    const controller = new AbortController();
    const pending = geocoder().suggest('Баумана', { ...suggestOptions, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(GeocoderError);
  });
});
