import type { Order } from '@storefront/domain/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { externalNavigation } from '../../../shared/navigation/external-navigation.ts';
import { Route, Switch, useParams } from '../../../shared/navigation/router.tsx';
import { FakeEventSource, orderEvent } from '../../../test/fakes/fake-customer-event-source.ts';
import { makeOrder, onlineOrder, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { setServerNow } from '../../../test/test-clock.ts';
import { PAYMENT_POLL_EVERY_MS, PAYMENT_POLL_FOR_MS } from '../model/use-payment-watch.ts';
import PaymentPage from './payment-page.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (code: string, message: string, status: number) =>
  json({ errors: [{ code, message }] }, status);

const PAY_URL = 'http://127.0.0.1/api/v1/payments/demo/pay/p-2';

/** A card-online order in a payment state (`pending`, `paid`, `failed`, …) to pay by 14:30 in Kazan. */
const online = (payment: Partial<Order['payment']> = {}, overrides: Partial<Order> = {}) =>
  onlineOrder({ payUntil: '2026-11-24T11:30:00Z', ...payment }, overrides);

const failedOrder = () =>
  online({
    status: 'failed',
    failure: { code: 'insufficient_funds', message: 'На карте недостаточно денег' },
    canRetry: true,
    canSwitchTo: ['CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT'],
  });

type Answer = Response | 'network';

/**
 * The order API of person 5's order 77: payment-check answers `checks` in turn (the last one again after
 * them); a new attempt, a pay-type change and a plain read answer what the test gives.
 */
function stubApi({
  checks,
  payments = () => json(online({ attempt: 2, confirmationUrl: PAY_URL }), 201),
  payType = (body) => json(makeOrder({ payType: body.payType }), 200),
}: {
  checks: Answer[];
  payments?: (body: { replacesAttempt: number }) => Answer;
  payType?: (body: { payType: Order['payType'] }) => Answer;
}) {
  const calls: string[] = [];
  let checked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
      let answer: Answer = problem('order.not-found', 'Заказ не найден', 404);
      if (method === 'POST' && path === '/api/v1/persons/5/orders/77/payment-check') {
        answer = checks[Math.min(checked++, checks.length - 1)] ?? answer;
      } else if (method === 'POST' && path === '/api/v1/persons/5/orders/77/payments') {
        answer = payments(body);
      } else if (method === 'POST' && path === '/api/v1/persons/5/orders/77/pay-type') {
        answer = payType(body);
      }
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return answer.clone();
    }),
  );
  return calls;
}

const checksOf = (calls: string[]) => calls.filter((call) => call.endsWith('/payment-check')).length;

function OrderRoute() {
  return <p data-testid="order-route">{useParams().orderId}</p>;
}

const render = (entry = '/orders/77/payment') =>
  renderWithApp(
    <Switch>
      <Route path="/orders/:orderId/payment">
        <PaymentPage />
      </Route>
      <Route path="/orders/:orderId">
        <OrderRoute />
      </Route>
      <Route path="/auth">
        <p data-testid="auth-route" />
      </Route>
    </Switch>,
    { cities: [kazan], city: kazan },
    { entry },
  );

