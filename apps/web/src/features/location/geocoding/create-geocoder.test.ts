// The web project's jsdom environment (its setup file needs `window`); fetch there is still Node's.
import type { BrandConfig } from '@storefront/domain/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  crc32,
  type FakeGeocodingServer,
  greyTilePng,
  startFakeGeocodingServer,
} from '../../../test/fakes/fake-geocoding-server.ts';
import { createGeocoder } from './create-geocoder.ts';

const KAZAN = { southWest: { lat: 55.7, lng: 48.95 }, northEast: { lat: 55.88, lng: 49.3 } };
const options = { bounds: KAZAN, locale: 'ru' as const, sessionToken: 's' };

let fake: FakeGeocodingServer;
beforeAll(async () => {
  fake = await startFakeGeocodingServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
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

describe('createGeocoder', () => {
  it('uses the Nominatim-compatible geocoder at geocoderUrl without a Google key', async () => {
    await createGeocoder(maps({})).suggest('Баумана', options);
    expect(fake.requests.map((r) => r.path)).toEqual(['/search']);
  });

  it('uses Google when the brand has a maps key', async () => {
    await createGeocoder(maps({ googleMapsKey: 'brand-key' })).suggest('Баумана', options);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/places:autocomplete']);
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('brand-key');
  });

  it('treats a blank key as no key', async () => {
    await createGeocoder(maps({ googleMapsKey: '  ' })).suggest('Баумана', options);
    expect(fake.requests.map((r) => r.path)).toEqual(['/search']);
  });
});

describe('the fake geocoding server', () => {
  it('serves tiles as a valid 256×256 PNG with a cache header and CORS', async () => {
    const response = await fetch(`${fake.url}/tiles/12/2650/1287.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer);
    expect(view.getUint32(8)).toBe(13); // IHDR length
    expect(new TextDecoder().decode(png.slice(12, 16))).toBe('IHDR');
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([256, 256]);
    expect([png[24], png[25]]).toEqual([8, 2]); // 8-bit truecolour
    // The closing IEND chunk with its well-known CRC proves the CRC-32 is computed right.
    expect([...png.slice(-12)]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(png).toEqual(new Uint8Array(greyTilePng()));
  });

  it('answers a CORS preflight allowing the Google headers', async () => {
    const response = await fetch(`${fake.url}/v1/places:autocomplete`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Goog-Api-Key/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Goog-FieldMask/);
  });
});
