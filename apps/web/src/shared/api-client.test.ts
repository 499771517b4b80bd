import { afterEach, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiFetchText, setApiLocale } from './api-client.ts';

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });

afterEach(() => {
  setApiLocale('ru');
  vi.unstubAllGlobals();
});

it('asks in the interface language, with the caller’s headers beside it', async () => {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer({ ok: true }));
  vi.stubGlobal('fetch', fetch);
  setApiLocale('en');
  await apiFetch('/api/v1/me', { headers: { authorization: 'Bearer t' } });
  expect(new Headers(fetch.mock.calls[0]?.[1]?.headers)).toEqual(
    new Headers({ accept: 'application/json', 'accept-language': 'en', authorization: 'Bearer t' }),
  );
});

it('carries the seconds to wait: the body’s retryAfter first, else the Retry-After header', async () => {
  vi.stubGlobal(
    'fetch',
    vi
      .fn()
      .mockResolvedValueOnce(
        answer({ errors: [{ code: 'sms.too-often', message: 'Рано' }], retryAfter: 42 }, 429, {
          'retry-after': '42',
        }),
      )
      .mockResolvedValueOnce(
        answer({ errors: [{ code: 'idempotency.in-progress', message: '…' }] }, 409, { 'retry-after': '2' }),
      )
      .mockResolvedValueOnce(answer({ errors: [{ code: 'x', message: 'y' }] }, 400)),
  );
  const waits = [];
  for (let call = 0; call < 3; call++) {
    waits.push(((await apiFetch('/x', { method: 'POST' }).catch((e: unknown) => e)) as ApiError).retryAfter);
  }
  expect(waits).toEqual([42, 2, null]);
});

it('names the wrong fields of a 400', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      answer(
        {
          errors: [
            { code: 'order.name-required', message: 'Укажите имя', field: 'name' },
            { code: 'order.failed', message: 'Не вышло' },
          ],
        },
        400,
      ),
    ),
  );
  const error = (await apiFetch('/x').catch((e: unknown) => e)) as ApiError;
  expect(error).toMatchObject({ status: 400, code: 'order.name-required', message: 'Укажите имя' });
  expect(error.fieldErrors).toEqual([{ field: 'name', code: 'order.name-required', message: 'Укажите имя' }]);
  expect(error.network).toBe(false);
});

it('is a network error, status 0, when no answer came', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  const error = (await apiFetchText('/content/pages/ru/about.md').catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.network).toBe(true);
});

it('reads a text answer as it is', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer('# О нас')),
  );
  expect(await apiFetchText('/content/pages/ru/about.md')).toBe('# О нас');
});