/** Lets the fake clock run `ms` and every answer it releases settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('payment return page', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    // 11:00 in Kazan on the order's day.
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
    assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    assign.mockRestore();
  });

  it('says the order is paid: its number, payable, promised time and a link to it', async () => {
    const calls = stubApi({ checks: [json(online({ status: 'paid', paidAt: '2026-11-24T08:01:00Z' }))] });
    await render();
    const headline = await screen.findByRole('heading', { level: 1, name: 'Заказ оплачен' });
    expect(headline).toHaveFocus();
    expect(screen.getByTestId('order-number')).toHaveTextContent('Б-042');
    expect(screen.getByTestId('order-payable')).toHaveTextContent(/2\s000\s₽/);
    expect(screen.getByTestId('order-promised')).toHaveTextContent('Доставим сегодня к 13:00');
    expect(screen.getByTestId('payment-to-order')).toHaveAttribute('href', '/orders/77');
    expect(screen.queryByTestId('payment-retry')).not.toBeInTheDocument();
    expect(calls).toEqual(['POST /api/v1/persons/5/orders/77/payment-check']);
  });

  it('says why the payment failed, and a retry replaces the attempt seen and leaves for the new page', async () => {
    const calls = stubApi({ checks: [json(failedOrder())] });
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Оплата не прошла' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-failure')).toHaveTextContent('На карте недостаточно денег');
    expect(screen.getByTestId('payment-pay-until')).toHaveTextContent('Заказ ждёт оплату до 14:30');
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(calls).toContain('POST /api/v1/persons/5/orders/77/payments {"replacesAttempt":1}');
  });

  it('a retry keeps the failed attempt’s SBP, or pays another way the restaurant offers', async () => {
    const sbpFailed = () =>
      online({
        status: 'failed',
        failure: { code: 'general_decline', message: 'Банк отклонил платёж' },
        canRetry: true,
        method: 'sbp',
        methods: ['card', 'sbp', 'sberpay'],
      });
    const calls = stubApi({ checks: [json(sbpFailed())] });
    await render();
    const methods = await screen.findByTestId('payment-methods');
    expect(methods).toHaveTextContent('Оплата через приложение банка');
    expect(methods).toHaveTextContent('Оплата через СберБанк Онлайн');
    const radio = (code: string) => screen.getByTestId(`payment-method-${code}`).querySelector('input');
    expect(radio('sbp')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(calls).toContain('POST /api/v1/persons/5/orders/77/payments {"replacesAttempt":1}');

    assign.mockClear();
    const again = stubApi({ checks: [json(sbpFailed())] });
    await render();
    fireEvent.click(
      (await screen.findAllByTestId('payment-method-sberpay')).at(-1)?.querySelector('input') as Element,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Попробовать ещё раз' }).at(-1) as Element);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(again).toContain(
      'POST /api/v1/persons/5/orders/77/payments {"replacesAttempt":1,"onlineMethod":"sberpay"}',
    );
  });

  it('says a method the restaurant no longer offers in words', async () => {
    stubApi({
      checks: [
        json(
          online({
            status: 'failed',
            failure: { code: 'method_not_enabled', message: 'Этот способ оплаты сейчас недоступен' },
            canRetry: true,
            method: 'sbp',
            methods: ['card', 'sbp'],
          }),
        ),
      ],
      payments: () =>
        problem(
          'payment.method-not-offered',
          'Этот способ оплаты в ресторане недоступен, выберите другой',
          422,
        ),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByTestId('payment-action-error')).toHaveTextContent(
      'Этот способ оплаты в ресторане недоступен, выберите другой',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks no method of a card-only restaurant', async () => {
    stubApi({ checks: [json(online({ ...failedOrder().payment, method: 'card', methods: ['card'] }))] });
    await render();
    await screen.findByRole('button', { name: 'Попробовать ещё раз' });
    expect(screen.queryByTestId('payment-methods')).not.toBeInTheDocument();
  });

  it('switches a failed payment to cash on receipt and shows the order page', async () => {
    const calls = stubApi({ checks: [json(failedOrder())] });
    await render();
    expect(await screen.findByRole('button', { name: 'Оплачу картой при получении' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Оплачу наличными при получении' }));
    expect(await screen.findByTestId('order-route')).toHaveTextContent('77');
    expect(calls).toContain('POST /api/v1/persons/5/orders/77/pay-type {"payType":"CASH_UPON_RECEIPT"}');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says what the restaurant refuses when the switch is not taken', async () => {
    stubApi({
      checks: [json(failedOrder())],
      payType: () =>
        problem(
          'resto.doesnt-support-delivery-cash-pay',
          'Ресторан не принимает оплату наличными при доставке',
          422,
        ),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Оплачу наличными при получении' }));
    expect(await screen.findByTestId('payment-action-error')).not.toBeEmptyDOMElement();
    expect(screen.queryByTestId('order-route')).not.toBeInTheDocument();
  });

  it('waits for a pending payment, offers its page, and shows paid once a check says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const pending = json(online({ confirmationUrl: PAY_URL }));
    const calls = stubApi({ checks: [pending, pending, json(online({ status: 'paid' }))] });
    await render();
    await advance(0);
    const headline = screen.getByRole('heading', { level: 1 });
    expect(headline).toHaveTextContent('Ждём подтверждения оплаты…');
    expect(headline.closest('[aria-live]')).toBeInTheDocument();
    expect(screen.getByTestId('payment-go')).toHaveAttribute('href', PAY_URL);
    expect(screen.getByTestId('payment-go')).toHaveTextContent('Перейти к оплате');
    expect(screen.getByTestId('payment-pay-until')).toHaveTextContent('Заказ ждёт оплату до 14:30');
    expect(checksOf(calls)).toBe(1);

    await advance(PAYMENT_POLL_EVERY_MS);
    expect(checksOf(calls)).toBe(2);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ждём подтверждения оплаты…');
    await advance(PAYMENT_POLL_EVERY_MS);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Заказ оплачен');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.queryByTestId('payment-go')).not.toBeInTheDocument();
    // Paid: no more asking.
    await advance(PAYMENT_POLL_EVERY_MS * 3);
    expect(checksOf(calls)).toBe(3);
  });

  it('stops asking after half a minute and checks again on demand', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls = stubApi({ checks: [json(online())] });
    await render();
    await advance(0);
    expect(screen.getByText('Платёжный сервис ещё готовит страницу оплаты')).toBeInTheDocument();
    await advance(PAYMENT_POLL_FOR_MS + PAYMENT_POLL_EVERY_MS);
    const asked = checksOf(calls);
    expect(asked).toBeGreaterThanOrEqual(PAYMENT_POLL_FOR_MS / PAYMENT_POLL_EVERY_MS - 1);
    expect(asked).toBeLessThanOrEqual(PAYMENT_POLL_FOR_MS / PAYMENT_POLL_EVERY_MS + 1);
    expect(screen.getByText(/Банк пока не подтвердил оплату/)).toBeInTheDocument();
    await advance(PAYMENT_POLL_EVERY_MS * 5);
    expect(checksOf(calls)).toBe(asked);

    fireEvent.click(screen.getByRole('button', { name: 'Проверить ещё раз' }));
    await advance(0);
    expect(checksOf(calls)).toBe(asked + 1);
    expect(screen.queryByRole('button', { name: 'Проверить ещё раз' })).not.toBeInTheDocument();
  });

  it('says a cancelled order was cancelled because the money did not come, and shows its refunds', async () => {
    stubApi({
      checks: [
        json(
          online(
            {
              status: 'refunded',
              payUntil: null,
              refunds: [
                {
                  amount: 200_000 as never,
                  status: 'succeeded',
                  reason: 'order-canceled',
                  message: 'Оплата пришла после отмены заказа, деньги возвращены',
                  createdAt: '2026-11-24T10:00:00Z',
                },
              ],
            },
            {
              status: 'canceled',
              canCancel: false,
              history: [
                { status: 'new', at: '2026-11-24T08:00:00Z', by: 'customer' },
                { status: 'canceled', at: '2026-11-24T09:30:00Z', by: 'system' },
              ],
            },
          ),
        ),
      ],
    });
    await render();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Деньги возвращены');
    const refund = screen.getByTestId('payment-refund');
    expect(refund).toHaveTextContent('Оплата пришла после отмены заказа, деньги возвращены');
    expect(refund).toHaveTextContent(/2\s000\s₽/);
    expect(refund).toHaveTextContent('возвращено');
  });

  it('says an unpaid order was cancelled when its time ran out', async () => {
    stubApi({
      checks: [
        json(
          online(
            { status: 'failed', payUntil: null, canRetry: false },
            {
              status: 'canceled',
              canCancel: false,
              history: [{ status: 'canceled', at: '2026-11-24T09:30:00Z', by: 'system' }],
            },
          ),
        ),
      ],
    });
    await render();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Заказ отменён: оплата не пришла вовремя',
    );
    expect(screen.queryByTestId('payment-retry')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-switch-CASH_UPON_RECEIPT')).not.toBeInTheDocument();
  });

  it('says a 409 in words and reads the order again', async () => {
    const calls = stubApi({
      checks: [json(failedOrder()), json(online({ status: 'paid' }))],
      payments: () => problem('payment.already-paid', 'Заказ уже оплачен', 409),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ оплачен' })).toBeInTheDocument();
    expect(checksOf(calls)).toBe(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says a stale attempt in words', async () => {
    stubApi({
      checks: [json(failedOrder())],
      payments: () => problem('payment.attempt-stale', 'stale', 409),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByTestId('payment-action-error')).toHaveTextContent(
      'Оплата уже начата в другом окне, обновите страницу',
    );
  });

  it('says the payment service is down (503) in words, and the button works again', async () => {
    const calls = stubApi({
      checks: [json(failedOrder())],
      payments: () => problem('payment.provider-unavailable', 'unavailable', 503),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByTestId('payment-action-error')).toHaveTextContent(
      'Платёжный сервис сейчас не отвечает, попробуйте через минуту',
    );
    expect(screen.getByRole('button', { name: 'Попробовать ещё раз' })).toBeEnabled();
    expect(calls.filter((call) => call.includes('/payments ')).length).toBe(1);
  });

  it('waits for the page of a retry the provider has not answered yet', async () => {
    const calls = stubApi({
      checks: [json(failedOrder()), json(online({ attempt: 2, confirmationUrl: PAY_URL }))],
      payments: () => json(online({ attempt: 2 }), 201),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByTestId('payment-go')).toHaveAttribute('href', PAY_URL);
    expect(checksOf(calls)).toBe(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends an anonymous visitor to sign in', async () => {
    personStore.getState().signedOut();
    const calls = stubApi({ checks: [json(online())] });
    await render();
    expect(screen.getByTestId('auth-route')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when the order is not there, without a retry', async () => {
    stubApi({ checks: [problem('order.not-found', 'Заказ не найден', 404)] });
    await render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Заказ не найден');
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  });

  it('says a network failure in words and retries on demand', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls = stubApi({ checks: ['network'] });
    await render();
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось выполнить запрос');
    // It keeps asking on its own for a while, then leaves it to the customer.
    await advance(PAYMENT_POLL_FOR_MS + PAYMENT_POLL_EVERY_MS);
    const asked = checksOf(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await advance(0);
    expect(checksOf(calls)).toBe(asked + 1);
  });

  it('opens the order page when the server says the order is paid on receipt', async () => {
    stubApi({ checks: [problem('payment.not-online', 'Этот заказ оплачивается при получении', 409)] });
    await render();
    expect(await screen.findByTestId('order-route')).toHaveTextContent('77');
  });

  it('opens the order page of an order paid on receipt', async () => {
    stubApi({ checks: [json(makeOrder())] });
    await render();
    expect(await screen.findByTestId('order-route')).toHaveTextContent('77');
  });
});

describe('payment return page, live: statuses follow the order event stream (decision 23)', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(Date.parse('2026-11-24T08:00:00Z'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the order at once when an event says it changed, between two checks', async () => {
    let order = online({ confirmationUrl: PAY_URL });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${path}`);
        if (method === 'POST' && path === '/api/v1/persons/5/stream-tickets') {
          return json({ ticket: 'ticket-1', expiresAt: '2026-11-24T08:01:00Z' }, 201);
        }
        if (path === '/api/v1/persons/5/orders/77/payment-check' || path === '/api/v1/persons/5/orders/77') {
          return json(order);
        }
        return problem('order.not-found', 'Заказ не найден', 404);
      }),
    );
    await render();
    expect(await screen.findByText('Ждём подтверждения оплаты…')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    order = online({ status: 'paid', paidAt: '2026-11-24T08:01:00Z' });
    act(() => FakeEventSource.instances[0]?.send(orderEvent(44, 'paid')));
    expect(await screen.findByText('Заказ оплачен')).toBeInTheDocument();
    expect(calls).toContain('GET /api/v1/persons/5/orders/77');
    expect(checksOf(calls)).toBe(1);
  });
});
