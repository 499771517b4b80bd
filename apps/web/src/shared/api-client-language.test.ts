import { afterEach, expect, it, vi } from 'vitest';
import { type ApiError, apiFetch, setApiLocale } from './api-client.ts';

afterEach(() => {
  setApiLocale('ru');
  vi.unstubAllGlobals();
});

const failed = (path: string): Promise<ApiError> =>
  apiFetch(path).then(
    () => {
      throw new Error(`${path} answered`);
    },
    (error: unknown) => error as ApiError,
  );

it('words an answer without an error body in the interface language, keeping the status text apart', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
  );
  const russian = await failed('/1/p/cities');
  expect(russian).toMatchObject({
    message: 'Не удалось выполнить запрос',
    status: 502,
    statusText: 'Bad Gateway',
  });
  setApiLocale('en');
  expect((await failed('/1/p/cities')).message).toBe('The request could not be completed');
});

it('says a network failure in the interface language: docs/product.md §8’s English words in English', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  expect(await failed('/1/now')).toMatchObject({ status: 0, message: 'Ошибка сети при обращении к серверу' });
  setApiLocale('en');
  expect((await failed('/1/now')).message).toBe('Network error when attempting to fetch resource.');
});
