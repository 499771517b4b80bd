import { minor } from '@storefront/domain';
import type { OrderSummary } from '@storefront/domain/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { personStore } from '../../../entities/session/person-store.ts';
import { FakeEventSource, orderEvent } from '../../../test/fakes/fake-customer-event-source.ts';
import { makeLine, makeOrder, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp, resto } from '../../../test/render-app.tsx';
import OrdersPage from './orders-page.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = (id: number, number: string, overrides: Partial<OrderSummary> = {}): OrderSummary => {
  const {
    timezone: _t,
    promoCode: _p,
    personCount: _c,
    comment: _m,
    person: _n,
    address: _a,
    location: _l,
    deliveryPlace: _d,
    lines: _x,
    history: _h,
    payment: _y,
    ...rest
  } = makeOrder({ id, number, ...overrides });
  return rest;
};

const position = (id: number, name: string, price: number) => ({
  id,
  menu: { id: 1 },
  positionGroup: null,
  name: { ru: name },
  description: { ru: '' },
  measure: null,
  price: minor(price),
  photos: [],
  tags: [],
  isAdult: false,
  order: id,
});

/** Orders 12, 11 and 10 were paid online (waiting, paid, failed); the rest in cash on receipt. */
const PAYMENTS: Record<number, Partial<OrderSummary>> = {
  12: { payType: 'CARD_ONLINE', paymentStatus: 'pending' },
  11: { payType: 'CARD_ONLINE', paymentStatus: 'paid' },
  10: { payType: 'CARD_ONLINE', paymentStatus: 'failed', status: 'canceled' },
};

function stubApi() {
  const calls: string[] = [];
  const old = makeOrder({
    id: 12,
    lines: [
      makeLine({ id: 1, name: { ru: 'Ролл «Филадельфия»' }, count: 2 }),
      makeLine({ id: 9, name: { ru: 'Снятый с меню сет' }, count: 1 }),
    ],
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/persons/5/orders') {
        const page = Number(url.searchParams.get('page'));
        const content =
          page === 0
            ? Array.from({ length: 10 }, (_, index) =>
                summary(12 - index, `Б-0${12 - index}`, PAYMENTS[12 - index]),
              )
            : [summary(2, 'Б-02'), summary(1, 'Б-01')];
        return json({ content, page, size: 10, totalElements: 12 });
      }
      if (url.pathname === '/api/v1/persons/5/orders/12') return json(old);
      if (url.pathname === '/1/p/menus/1/positions')
        return json([position(1, 'Ролл «Филадельфия»', 110_000)]);
      return json({ errors: [{ code: 'route.not-found', message: 'Нет такого' }] }, 404);
    }),
  );
  return calls;
}

const render = () =>
  renderWithApp(
    <OrdersPage />,
    {
      cities: [kazan],
      city: kazan,
      resto: resto({ id: 1 }),
      method: 'DELIVERY',
      menus: resto({ id: 1 }).menus,
    },
    { entry: '/orders' },
  );

describe('orders page', () => {
  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    cartStore.setState({ positions: [] });
  });

  it('lists the orders newest first and shows more on demand', async () => {
    const calls = stubApi();
    await render();
    const list = await screen.findByTestId('orders-list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('Б-012');
    expect(items[0]).toHaveTextContent('Новый');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(calls).toContain('/api/v1/persons/5/orders?page=1&size=10');
  });

  it('names the payment where it matters: waiting, paid, not paid; nothing for cash on receipt', async () => {
    stubApi();
    await render();
    const items = within(await screen.findByTestId('orders-list')).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByTestId('orders-list-payment')).toHaveTextContent(
      'Ожидает оплаты',
    );
    expect(within(items[1] as HTMLElement).getByTestId('orders-list-payment')).toHaveTextContent('Оплачен');
    expect(items[2]).toHaveTextContent('Отменён · Не оплачен');
    expect(within(items[3] as HTMLElement).queryByTestId('orders-list-payment')).not.toBeInTheDocument();
  });

  it('orders again: puts back the dishes still on the menu at today’s price and names the gone ones', async () => {
    stubApi();
    await render();
    await screen.findByTestId('orders-list');
    fireEvent.click(screen.getAllByTestId('order-again')[0] as HTMLElement);
    expect(await screen.findByTestId('order-again-gone')).toHaveTextContent(
      'Больше недоступны: Снятый с меню сет',
    );
    expect(screen.getByTestId('order-again-result')).toHaveTextContent('Добавили в корзину 2 блюда');
    expect(cartStore.getState().positions).toMatchObject([
      { id: 1, menu: { id: 1 }, count: 2, price: 110_000 },
    ]);
  });
});

describe('orders page, live: statuses follow the order event stream (decision 23)', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    personStore.getState().signedIn(testTokens(), testProfile);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each order’s current status as the restaurant moves it', async () => {
    const statuses: Record<number, OrderSummary['status']> = { 3: 'new', 2: 'new', 1: 'done' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST' && path === '/api/v1/persons/5/stream-tickets') {
          return json({ ticket: 'ticket-1', expiresAt: '2026-11-24T08:01:00Z' }, 201);
        }
        if (path === '/api/v1/persons/5/orders') {
          const content = [3, 2, 1].map((id) => summary(id, `Б-0${id}`, { status: statuses[id] }));
          return json({ content, page: 0, size: 10, totalElements: 3 });
        }
        return json({ errors: [{ code: 'route.not-found', message: 'Нет такого' }] }, 404);
      }),
    );
    await render();
    const list = await screen.findByTestId('orders-list');
    const status = () =>
      within(list)
        .getAllByTestId('orders-list-status')
        .map((item) => item.textContent);
    expect(status()).toEqual(['Новый', 'Новый', 'Выполнен']);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]?.url).toBe('/api/v1/persons/5/events?ticket=ticket-1');

    statuses[2] = 'accepted';
    act(() => FakeEventSource.instances[0]?.send(orderEvent(41, 'accepted', 2)));
    await waitFor(() => expect(status()).toEqual(['Новый', 'Принят рестораном', 'Выполнен']));

    statuses[3] = 'declined';
    act(() => FakeEventSource.instances[0]?.send(orderEvent(42, 'declined', 3)));
    await waitFor(() => expect(status()).toEqual(['Отклонён', 'Принят рестораном', 'Выполнен']));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
