import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockStore } from '../clock/clock-store.ts';
import { personStorage, personStore } from './person-store.ts';
import { completeSignIn, configureSession, freshAccessToken, signOut } from './session.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const accessToken = (expiresInS: number) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ sub: '7', exp: NOW / 1000 + expiresInS }))}.sig`;

const profile = {
  id: 7,
  accountIds: [],
  avatar: null,
  deliveries: [{ email: null, personName: 'Аня', phone: null }],
  email: 'anna@example.com',
  firstName: 'Анна',
  lastName: null,
  patronymic: null,
  phone: '+79123456789',
};

type Answer = { status: number; body?: unknown };
/** A fetch that answers each path from a queue and records the calls. */
function stubFetch(answers: Record<string, Answer[] | Error>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      const key = Object.keys(answers).find((path) => url.startsWith(path));
      const queue = key ? answers[key] : undefined;
      if (queue instanceof Error) throw queue;
      const answer = queue?.shift() ?? { status: 404, body: { errors: [{ code: 'x', message: 'нет' }] } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
      });
    }),
  );
  return calls;
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers as HeadersInit).get(name);

describe('the session (docs/product.md §4 Authorisation, Token refresh)', () => {
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    clockStore.setState({ offsetMs: 0 });
    localStorage.clear();
    personStore.getState().signedOut();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('signing in keeps the token set, loads the profile with it and fills the empty contact fields', async () => {
    personStore.getState().setContact({ name: 'Пётр' });
    const calls = stubFetch({ '/api/v1/me': [{ status: 200, body: profile }] });
    const tokens = { accessToken: accessToken(900), refreshToken: 'r1', source: 'PHONE' as const };
    await completeSignIn(tokens);
    expect(headerOf(calls[0]?.init, 'authorization')).toBe(`Bearer ${tokens.accessToken}`);
    expect(personStore.getState()).toMatchObject({
      tokens,
      profile,
      contact: { name: 'Пётр', email: 'anna@example.com', phone: '+79123456789' },
    });
    expect(JSON.parse(localStorage.getItem('person_token_set') ?? 'null')).toEqual(tokens);
    expect(JSON.parse(localStorage.getItem('person_profile') ?? 'null')).toEqual(profile);
  });

  it('a stored session comes back after a reload; a hand-edited one is ignored', () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', source: 'PHONE' };
    localStorage.setItem('person_token_set', JSON.stringify(tokens));
    localStorage.setItem('person_profile', JSON.stringify(profile));
    personStorage.hydrate();
    expect(personStore.getState().tokens).toEqual(tokens);
    expect(personStore.getState().profile).toEqual(profile);

    personStore.getState().signedOut();
    localStorage.setItem('person_token_set', JSON.stringify({ accessToken: 1, source: 'EVIL' }));
    personStorage.hydrate();
    expect(personStore.getState().tokens).toBeNull();
  });

  it('uses a live access token as it is, without calling the server', async () => {
    const calls = stubFetch({});
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(900), refreshToken: 'r', source: 'PHONE' }, profile);
    expect(await freshAccessToken()).toBe(accessToken(900));
    expect(calls).toHaveLength(0);
  });

  it('refreshes an expired access token once, even for calls made at the same moment', async () => {
    const next = { accessToken: accessToken(900), refreshToken: 'r2', source: 'PHONE' };
    const calls = stubFetch({ '/api/v1/sign/refresh': [{ status: 200, body: next }] });
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(-5), refreshToken: 'r1', source: 'PHONE' }, profile);
    const [a, b] = await Promise.all([freshAccessToken(), freshAccessToken()]);
    expect(a).toBe(next.accessToken);
    expect(b).toBe(next.accessToken);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(headerOf(calls[0]?.init, 'authorization')).toBe('Bearer r1');
    expect(personStore.getState().tokens).toEqual(next);
  });

  it('an expired or revoked refresh token signs the person out, through VK logout for a VK session', async () => {
    const calls = stubFetch({
      '/api/v1/sign/refresh': [
        { status: 401, body: { errors: [{ code: 'auth.token-expired', message: 'x' }] } },
      ],
      'https://id.vk.com/oauth2/logout': [{ status: 200, body: { response: 1 } }],
    });
    configureSession({ vkAppId: '51234567' });
    personStore.getState().setContact({ email: 'a@b.c' });
    personStore
      .getState()
      .signedIn(
        { accessToken: accessToken(-5), refreshToken: 'r1', vkAccessToken: 'vk1', source: 'VK' },
        profile,
      );
    expect(await freshAccessToken()).toBeNull();
    expect(personStore.getState()).toMatchObject({
      tokens: null,
      profile: null,
      contact: { name: null, email: null, phone: null },
    });
    expect(localStorage.getItem('person_token_set')).toBeNull();
    const logout = calls.find((call) => call.url.startsWith('https://id.vk.com/oauth2/logout'));
    expect(logout?.url).toBe('https://id.vk.com/oauth2/logout?client_id=51234567');
    expect(String(logout?.init?.body)).toBe('access_token=vk1');
  });

  it('ignores a refresh that fails on the network: the session stays', async () => {
    stubFetch({ '/api/v1/sign/refresh': new TypeError('offline') });
    const tokens = { accessToken: accessToken(-5), refreshToken: 'r1', source: 'PHONE' as const };
    personStore.getState().signedIn(tokens, profile);
    expect(await freshAccessToken()).toBe(tokens.accessToken);
    expect(personStore.getState().tokens).toEqual(tokens);
  });

  it('signing out clears the person even when the server cannot be reached', async () => {
    const calls = stubFetch({ '/api/v1/sign/out': new TypeError('offline') });
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(900), refreshToken: 'r1', source: 'PHONE' }, profile);
    await signOut();
    expect(headerOf(calls[0]?.init, 'authorization')).toBe('Bearer r1');
    expect(personStore.getState().tokens).toBeNull();
    expect(personStore.getState().profile).toBeNull();
  });
});
