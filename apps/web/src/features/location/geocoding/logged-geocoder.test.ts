// The web project's jsdom environment; fetch there is still Node's, against the fake geocoding server.
import type { BrandConfig } from '@storefront/domain/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeGeocodingServer,
  startFakeGeocodingServer,
} from '../../../test/fakes/fake-geocoding-server.ts';
import { createGeocoder } from './create-geocoder.ts';
import type { Geocoder } from './geocoder.ts';
import { GeocoderError } from './geocoder.ts';
import { abortError } from './geocoder-http.ts';
import { withFailureLog } from './logged-geocoder.ts';

const KAZAN = { southWest: { lat: 55.7, lng: 48.95 }, northEast: { lat: 55.88, lng: 49.3 } };
const options = { bounds: KAZAN, locale: 'ru' as const, sessionToken: 's' };

let fake: FakeGeocodingServer;
beforeAll(async () => {
  fake = await startFakeGeocodingServer();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.setMode('ok');
  vi.restoreAllMocks();
});

function maps(overrides: Partial<BrandConfig['maps']>): BrandConfig['maps'] {
  return {
    tileUrl: `${fake.url}/tiles/{z}/{x}/{y}.png`,
    attribution: '',
    geocoderUrl: fake.url,
    googleMapsKey: null,
    googleMapId: null,
    googleGeocodingUrl: fake.url,
    googlePlacesUrl: fake.url,
    ...overrides,
  };
}

describe('an address-search failure is logged', () => {
  it('with the operation and the service status, and still thrown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.setMode('error');
    await expect(createGeocoder(maps({})).suggest('Баумана', options)).rejects.toBeInstanceOf(GeocoderError);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe('address search failed');
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ operation: 'suggest', status: 500 });
  });

  it('never with the brand’s maps key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.setMode('error');
    const geocoder = createGeocoder(maps({ googleMapsKey: 'brand-secret-key' }));
    await expect(geocoder.suggest('Баумана', options)).rejects.toBeInstanceOf(GeocoderError);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ operation: 'suggest', status: 403 });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('brand-secret-key');
  });

  it('redacts a key however the message carries it, and ignores the caller’s own abort', async () => {
    const log = vi.fn();
    const failing: Geocoder = {
      suggest: async () => {
        throw new GeocoderError(
          'failed https://maps.example/geocode?address=x&key=AIzaSECRET, then secret-2',
          502,
        );
      },
      resolve: async () => {
        throw abortError();
      },
      reverse: async () => null,
    };
    const geocoder = withFailureLog(failing, { secrets: ['secret-2'], log });
    await expect(geocoder.suggest('Баумана', options)).rejects.toThrow();
    await expect(
      geocoder.resolve({ id: '1', title: '', subtitle: '', address: null }, options),
    ).rejects.toThrow();
    expect(await geocoder.reverse({ lat: 55.8, lng: 49.1 }, options)).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[1]).toEqual({
      operation: 'suggest',
      status: 502,
      message: 'failed https://maps.example/geocode?address=x&key=[redacted], then [redacted]',
    });
  });
});
