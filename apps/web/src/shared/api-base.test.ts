import { afterEach, expect, it, vi } from 'vitest';
import { apiUrl, setApiBase } from './api-base.ts';
import { apiFetch } from './api-client.ts';

afterEach(() => {
  setApiBase('');
  vi.unstubAllGlobals();
});

it('leaves paths on this origin while the API shares it', () => {
  setApiBase(undefined);
  expect(apiUrl('/1/now')).toBe('/1/now');
  setApiBase('');
  expect(apiUrl('/media/placeholder.svg')).toBe('/media/placeholder.svg');
});

it('puts the configured base in front of API paths only', () => {
  setApiBase('https://api.example.com/');
  expect(apiUrl('/1/now')).toBe('https://api.example.com/1/now');
  expect(apiUrl('/api/v1/persons/7/events?ticket=t')).toBe(
    'https://api.example.com/api/v1/persons/7/events?ticket=t',
  );
  expect(apiUrl('https://tile.example.org/1/2/3.png')).toBe('https://tile.example.org/1/2/3.png');
  expect(apiUrl('//cdn.example.org/x.png')).toBe('//cdn.example.org/x.png');
  expect(apiUrl('data:image/png;base64,AA==')).toBe('data:image/png;base64,AA==');
});

it('apiFetch calls the API at its base, in cors mode', async () => {
  const fetch = vi.fn(async () => new Response('{"utc_time":"2026-11-25T09:00:00Z"}', { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  setApiBase('http://127.0.0.1:4173');
  await apiFetch('/1/now');
  expect(fetch).toHaveBeenCalledWith(
    'http://127.0.0.1:4173/1/now',
    expect.objectContaining({ mode: 'cors' }),
  );
});
