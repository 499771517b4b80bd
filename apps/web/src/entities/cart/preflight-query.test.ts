import { makeCartLine, minor } from '@storefront/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProfile } from '../../test/fixtures/order-fixtures.ts';
import { personStore } from '../session/person-store.ts';
import { fetchPreflight } from './preflight-query.ts';
import { buildPreflightRequest } from './preflight-request.ts';

const request = buildPreflightRequest({
  lines: [makeCartLine({ id: 1, menuId: 1, price: minor(59_000), count: 1 })],
  restoId: 1,
  deliveryMethod: 'TAKE_AWAY',
  paymentMethod: 'CARD_ONLINE',
  deliveryPlace: null,
  promoCode: null,
});

/** A JWT-shaped token expiring at `exp` (seconds); the signature is never checked on the client. */
function token(exp: number) {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: '5', exp })}.sig`;
}

const profile = { ...testProfile, phone: null };

function stub(answers: Record<string, { status: number; body: unknown }>) {
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const headers = new Headers(init?.headers);
      calls.push({ path, authorization: headers.get('authorization') });
      const answer = answers[path] ?? { status: 404, body: { errors: [{ code: 'x', message: 'x' }] } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

describe('fetchPreflight', () => {
  afterEach(() => {
    personStore.getState().signedOut();
    vi.unstubAllGlobals();
  });

  it('asks anonymously without a session', async () => {
    const calls = stub({ '/1/persons/orders/preflight': { status: 200, body: { ok: 'anonymous' } } });
    expect(await fetchPreflight(request, null)).toEqual({ ok: 'anonymous' });
    expect(calls).toEqual([{ path: '/1/persons/orders/preflight', authorization: null }]);
  });

  it('asks as the person with a fresh access token', async () => {
    const access = token(Math.floor(Date.now() / 1000) + 3600);
    personStore.getState().signedIn({ accessToken: access, refreshToken: 'r', source: 'PHONE' }, profile);
    const calls = stub({ '/1/persons/5/orders/preflight': { status: 200, body: { ok: 'personal' } } });
    expect(await fetchPreflight(request, 5)).toEqual({ ok: 'personal' });
    expect(calls).toEqual([{ path: '/1/persons/5/orders/preflight', authorization: `Bearer ${access}` }]);
  });

  it('refreshes an expired access token first', async () => {
    personStore
      .getState()
      .signedIn({ accessToken: token(1), refreshToken: 'old-refresh', source: 'PHONE' }, profile);
    const fresh = token(Math.floor(Date.now() / 1000) + 3600);
    const calls = stub({
      '/api/v1/sign/refresh': { status: 200, body: { accessToken: fresh, refreshToken: 'new-refresh' } },
      '/1/persons/5/orders/preflight': { status: 200, body: { ok: 'personal' } },
    });
    expect(await fetchPreflight(request, 5)).toEqual({ ok: 'personal' });
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/sign/refresh', '/1/persons/5/orders/preflight']);
    expect(calls[1]?.authorization).toBe(`Bearer ${fresh}`);
  });

  it('falls back to the anonymous call when the session ends on the way', async () => {
    personStore
      .getState()
      .signedIn({ accessToken: token(1), refreshToken: 'revoked', source: 'PHONE' }, profile);
    const calls = stub({
      '/api/v1/sign/refresh': {
        status: 401,
        body: { errors: [{ code: 'auth.refresh-invalid', message: 'no' }] },
      },
      '/1/persons/orders/preflight': { status: 200, body: { ok: 'anonymous' } },
    });
    expect(await fetchPreflight(request, 5)).toEqual({ ok: 'anonymous' });
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/sign/refresh', '/1/persons/orders/preflight']);
    expect(personStore.getState().tokens).toBeNull();
  });
});
