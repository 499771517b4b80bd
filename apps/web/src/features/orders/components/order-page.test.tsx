import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { makeOrder, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { setServerNow } from '../../../test/test-clock.ts';
import OrderPage from './order-page.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
      return json({ errors: [{ code: 'order.not-found', message: 'Заказ не найден' }] }, 404);
    }),
  );
  return calls;
}

const render = (entry = '/orders/77') =>
  renderWithApp(
    <Routes>
      <Route path="/orders/:orderId" element={<OrderPage />} />
      <Route path="/auth" element={<p data-testid="auth-route" />} />
    </Routes>,
    { cities: [kazan], city: kazan },
    { entry },
  );

describe('order page', () => {
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
    expect(screen.getByText('Заказ отменён')).toBeInTheDocument();
    expect(screen.queryByTestId('cancel-order')).not.toBeInTheDocument();
    expect(calls).toContain('POST /api/v1/persons/5/orders/77/cancel');
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
