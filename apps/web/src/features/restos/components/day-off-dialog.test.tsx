import type { Resto } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { renderWithApp, resto, testBrand } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow } from '../../../test/test-clock.ts';
import { DayOffDialog } from './day-off-dialog.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const workingHours = [{ type: 'DELIVERY', minTimeMinutes: 60, dayInAdvance: 1, hours: [] }];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/1/restos/1/working-hours') {
        return new Response(JSON.stringify(workingHours), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
}

const render = (preOrder: boolean) =>
  renderWithApp(
    <Switch>
      <Route path="/">
        <DayOffDialog />
      </Route>
      <Route path="/cart">
        <p data-testid="cart-route" />
      </Route>
    </Switch>,
    { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method: 'DELIVERY' },
    { brand: { ...testBrand, features: { ...testBrand.features, preOrder } } },
  );

describe('day-off dialog', () => {
  beforeEach(() => {
    stubApi();
    orderDraftStore.setState({ preOrderAt: null });
    // 02:00 in Kazan: closed (10:00–23:00); the first slot is 10:00 (an hour's lead is long past by then).
    setServerNow(Date.parse('2026-11-24T23:00:00Z'));
  });
  afterEach(resetServerClock);

  it('offers a pre-order for the next slot, which sets the draft’s time and opens the cart', async () => {
    await render(true);
    const offer = await screen.findByTestId('pre-order-offer');
    expect(offer).toHaveTextContent('Оформить предзаказ на 10:00');
    fireEvent.click(offer);
    expect(await screen.findByTestId('cart-route')).toBeInTheDocument();
    await waitFor(() => expect(orderDraftStore.getState().preOrderAt).toBe('2026-11-25T07:00:00.000Z'));
  });

  it('offers none when pre-orders are off', async () => {
    await render(false);
    expect(await screen.findByText('Сейчас заказы не принимаются')).toBeInTheDocument();
    expect(screen.queryByTestId('pre-order-offer')).not.toBeInTheDocument();
  });

  it.each([
    ['an order’s page', '/orders/7'],
    ['an order’s payment page', '/orders/7/payment'],
  ])('never shows over %s: that order is already made', async (_, entry) => {
    await renderWithApp(
      <>
        <DayOffDialog />
        <p data-testid="page" />
      </>,
      { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method: 'DELIVERY' },
      { entry, brand: { ...testBrand, features: { ...testBrand.features, preOrder: true } } },
    );
    expect(await screen.findByTestId('page')).toBeInTheDocument();
    // The notice loads lazily: give it every chance to appear before saying it did not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Сейчас заказы не принимаются')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pre-order-offer')).not.toBeInTheDocument();
  });
});

describe('day-off dialog on a special day and in a break (decision 51)', () => {
  beforeEach(() => {
    stubApi();
    // Noon in Kazan, open 10:00–23:00 by the week.
    setServerNow(Date.parse('2026-11-25T09:00:00Z'));
  });
  afterEach(resetServerClock);

  const renderFor = (overrides: Partial<Resto>, method: 'DELIVERY' | 'TAKE_AWAY') =>
    renderWithApp(
      <DayOffDialog />,
      { cities: [kazan], city: kazan, resto: resto({ id: 1, ...overrides }), method },
      { brand: { ...testBrand, features: { ...testBrand.features, preOrder: false } } },
    );

  it("says a take-away special day's note and when it opens, only for take-away", async () => {
    const specialDays = [
      {
        date: '2026-11-25',
        method: 'TAKE_AWAY' as const,
        closed: true,
        note: { ru: 'Сегодня санитарный день' },
      },
    ];
    await renderFor({ specialDays }, 'TAKE_AWAY');
    expect(await screen.findByText(/Сегодня санитарный день · откроется завтра в 10:00/)).toBeInTheDocument();
  });

  it('says the break and when it ends', async () => {
    const week = resto({ id: 1 }).openingHours.map((day) => ({
      ...day,
      breakFrom: '11:30',
      breakTo: '13:00',
    }));
    await renderFor({ openingHours: week }, 'DELIVERY');
    expect(await screen.findByText('Перерыв до 13:00')).toBeInTheDocument();
  });
});
