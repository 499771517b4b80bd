import type { Order } from '@storefront/domain/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { externalNavigation } from '../../../shared/navigation/external-navigation.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { FakeEventSource, orderEvent } from '../../../test/fakes/fake-customer-event-source.ts';
import { makeOrder, onlineOrder, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { setServerNow } from '../../../test/test-clock.ts';
import OrderPage from './order-page.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PAY_URL = 'http://127.0.0.1/api/v1/payments/demo/pay/p-1';

function stubOrders(order = makeOrder()) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/v1/persons/5/orders/77' && (init?.method ?? 'GET') === 'GET') return json(order);
      if (path === '/api/v1/persons/5/orders/77/cancel' && init?.method === 'POST') {
        return json({ ...order, status: 'canceled', canCancel: false });
      }
      if (path === '/api/v1/persons/5/orders/77/pay-type' && init?.method === 'POST') {
        const { payType } = JSON.parse(String(init.body)) as { payType: Order['payType'] };
        return json(makeOrder({ payType }));
      }
      if (path === '/api/v1/persons/5/orders/77/payments' && init?.method === 'POST') {
        return json(onlineOrder({ attempt: 2 }), 201);
      }
      return json({ errors: [{ code: 'order.not-found', message: 'Заказ не найден' }] }, 404);
    }),
  );
  return calls;
}

const render = (entry = '/orders/77') =>
  renderWithApp(
    <Switch>
      <Route path="/orders/:orderId">
        <OrderPage />
      </Route>
      <Route path="/orders/:orderId/payment">
        <p data-testid="payment-route" />
      </Route>
      <Route path="/auth">
        <p data-testid="auth-route" />
      </Route>
    </Switch>,
    { cities: [kazan], city: kazan },
    { entry },
  );

