import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { claimPrefetched, claimPrefetchedAnswer } from '../../shared/prefetch/prefetched-answers.ts';
import { startFirstVisitRequests } from './first-visit-requests.ts';

const config = {
  whiteLabel: 'demo brand',
  locales: ['ru', 'en'],
  defaultLocale: 'ru',
  apiBase: 'https://api.example.com/',
};
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  window.__storefrontPrefetch = undefined;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push(`${url} ${(init.headers as Record<string, string>)['accept-language']}`);
      return new Response(JSON.stringify({ url }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const configAnswer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

it("asks the clock and the brand's cities once the config names the brand, in the language the app will use", async () => {
  localStorage.setItem('app_locale', '"en"');
  startFirstVisitRequests(configAnswer(config));
  const clock = await claimPrefetchedAnswer('/1/now');
  expect(clock?.locale).toBe('en');
  expect(clock?.sentAt).toBeTypeOf('number');
  expect(clock?.receivedAt).toBeGreaterThanOrEqual(clock?.sentAt ?? Number.POSITIVE_INFINITY);
  const cities = await claimPrefetched('/1/p/cities?whiteLabel=demo%20brand', 'en');
  expect(await cities?.json()).toEqual({ url: 'https://api.example.com/1/p/cities?whiteLabel=demo%20brand' });
  expect(asked.sort()).toEqual([
    'https://api.example.com/1/now en',
    'https://api.example.com/1/p/cities?whiteLabel=demo%20brand en',
  ]);
  // Handed out once: a refetch reaches the server.
  expect(await claimPrefetched('/1/p/cities?whiteLabel=demo%20brand', 'en')).toBeUndefined();
});

it('leaves another language to the app, and another brand’s cities unasked', async () => {
  startFirstVisitRequests(configAnswer(config));
  expect(await claimPrefetched('/1/p/cities?whiteLabel=demo%20brand', 'en')).toBeUndefined();
  expect(await claimPrefetched('/1/p/cities?whiteLabel=other', 'ru')).toBeUndefined();
});

it('asks nothing when the config fails: the app asks itself', async () => {
  startFirstVisitRequests(configAnswer({}, 503));
  expect(await claimPrefetchedAnswer('/1/now')).toBeUndefined();
  expect(await claimPrefetched('/1/p/cities?whiteLabel=demo%20brand', 'ru')).toBeUndefined();
  expect(asked).toEqual([]);
});
