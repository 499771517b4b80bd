import { minor } from '@storefront/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProfile } from '../../test/fixtures/order-fixtures.ts';
import { renderWithApp, resto } from '../../test/render-app.tsx';
import { personStore } from '../session/person-store.ts';
import { CartPreflightWatcher } from './cart-preflight-watcher.tsx';
import { cartStore } from './cart-store.ts';

/** A JWT-shaped access token valid for an hour (the client reads only its expiry). */
function token() {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: '5', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

function stubPreflight() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(path);
      return new Response(JSON.stringify({ errors: [{ code: 'x', message: 'x' }] }), { status: 500 });
    }),
  );
  return calls;
}

const render = () =>
  renderWithApp(<CartPreflightWatcher />, { cities: [], resto: resto({ id: 1 }), method: 'TAKE_AWAY' });

describe('the preflight outside the cart page', () => {
  afterEach(() => {
    cartStore.getState().clear();
    personStore.getState().signedOut();
    vi.unstubAllGlobals();
  });

  it('asks nothing at boot with an empty cart', async () => {
    const calls = stubPreflight();
    await render();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });

  it('runs at boot with a cart, and again when the person or their profile changes', async () => {
    cartStore.getState().add({ id: 1, menuId: 1, price: minor(59_000), modifiers: [], count: 2 });
    const calls = stubPreflight();
    await render();
    await waitFor(() => expect(calls).toEqual(['/1/persons/orders/preflight']));

    personStore
      .getState()
      .signedIn({ accessToken: token(), refreshToken: 'r', source: 'PHONE' }, testProfile);
    await waitFor(() =>
      expect(calls).toEqual(['/1/persons/orders/preflight', '/1/persons/5/orders/preflight']),
    );

    // The same person's profile loaded again (another name): asked again, once.
    const tokens = personStore.getState().tokens;
    if (!tokens) throw new Error('signed in');
    personStore.getState().signedIn(tokens, { ...testProfile, firstName: 'Анна Мария' });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toBe('/1/persons/5/orders/preflight');
  });
});