describe('order page', () => {
  afterEach(() => vi.restoreAllMocks());

  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    // 11:00 in Kazan on the order's day.
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
  });

  it('shows the accepted order: its number, the call, the time on the restaurant’s clock, lines and status', async () => {
    const calls = stubOrders();
    await render();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('Б-042');
    expect(screen.getByText('Заказ принят')).toBeInTheDocument();
    expect(screen.getByText('Мы позвоним, чтобы уточнить детали')).toBeInTheDocument();
    expect(screen.getByTestId('order-promised')).toHaveTextContent('Доставим сегодня к 13:00');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Новый');
    expect(screen.getByText(/Ролл «Филадельфия» × 2/)).toBeInTheDocument();
    expect(screen.getByText('Наличными при получении')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/v1/persons/5/orders/77']);
  });

  it('shows a pre-order’s own time and a pickup', async () => {
    stubOrders(makeOrder({ deliveryType: 'TAKE_AWAY', preOrderAt: '2026-11-25T15:30:00Z', address: null }));
    await render();
    expect(await screen.findByTestId('order-promised')).toHaveTextContent('Заберите заказ завтра к 18:30');
  });

  it('cancels the order through the confirmation', async () => {
    const calls = stubOrders();
    await render();
    fireEvent.click(await screen.findByTestId('cancel-order'));
    fireEvent.click(await screen.findByRole('button', { name: 'Да, отменить' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Отменён'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Заказ отменён');
    expect(screen.getByTestId('order-announcement')).toHaveTextContent('Заказ отменён');
    expect(screen.queryByTestId('cancel-order')).not.toBeInTheDocument();
    expect(calls).toContain('POST /api/v1/persons/5/orders/77/cancel');
  });

  it('shows a cash order’s page without a payment block', async () => {
    stubOrders();
    await render();
    await screen.findByTestId('order-number');
    expect(screen.queryByTestId('payment-block')).not.toBeInTheDocument();
  });

  it('says an unpaid online order waits for payment, until when, and links to the provider’s page', async () => {
    stubOrders(onlineOrder({ confirmationUrl: PAY_URL, payUntil: '2026-11-24T11:30:00Z' }));
    await render();
    expect(await screen.findByText('Заказ ждёт оплаты')).toBeInTheDocument();
    expect(screen.queryByText('Мы позвоним, чтобы уточнить детали')).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Ожидает оплаты');
    expect(screen.getByTestId('payment-pay-until')).toHaveTextContent('Заказ ждёт оплату до 14:30');
    expect(screen.getByRole('link', { name: 'Оплатить' })).toHaveAttribute('href', PAY_URL);
    expect(screen.getByRole('link', { name: 'Проверить оплату' })).toHaveAttribute(
      'href',
      '/orders/77/payment',
    );
  });

  it('says every payment status in words', async () => {
    const words = {
      paid: 'Оплачен',
      failed: 'Не оплачен',
      refund_pending: 'Возвращаем деньги',
      refunded: 'Деньги возвращены',
    } as const;
    for (const [status, text] of Object.entries(words)) {
      stubOrders(onlineOrder({ status: status as keyof typeof words }));
      const { unmount } = await render();
      expect(await screen.findByTestId('payment-status')).toHaveTextContent(text);
      unmount();
    }
  });

  it('says a paid order is paid once, then when (on the restaurant’s clock)', async () => {
    stubOrders(onlineOrder({ status: 'paid', paidAt: '2026-11-24T08:01:00Z' }));
    await render();
    const status = await screen.findByTestId('payment-status');
    const line = status.parentElement as HTMLElement;
    expect(line.textContent?.match(/Оплачен/g)).toHaveLength(1);
    expect(line).toHaveTextContent(/^Оплачен · 24 ноября, 11:01$/);
  });

  it('shows a failed payment’s reason, and switches it to card on receipt in place', async () => {
    const calls = stubOrders(
      onlineOrder({
        status: 'failed',
        failure: { code: 'card_expired', message: 'Истёк срок действия карты' },
        canRetry: true,
        canSwitchTo: ['CARD_UPON_RECEIPT'],
      }),
    );
    await render();
    expect(await screen.findByTestId('payment-failure')).toHaveTextContent('Истёк срок действия карты');
    expect(screen.getByRole('button', { name: 'Попробовать ещё раз' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оплачу наличными при получении' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Оплачу картой при получении' }));
    await waitFor(() => expect(screen.queryByTestId('payment-block')).not.toBeInTheDocument());
    expect(screen.getByText('Картой при получении')).toBeInTheDocument();
    expect(screen.getByText('Заказ принят')).toBeInTheDocument();
    expect(calls).toContain('POST /api/v1/persons/5/orders/77/pay-type');
  });

  it('starts a new attempt and waits on the return page when the provider has no page yet', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    stubOrders(onlineOrder({ status: 'failed', canRetry: true }));
    await render();
    expect(await screen.findByTestId('payment-failure')).toHaveTextContent('Банк не подтвердил оплату');
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByTestId('payment-route')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('lists the refunds with their words and amounts', async () => {
    stubOrders(
      onlineOrder(
        {
          status: 'refund_pending',
          refunds: [
            {
              amount: 200_000 as never,
              status: 'pending',
              reason: 'declined',
              message: 'Ресторан отклонил заказ, деньги возвращаются на карту',
              createdAt: '2026-11-24T09:10:00Z',
            },
          ],
        },
        { status: 'declined', canCancel: false },
      ),
    );
    await render();
    const refund = await screen.findByTestId('payment-refund');
    expect(refund).toHaveTextContent('Ресторан отклонил заказ, деньги возвращаются на карту');
    expect(refund).toHaveTextContent(/2\s000\s₽/);
    expect(refund).toHaveTextContent('в обработке');
  });

  it('sends an anonymous visitor to sign in', async () => {
    personStore.getState().signedOut();
    stubOrders();
    await render();
    expect(screen.getByTestId('auth-route')).toBeInTheDocument();
  });

  it('says when the order is not there', async () => {
    stubOrders();
    await render('/orders/78');
    expect(await screen.findByRole('alert')).toHaveTextContent('Заказ не найден');
  });
});

describe('order page, live: statuses follow the order event stream (decision 23)', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Order 77 as the server has it now (the test changes it, as staff would), and stream tickets. */
  function stubLive(initial: Order) {
    const api = { order: initial, calls: [] as string[] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const method = init?.method ?? 'GET';
        api.calls.push(`${method} ${path}`);
        if (method === 'POST' && path === '/api/v1/persons/5/stream-tickets') {
          return json({ ticket: 'ticket-1', expiresAt: '2026-11-24T08:01:00Z' }, 201);
        }
        if (method === 'GET' && path === '/api/v1/persons/5/orders/77') return json(api.order);
        return json({ errors: [{ code: 'order.not-found', message: 'Заказ не найден' }] }, 404);
      }),
    );
    return api;
  }

  async function streamOpen() {
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe('/api/v1/persons/5/events?ticket=ticket-1');
    return source;
  }

  it('moves from new to accepted with the promised time the restaurant gave, without a reload', async () => {
    const api = stubLive(makeOrder());
    await render();
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Новый');
    expect(screen.getByTestId('order-promised')).toHaveTextContent('Доставим сегодня к 13:00');
    expect(screen.getByTestId('order-announcement')).toBeEmptyDOMElement();
    const source = await streamOpen();

    // Staff accept it and delay it by 90 minutes.
    api.order = makeOrder({ status: 'accepted', promisedAt: '2026-11-24T11:30:00Z', canCancel: false });
    act(() => source.send(orderEvent(41, 'accepted')));

    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Принят рестораном'));
    expect(screen.getByTestId('order-promised')).toHaveTextContent('Доставим сегодня к 14:30');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ресторан принял заказ');
    expect(screen.getByTestId('order-announcement')).toHaveTextContent(
      'Ресторан принял заказ. Доставим сегодня к 14:30',
    );
    expect(screen.getByTestId('order-announcement')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByTestId('cancel-order')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('Б-042');
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('follows the order along: cooking, on the way, done', async () => {
    const api = stubLive(makeOrder({ status: 'accepted', canCancel: false }));
    await render();
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Принят рестораном');
    const source = await streamOpen();
    const steps = [
      ['cooking', 'Готовится', 'Заказ готовится'],
      ['on_the_way', 'В пути', 'Курьер везёт заказ'],
      ['done', 'Выполнен', 'Заказ выполнен'],
    ] as const;
    for (const [index, [status, word, said]] of steps.entries()) {
      api.order = makeOrder({ status, canCancel: false });
      act(() => source.send(orderEvent(50 + index, status)));
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(word));
      expect(screen.getByTestId('order-announcement')).toHaveTextContent(said);
    }
    // Done: no promise of a time any more.
    expect(screen.queryByTestId('order-promised')).not.toBeInTheDocument();
  });

  it('shows the restaurant’s reason in the customer’s words when it declines, and the refund', async () => {
    const paid = { status: 'paid' as const, paidAt: '2026-11-24T08:01:00Z' };
    const api = stubLive(onlineOrder(paid));
    await render();
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Новый');
    const source = await streamOpen();

    api.order = onlineOrder(
      {
        ...paid,
        status: 'refund_pending',
        refunds: [
          {
            amount: 200_000 as never,
            status: 'pending',
            reason: 'declined',
            message: 'Ресторан отклонил заказ, деньги возвращаются на карту',
            createdAt: '2026-11-24T08:06:00Z',
          },
        ],
      },
      {
        status: 'declined',
        canCancel: false,
        declineReason: { code: 'out-of-stock', message: 'Закончились продукты для этого блюда' },
      },
    );
    act(() => source.send(orderEvent(42, 'declined')));

    expect(await screen.findByTestId('order-decline-reason')).toHaveTextContent(
      'Закончились продукты для этого блюда',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ресторан отклонил заказ');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Отклонён');
    expect(screen.queryByTestId('order-promised')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-announcement')).toHaveTextContent(
      'Ресторан отклонил заказ. Закончились продукты для этого блюда',
    );
    expect(screen.getByTestId('payment-refund')).toHaveTextContent(
      'Ресторан отклонил заказ, деньги возвращаются на карту',
    );
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Возвращаем деньги');
  });

  it('shows a declined order’s reason on a later visit too', async () => {
    stubLive(
      makeOrder({
        status: 'declined',
        canCancel: false,
        declineReason: { code: 'closed', message: 'Ресторан сегодня закрыт раньше' },
      }),
    );
    await render();
    expect(await screen.findByTestId('order-decline-reason')).toHaveTextContent(
      'Ресторан сегодня закрыт раньше',
    );
    expect(screen.getByTestId('order-announcement')).toBeEmptyDOMElement();
  });

  it('quotes the restaurant’s own cause when its till (iiko) cancelled the order', async () => {
    stubLive(
      makeOrder({
        status: 'declined',
        canCancel: false,
        declineReason: {
          code: 'other',
          message: 'Ресторан не может выполнить заказ',
          cause: 'Гость отказался',
        },
      }),
    );
    await render();
    expect(await screen.findByTestId('order-decline-reason')).toHaveTextContent(
      'Ресторан не может выполнить заказ Причина от ресторана: «Гость отказался».',
    );
  });

  it('ignores another order’s event, and closes the stream when the page goes', async () => {
    const api = stubLive(makeOrder());
    const view = await render();
    await screen.findByTestId('order-status');
    const source = await streamOpen();
    const reads = () => api.calls.filter((call) => call === 'GET /api/v1/persons/5/orders/77').length;
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const before = reads();
    act(() => source.send(orderEvent(43, 'accepted', 78)));
    await act(async () => {});
    expect(reads()).toBe(before);
    view.unmount();
    await act(async () => {});
    expect(source.closed).toBe(true);
  });
});
