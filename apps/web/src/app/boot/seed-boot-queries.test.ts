import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clockStore } from '../../entities/clock/clock-store.ts';
import { selectionsStore } from '../../entities/location/selections-store.ts';
import {
  claimPrefetchedAnswer,
  type PrefetchedAnswer,
  rememberPrefetch,
} from '../../shared/prefetch/prefetched-answers.ts';
import { testBrand } from '../../test/render-app.tsx';
import { claimableAnswers } from '../head-prefetch/boot-requests.ts';
import { seedBootQueries } from './seed-boot-queries.ts';

const location = {
  restos: [{ id: 3, menus: [{ id: 1, isDelivery: true, isTakeAway: true }] }],
  deliveryZones: [],
};
const bootAnswers = [
  { path: '/1/now', status: 200, body: { utc_time: '2026-11-24T12:00:00.000Z' } },
  { path: '/1/p/cities?whiteLabel=demo', status: 200, body: [{ id: 1 }] },
  { path: '/1/p/location?cityId=1&whiteLabel=demo', status: 200, body: location },
  { path: '/1/restos/3/promotions', status: 200, body: [{ id: 9 }] },
  { path: '/1/restos/3/positions/modifiers', status: 200, body: [] },
  { path: '/1/restos/3/position-time-slots', status: 500, body: { errors: [{ message: 'Сбой' }] } },
  { path: '/1/restos/3/working-hours', status: 200, body: [] },
  { path: '/1/p/menus/1/position-groups', status: 200, body: [{ id: 5 }] },
  { path: '/1/p/menus/1/positions', status: 200, body: [{ id: 7 }] },
];

/** As the page head leaves them: every answer of the boot call promised under its own path. */
function headAnswered(locale: string) {
  const answers = claimableAnswers({ answers: bootAnswers } as never, locale, 1000, 1200);
  for (const [path, answer] of answers) rememberPrefetch(path, Promise.resolve(answer));
}

beforeEach(() => {
  selectionsStore.getState().save({
    cityId: 1,
    restoId: 3,
    deliveryMethod: 'TAKE_AWAY',
    paymentMethod: null,
    deliveryPlace: null,
  });
});
afterEach(() => {
  delete window.__storefrontPrefetch;
  selectionsStore.getState().reset();
});

it('puts a returning customer’s boot into the cache before the first render, clock synced', async () => {
  headAnswered('ru');
  const client = new QueryClient();
  expect(await seedBootQueries(client, testBrand, 'ru')).toBe(true);
  expect(client.getQueryData(['now'])).toEqual({ utc_time: '2026-11-24T12:00:00.000Z' });
  expect(client.getQueryData(['cities', 'demo'])).toEqual([{ id: 1 }]);
  expect(client.getQueryData(['location', 'demo', 1])).toEqual(location);
  expect(client.getQueryData(['resto-promotions', 3])).toEqual([{ id: 9 }]);
  expect(client.getQueryData(['menu-groups', 1])).toEqual([{ id: 5 }]);
  expect(client.getQueryData(['menu-positions', 1])).toEqual([{ id: 7 }]);
  expect(clockStore.getState().synced).toBe(true);
  // Server noon, read half-way through a round trip from 1000 to 1200 on the device's clock.
  expect(clockStore.getState().offsetMs).toBe(Date.parse('2026-11-24T12:00:00.000Z') - 1100);
});

it('leaves a failed answer to its query, which still finds it with its status', async () => {
  headAnswered('ru');
  const client = new QueryClient();
  await seedBootQueries(client, testBrand, 'ru');
  expect(client.getQueryData(['resto-time-slots', 3])).toBeUndefined();
  const left = (await claimPrefetchedAnswer('/1/restos/3/position-time-slots')) as PrefetchedAnswer;
  expect(left.response.status).toBe(500);
  expect(await left.response.json()).toEqual({ errors: [{ message: 'Сбой' }] });
});

it('seeds nothing and takes nothing in another language, or without a saved choice', async () => {
  headAnswered('en');
  const client = new QueryClient();
  expect(await seedBootQueries(client, testBrand, 'ru')).toBe(false);
  expect(client.getQueryData(['cities', 'demo'])).toBeUndefined();
  expect((await claimPrefetchedAnswer('/1/p/cities?whiteLabel=demo'))?.locale).toBe('en');
});

it('seeds a first visit’s clock and cities, read from their Responses, and leaves the rest alone', async () => {
  selectionsStore.getState().reset();
  headAnswered('ru');
  const client = new QueryClient();
  expect(await seedBootQueries(client, testBrand, 'ru')).toBe(true);
  expect(client.getQueryData(['now'])).toEqual({ utc_time: '2026-11-24T12:00:00.000Z' });
  expect(client.getQueryData(['cities', 'demo'])).toEqual([{ id: 1 }]);
  expect(client.getQueryData(['location', 'demo', 1])).toBeUndefined();
  expect(await claimPrefetchedAnswer('/1/p/location?cityId=1&whiteLabel=demo')).toBeDefined();

  // As the head's first-visit requests leave them: Responses alone, nothing parsed.
  delete window.__storefrontPrefetch;
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  rememberPrefetch(
    '/1/now',
    Promise.resolve({
      locale: 'ru',
      response: json({ utc_time: '2026-11-24T09:00:00.000Z' }),
      sentAt: 1,
      receivedAt: 3,
    }),
  );
  rememberPrefetch(
    '/1/p/cities?whiteLabel=demo',
    Promise.resolve({ locale: 'ru', response: json([{ id: 2 }]) }),
  );
  const fresh = new QueryClient();
  expect(await seedBootQueries(fresh, testBrand, 'ru')).toBe(true);
  expect(fresh.getQueryData(['cities', 'demo'])).toEqual([{ id: 2 }]);
});
