import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  freshStaffToken,
  reloadStaffSession,
  staffFetch,
  staffSessionStore,
  staffSignOut,
} from './staff-session.ts';

const staff = { id: 3, login: 'kazan', name: 'Ольга', role: 'operator' as const, restoIds: [1] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(answer: (path: string, init?: RequestInit) => Response) {
  const calls: { path: string; body: unknown; auth: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.authorization,
      });
      return answer(path, init);
    }),
  );
  return calls;
}

describe('staff session', () => {
  beforeEach(() => staffSessionStore.setState({ session: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('is read from its own key, never the customer’s', () => {
    localStorage.setItem(
      'person_token_set',
      JSON.stringify({ accessToken: 'c', refreshToken: 'c', source: 'PHONE' }),
    );
    reloadStaffSession();
    expect(staffSessionStore.getState().session).toBeNull();
    localStorage.setItem(
      'staff_session',
      JSON.stringify({ accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 60_000, staff }),
    );
    reloadStaffSession();
    expect(staffSessionStore.getState().session?.staff.name).toBe('Ольга');
  });

  it('refreshes an access token about to end before the call, once for calls made together', async () => {
    staffSessionStore.setState({
      session: { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 10_000, staff },
    });
    const calls = stubFetch((path) =>
      path === '/api/v1/staff/token'
        ? json({ accessToken: 'a2', refreshToken: 'r2', expiresIn: 900, staff })
        : json({ ok: true }),
    );
    await Promise.all([staffFetch('/api/v1/staff/me'), staffFetch('/api/v1/staff/board')]);
    expect(calls.filter((c) => c.path === '/api/v1/staff/token')).toEqual([
      { path: '/api/v1/staff/token', body: { refreshToken: 'r1' }, auth: undefined },
    ]);
    expect(calls.filter((c) => c.path !== '/api/v1/staff/token').map((c) => c.auth)).toEqual([
      'Bearer a2',
      'Bearer a2',
    ]);
    expect(JSON.parse(localStorage.getItem('staff_session') ?? '{}').refreshToken).toBe('r2');
    expect(await freshStaffToken()).toBe('a2');
  });

  it('ends the session when a refreshed token is refused again', async () => {
    staffSessionStore.setState({
      session: { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 600_000, staff },
    });
    const calls = stubFetch((path) =>
      path === '/api/v1/staff/token'
        ? json({ accessToken: 'a2', refreshToken: 'r2', expiresIn: 900, staff })
        : json({ errors: [{ code: 'auth.unauthorized', message: 'no' }] }, 401),
    );
    await expect(staffFetch('/api/v1/staff/board')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/v1/staff/board',
      '/api/v1/staff/token',
      '/api/v1/staff/board',
    ]);
    expect(staffSessionStore.getState().session).toBeNull();
  });

  it('keeps the session through a network failure of the refresh', async () => {
    staffSessionStore.setState({
      session: { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() - 1, staff },
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(staffFetch('/api/v1/staff/board')).rejects.toMatchObject({ status: 0 });
    expect(staffSessionStore.getState().session?.refreshToken).toBe('r1');
  });

  it('signs out even when the server cannot be reached', async () => {
    staffSessionStore.setState({
      session: { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 600_000, staff },
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await staffSignOut();
    expect(staffSessionStore.getState().session).toBeNull();
    expect(localStorage.getItem('staff_session')).toBeNull();
  });
});
