import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../entities/session/person-store.ts';
import { Route } from '../shared/navigation/router.tsx';
import { makeOrder, testProfile, testTokens } from '../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../test/render-app.tsx';
import { setServerNow } from '../test/test-clock.ts';
import OrderRoute from './order-route.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function stub(status: 'done' | 'cooking') {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      paths.push(path);
      if (path === '/api/v1/persons/5/orders/77') return json(makeOrder({ status }));
      if (path === '/api/v1/persons/5/orders/77/rating')
        return json({
          orderId: 77,
          canRate: true,
          rating: null,
          reviewLinks: { yandexMaps: null, twoGis: null },
          restoName: { ru: 'Ресторан 1' },
          number: 'Б-042',
          deliveryType: 'DELIVERY',
        });
      return new Response('{}', { status: 404 });
    }),
  );
  return paths;
}

const render = () =>
  renderWithApp(
    <Route path="/orders/:orderId">
      <OrderRoute />
    </Route>,
    { cities: [kazan], city: kazan },
    { entry: '/orders/77' },
  );

describe('order route', () => {
  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(Date.parse('2026-11-24T12:00:00Z'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('puts the rating on a done order’s page', async () => {
    stub('done');
    await render();
    expect(await screen.findByRole('heading', { name: 'Оцените заказ' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 звёзд из 5' })).toBeInTheDocument();
  });

  it('asks for no rating while the order is under way', async () => {
    const paths = stub('cooking');
    await render();
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Готовится');
    expect(screen.queryByTestId('rating-block')).not.toBeInTheDocument();
    expect(paths).not.toContain('/api/v1/persons/5/orders/77/rating');
  });
});
