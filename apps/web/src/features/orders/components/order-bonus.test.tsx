import { minor } from '@storefront/domain';
import type { Order } from '@storefront/domain/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { makeLine, makeOrder, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { setServerNow } from '../../../test/test-clock.ts';
import OrderPage from './order-page.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

function stubOrder(order: Order) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/persons/5/orders/77') return json(order);
      return json({ errors: [{ code: 'order.not-found', message: 'Заказ не найден' }] }, 404);
    }),
  );
}

const render = () =>
  renderWithApp(
    <Switch>
      <Route path="/orders/:orderId">
        <OrderPage />
      </Route>
    </Switch>,
    { cities: [kazan], city: kazan },
    { entry: '/orders/77' },
  );

/** Two rolls for 2000 ₽, 125 of it paid in points (spread over the lines as the receipt has it). */
const spending = (overrides: Partial<Order> = {}) =>
  makeOrder({
    lines: [
      makeLine({ id: 1, bonusDiscount: minor(12_500), payableAmount: minor(187_500) }),
      makeLine({
        id: 2,
        name: { ru: 'Вок с курицей' },
        count: 1,
        sum: minor(100_000),
        payableAmount: minor(100_000),
      }),
    ],
    bonus: { spent: minor(12_500), earn: minor(9_300), earnedAt: null },
    ...overrides,
  });

describe('order page: bonus points (decision 55)', () => {
  afterEach(() => vi.restoreAllMocks());
  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
  });

  it('says what the order will earn once done, what was paid in points, and each line’s share', async () => {
    stubOrder(spending());
    await render();
    expect(await screen.findByTestId('order-bonus-earn')).toHaveTextContent(
      'За этот заказ начислим 93 балла, когда он будет выполнен',
    );
    expect(screen.getByTestId('order-bonus-spent')).toHaveTextContent('125');
    expect(screen.getByText('Оплачено баллами')).toBeInTheDocument();
    const shares = screen.getAllByTestId('order-line-bonus');
    expect(shares).toHaveLength(1);
    expect(text(shares[0] as HTMLElement)).toBe('баллами −125 ₽');
  });

  it('says the points were earned once the order is done', async () => {
    stubOrder(
      spending({
        status: 'done',
        bonus: { spent: minor(0), earn: minor(100), earnedAt: '2026-11-24T10:00:00Z' },
      }),
    );
    await render();
    expect(await screen.findByTestId('order-bonus-earn')).toHaveTextContent('Начислен 1 балл');
    expect(screen.queryByTestId('order-bonus-spent')).not.toBeInTheDocument();
  });

  it('promises nothing for a cancelled order, or one that earns nothing', async () => {
    stubOrder(spending({ status: 'canceled', canCancel: false }));
    const view = await render();
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect(screen.queryByTestId('order-bonus-earn')).not.toBeInTheDocument();
    view.unmount();
    stubOrder(makeOrder());
    await render();
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect(screen.queryByTestId('order-bonus-earn')).not.toBeInTheDocument();
  });
});

describe('order page: the online method (decision 55)', () => {
  afterEach(() => vi.restoreAllMocks());
  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
  });

  const online = (method: 'card' | 'sbp' | 'sberpay') =>
    makeOrder({
      payType: 'CARD_ONLINE',
      paymentStatus: 'paid',
      payment: {
        ...makeOrder().payment,
        status: 'paid',
        attempt: 1,
        method,
        methods: ['card', 'sbp', 'sberpay'],
      },
    });

  it('names SBP or SberPay as the way the order is paid, and a card as before', async () => {
    stubOrder(online('sbp'));
    const { unmount } = await render();
    expect(await screen.findByTestId('order-pay-type')).toHaveTextContent('Онлайн: СБП');
    unmount();
    stubOrder(online('card'));
    await render();
    expect(await screen.findByTestId('order-pay-type')).toHaveTextContent('Картой онлайн');
  });
});
