import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiLocale } from '../../shared/api-client.ts';
import { clockStore } from '../clock/clock-store.ts';
import { followOtherTabs, personStorage, personStore } from './person-store.ts';
import {
  completeSignIn,
  configureSession,
  freshAccessToken,
  REFRESH_LOCK_NAME,
  setLockManagerForTests,
  signOut,
} from './session.ts';

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
    setLockManagerForTests(null);
    setApiLocale('ru');
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

  it('a profile that fails to load keeps the token set the sign-in answered', async () => {
    stubFetch({ '/api/v1/me': [{ status: 500, body: { errors: [{ code: 'unknown', message: 'сбой' }] } }] });
    const tokens = { accessToken: accessToken(900), refreshToken: 'r1', source: 'PHONE' as const };
    await expect(completeSignIn(tokens)).rejects.toThrow('сбой');
    expect(personStore.getState().tokens).toEqual(tokens);
    expect(JSON.parse(localStorage.getItem('person_token_set') ?? 'null')).toEqual(tokens);
  });

  it('a sign-in call that gets no answer says “Network error” in the interface language', async () => {
    stubFetch({ '/api/v1/me': new TypeError('Failed to fetch') });
    const tokens = { accessToken: accessToken(900), refreshToken: 'r1', source: 'PHONE' as const };
    await expect(completeSignIn(tokens)).rejects.toMatchObject({ message: 'Ошибка сети', status: 0 });
    setApiLocale('en');
    await expect(completeSignIn(tokens)).rejects.toMatchObject({ message: 'Network error', status: 0 });
  });

  it('keeps the VK access token across a refresh, so signing out afterwards still reaches VK', async () => {
    const next = { accessToken: accessToken(900), refreshToken: 'r2', source: 'VK' };
    const calls = stubFetch({
      '/api/v1/sign/refresh': [{ status: 200, body: next }],
      '/api/v1/sign/out': [{ status: 204 }],
      'https://id.vk.com/oauth2/logout': [{ status: 200, body: { response: 1 } }],
    });
    configureSession({ vkAppId: '51234567' });
    personStore
      .getState()
      .signedIn(
        { accessToken: accessToken(-5), refreshToken: 'r1', vkAccessToken: 'vk1', source: 'VK' },
        profile,
      );
    await freshAccessToken();
    expect(personStore.getState().tokens).toEqual({ ...next, vkAccessToken: 'vk1' });
    expect(JSON.parse(localStorage.getItem('person_token_set') ?? 'null')).toMatchObject({
      vkAccessToken: 'vk1',
    });
    await signOut();
    const logout = calls.find((call) => call.url.startsWith('https://id.vk.com/oauth2/logout'));
    expect(String(logout?.init?.body)).toBe('access_token=vk1');
  });
});

describe('several open tabs share one session (decision 42)', () => {
  /** A Web Locks stand-in: one holder at a time, in order of request, and the names asked for. */
  function fakeLocks() {
    const names: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    return {
      names,
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        names.push(name);
        const run = tail.then(callback);
        tail = run.catch(() => {});
        return run;
      },
    };
  }

  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    clockStore.setState({ offsetMs: 0 });
    localStorage.clear();
    personStore.getState().signedOut();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setLockManagerForTests(null);
  });

  it('refreshes under the shared lock', async () => {
    const locks = fakeLocks();
    setLockManagerForTests(locks);
    const next = { accessToken: accessToken(900), refreshToken: 'r2', source: 'PHONE' };
    const calls = stubFetch({ '/api/v1/sign/refresh': [{ status: 200, body: next }] });
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(-5), refreshToken: 'r1', source: 'PHONE' }, profile);
    expect(await freshAccessToken()).toBe(next.accessToken);
    expect(locks.names).toEqual([REFRESH_LOCK_NAME]);
    expect(calls.map((call) => headerOf(call.init, 'authorization'))).toEqual(['Bearer r1']);
  });

  it('takes over the set another tab refreshed while this one waited for the lock, without refreshing again', async () => {
    const locks = fakeLocks();
    setLockManagerForTests(locks);
    const calls = stubFetch({});
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(-5), refreshToken: 'r1', source: 'PHONE' }, profile);
    // The other tab rotated r1 and wrote its successor; its storage event has not reached this tab yet.
    const theirs = { accessToken: accessToken(800), refreshToken: 'r2', source: 'PHONE' };
    localStorage.setItem('person_token_set', JSON.stringify(theirs));
    expect(await freshAccessToken()).toBe(theirs.accessToken);
    expect(calls).toHaveLength(0);
    expect(personStore.getState().tokens).toEqual(theirs);
  });

  it('ends here too when another tab signed out while this one waited: the server refuses the set', async () => {
    setLockManagerForTests(fakeLocks());
    const calls = stubFetch({
      '/api/v1/sign/refresh': [
        { status: 401, body: { errors: [{ code: 'auth.token-invalid', message: 'x' }] } },
      ],
    });
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(-5), refreshToken: 'r1', source: 'PHONE' }, profile);
    // Gone from storage: signed out elsewhere, or a storage that keeps nothing; the server tells which.
    localStorage.removeItem('person_token_set');
    expect(await freshAccessToken()).toBeNull();
    expect(calls).toHaveLength(1);
    expect(personStore.getState().tokens).toBeNull();
  });

  it('follows the token set and the sign-out another tab writes', () => {
    const target = new EventTarget();
    const stop = followOtherTabs(target as unknown as Window);
    personStore
      .getState()
      .signedIn({ accessToken: accessToken(-5), refreshToken: 'r1', source: 'PHONE' }, profile);
    const theirs = { accessToken: accessToken(900), refreshToken: 'r2', source: 'PHONE' };
    localStorage.setItem('person_token_set', JSON.stringify(theirs));
    target.dispatchEvent(new StorageEvent('storage', { key: 'person_token_set' }));
    expect(personStore.getState().tokens).toEqual(theirs);

    localStorage.removeItem('person_token_set');
    target.dispatchEvent(new StorageEvent('storage', { key: 'person_token_set' }));
    expect(personStore.getState()).toMatchObject({ tokens: null, profile: null });
    stop();
  });
});
