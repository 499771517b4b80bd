import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, orderEvent } from '../../test/fakes/fake-customer-event-source.ts';
import { makeOrder, testProfile, testTokens } from '../../test/fixtures/order-fixtures.ts';
import { setServerNow } from '../../test/test-clock.ts';
import { personStore } from '../session/person-store.ts';
import { orderQuery } from './order-client.ts';
import { useOwnOrderEvents } from './own-order-events.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: tickets t-1, t-2, … for person 5, and order 77 answering `status` (changed by the test). */
function stubApi() {
  const calls: string[] = [];
  const state = { status: 'new' as 'new' | 'accepted', tickets: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'POST' && path === '/api/v1/persons/5/stream-tickets') {
        const authorization = new Headers(init?.headers).get('authorization');
        if (authorization !== `Bearer ${personStore.getState().tokens?.accessToken}`) return json({}, 401);
        state.tickets += 1;
        return json({ ticket: `t-${state.tickets}`, expiresAt: '2026-11-24T08:01:00Z' }, 201);
      }
      if (path === '/api/v1/persons/5/orders/77') return json(makeOrder({ status: state.status }));
      if (path === '/api/v1/persons/5/orders')
        return json({ content: [], page: 0, size: 10, totalElements: 0 });
      return json({ errors: [{ code: 'route.not-found', message: 'Нет' }] }, 404);
    }),
  );
  return { calls, state };
}

function Listener({ id }: { id: string }) {
  useOwnOrderEvents();
  return <p data-testid={id} />;
}

function OrderStatus() {
  useOwnOrderEvents();
  const query = useQuery(orderQuery(5, 77));
  return <p data-testid="status">{query.data?.status ?? '…'}</p>;
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return {
    ...view,
    client,
    rerender: (next: ReactNode) =>
      view.rerender(<QueryClientProvider client={client}>{next}</QueryClientProvider>),
  };
}

describe('useOwnOrderEvents', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
  });
  afterEach(() => {
    personStore.getState().signedOut();
    vi.unstubAllGlobals();
  });

  it('opens one stream for two subscribers, with a ticket got with the customer’s token', async () => {
    const { calls } = stubApi();
    renderWith(
      <>
        <Listener id="a" />
        <Listener id="b" />
      </>,
    );
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]?.url).toBe('/api/v1/persons/5/events?ticket=t-1');
    expect(calls.filter((call) => call.includes('stream-tickets'))).toEqual([
      'POST /api/v1/persons/5/stream-tickets',
    ]);
  });

  it('keeps the stream while one subscriber stays, and closes it when the last one goes', async () => {
    stubApi();
    const view = renderWith(
      <>
        <Listener id="a" />
        <Listener id="b" />
      </>,
    );
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    view.rerender(<Listener id="a" />);
    await act(async () => {});
    expect(FakeEventSource.live()).toHaveLength(1);
    view.unmount();
    await act(async () => {});
    expect(FakeEventSource.live()).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('re-reads the order an event names, without a reload', async () => {
    const { calls, state } = stubApi();
    renderWith(<OrderStatus />);
    expect(await screen.findByText('new')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const before = calls.filter((call) => call === 'GET /api/v1/persons/5/orders/77').length;
    state.status = 'accepted';
    act(() => FakeEventSource.instances[0]?.send(orderEvent(41, 'accepted')));
    expect(await screen.findByText('accepted')).toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /api/v1/persons/5/orders/77').length).toBe(before + 1);
  });

  it('re-reads the orders on connecting, for what changed before the stream began', async () => {
    const { state } = stubApi();
    renderWith(<OrderStatus />);
    expect(await screen.findByText('new')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    state.status = 'accepted';
    act(() => FakeEventSource.instances[0]?.open());
    expect(await screen.findByText('accepted')).toBeInTheDocument();
  });

  it('reconnects with a new ticket after the last event it delivered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi();
      renderWith(<Listener id="a" />);
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const first = FakeEventSource.instances[0] as FakeEventSource;
      act(() => {
        first.open();
        first.send(orderEvent(41, 'accepted'));
        first.fail();
      });
      expect(first.closed).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
      expect(FakeEventSource.instances[1]?.url).toBe('/api/v1/persons/5/events?ticket=t-2&after=41');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on sign-out and opens for the person who signs in next', async () => {
    stubApi();
    renderWith(<Listener id="a" />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => personStore.getState().signedOut());
    expect(FakeEventSource.live()).toHaveLength(0);
    act(() => personStore.getState().signedIn(testTokens(), testProfile));
    await waitFor(() => expect(FakeEventSource.live()).toHaveLength(1));
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('opens nothing for an anonymous visitor', async () => {
    const { calls } = stubApi();
    personStore.getState().signedOut();
    renderWith(<Listener id="a" />);
    await act(async () => {});
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(calls).toEqual([]);
  });
});
