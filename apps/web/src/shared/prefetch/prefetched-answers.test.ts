import { afterEach, expect, it, vi } from 'vitest';
import { apiFetch, setApiLocale } from '../api-client.ts';
import {
  claimPrefetched,
  HEAD_SCRIPT_ATTRIBUTE,
  pageHeadRan,
  prefetchedOrFetch,
  rememberPlan,
  rememberPrefetch,
} from './prefetched-answers.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const answer = (body: unknown, locale = 'ru', status = 200) =>
  Promise.resolve({ locale, response: json(body, status) });

afterEach(() => {
  delete window.__storefrontPrefetch;
  setApiLocale('ru');
  vi.unstubAllGlobals();
});

it('hands an answer out once: a second ask (a refetch, a retry) reaches the server', async () => {
  rememberPrefetch('/1/p/cities?whiteLabel=demo', answer([{ id: 1 }]));
  const fetch = vi.fn(async () => json([{ id: 2 }]));
  vi.stubGlobal('fetch', fetch);

  expect(await apiFetch('/1/p/cities?whiteLabel=demo')).toEqual([{ id: 1 }]);
  expect(fetch).not.toHaveBeenCalled();
  expect(await apiFetch('/1/p/cities?whiteLabel=demo')).toEqual([{ id: 2 }]);
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('is claimed only in the language it was asked in', async () => {
  rememberPrefetch('/1/restos/1/promotions', answer(['ru']));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(['en'])),
  );
  setApiLocale('en');
  expect(await apiFetch('/1/restos/1/promotions')).toEqual(['en']);
});

it('a prefetched error answer is the answer: the docs/product.md §8 error reaches the caller as from the server', async () => {
  rememberPrefetch(
    '/1/p/menus/9/positions',
    answer({ errors: [{ code: 'menu.not-found', message: 'Меню не найдено' }] }, 'ru', 404),
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

it('a prefetch lost on the network, or one the head decided not to make, is asked again', async () => {
  rememberPrefetch('/1/p/location?cityId=1&whiteLabel=demo', Promise.reject(new TypeError('offline')));
  rememberPrefetch('/1/restos/1/working-hours', Promise.reject(new Error('not part of this boot')));
  const fetch = vi.fn(async () => json({ restos: [] }));
  vi.stubGlobal('fetch', fetch);
  expect(await apiFetch('/1/p/location?cityId=1&whiteLabel=demo')).toEqual({ restos: [] });
  expect(await apiFetch('/1/restos/1/working-hours')).toEqual({ restos: [] });
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('a path the head will know later waits for its plan instead of asking the server first', async () => {
  let know: () => void = () => undefined;
  rememberPlan(
    '/1/p/menus/',
    new Promise<void>((resolve) => {
      know = () => {
        rememberPrefetch('/1/p/menus/1/positions', answer(['from the head']));
        resolve();
      };
    }),
  );
  const fetch = vi.fn(async () => json(['from the app']));
  vi.stubGlobal('fetch', fetch);
  const asked = apiFetch('/1/p/menus/1/positions');
  know();
  expect(await asked).toEqual(['from the head']);
  // Not in the plan: the app asks itself once the plan is known.
  expect(await apiFetch('/1/p/menus/2/positions')).toEqual(['from the app']);
  // Other paths never wait for the plan.
  expect(await claimPrefetched('/1/now', 'ru')).toBeUndefined();
});

it('writes and reads with their own headers never take a prefetched answer', async () => {
  rememberPrefetch('/1/orders', answer(['prefetched']));
  const fetch = vi.fn(async () => json(['fresh']));
  vi.stubGlobal('fetch', fetch);
  expect(await apiFetch('/1/orders', { method: 'POST', body: '{}' })).toEqual(['fresh']);
  expect(await apiFetch('/1/orders', { headers: { authorization: 'Bearer t' } })).toEqual(['fresh']);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(await claimPrefetched('/1/orders', 'ru')).toBeDefined();
});

it('asks the server itself when the head started nothing', async () => {
  const request = vi.fn(async () => json({}));
  await prefetchedOrFetch('/config.json', '', request);
  expect(request).toHaveBeenCalledTimes(1);
});

it('the app waits for the page head’s script when its own bundle ran first, and only then', async () => {
  // No head script (tests, another host's page): nothing to wait for.
  await pageHeadRan();

  const script = document.createElement('script');
  script.setAttribute(HEAD_SCRIPT_ATTRIBUTE, '');
  document.head.append(script);
  try {
    let ran = false;
    const waiting = pageHeadRan().then(() => {
      ran = true;
    });
    await Promise.resolve();
    expect(ran).toBe(false);
    script.dispatchEvent(new Event('load'));
    await waiting;
    expect(ran).toBe(true);

    // The head already ran: its store is there.
    rememberPrefetch('/config.json', answer({}));
    await pageHeadRan();
  } finally {
    script.remove();
  }
});
