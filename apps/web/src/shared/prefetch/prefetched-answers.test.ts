import { afterEach, expect, it, vi } from 'vitest';
import { apiFetch, setApiLocale } from '../api-client.ts';
import { prefetchedOrFetch, prefetchKey, rememberPrefetch, takePrefetched } from './prefetched-answers.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  delete window.__storefrontPrefetch;
  setApiLocale('ru');
  vi.unstubAllGlobals();
});

it('hands an answer out once: a second ask (a refetch, a retry) reaches the server', async () => {
  rememberPrefetch(prefetchKey('/1/p/cities?whiteLabel=demo', 'ru'), Promise.resolve(json([{ id: 1 }])));
  const fetch = vi.fn(async () => json([{ id: 2 }]));
  vi.stubGlobal('fetch', fetch);

  expect(await apiFetch('/1/p/cities?whiteLabel=demo')).toEqual([{ id: 1 }]);
  expect(fetch).not.toHaveBeenCalled();
  expect(await apiFetch('/1/p/cities?whiteLabel=demo')).toEqual([{ id: 2 }]);
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('is claimed only in the language it was asked in', async () => {
  rememberPrefetch(prefetchKey('/1/restos/1/promotions', 'ru'), Promise.resolve(json(['ru'])));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(['en'])),
  );
  setApiLocale('en');
  expect(await apiFetch('/1/restos/1/promotions')).toEqual(['en']);
});

it('a prefetched error answer is the answer: the SPEC §8 error reaches the caller as from the server', async () => {
  rememberPrefetch(
    prefetchKey('/1/p/menus/9/positions', 'ru'),
    Promise.resolve(json({ errors: [{ code: 'menu.not-found', message: 'Меню не найдено' }] }, 404)),
  );
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  await expect(apiFetch('/1/p/menus/9/positions')).rejects.toMatchObject({
    status: 404,
    code: 'menu.not-found',
    message: 'Меню не найдено',
  });
  expect(fetch).not.toHaveBeenCalled();
});

it('a prefetch lost on the network is asked again, not failed', async () => {
  rememberPrefetch(
    prefetchKey('/1/p/location?cityId=1&whiteLabel=demo', 'ru'),
    Promise.reject(new TypeError('offline')),
  );
  const fetch = vi.fn(async () => json({ restos: [] }));
  vi.stubGlobal('fetch', fetch);
  expect(await apiFetch('/1/p/location?cityId=1&whiteLabel=demo')).toEqual({ restos: [] });
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('writes and reads with their own headers never take a prefetched answer', async () => {
  rememberPrefetch(prefetchKey('/1/orders', 'ru'), Promise.resolve(json(['prefetched'])));
  const fetch = vi.fn(async () => json(['fresh']));
  vi.stubGlobal('fetch', fetch);
  expect(await apiFetch('/1/orders', { method: 'POST', body: '{}' })).toEqual(['fresh']);
  expect(await apiFetch('/1/orders', { headers: { authorization: 'Bearer t' } })).toEqual(['fresh']);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(takePrefetched(prefetchKey('/1/orders', 'ru'))).toBeDefined();
});

it('asks the server itself when the head started nothing', async () => {
  const request = vi.fn(async () => json({}));
  await prefetchedOrFetch(prefetchKey('/config.json', ''), request);
  expect(request).toHaveBeenCalledTimes(1);
});
