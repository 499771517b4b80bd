import { makeCartLine, minor } from '@storefront/domain';
import type { PreflightRequest } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../entities/cart/cart-store.ts';
import { selectionsStore } from '../entities/location/selections-store.ts';
import { personStore } from '../entities/session/person-store.ts';
import { makeDeliveryPlace } from '../test/fixtures/location-fixtures.ts';
import { pricedAnswer, testProfile, testTokens } from '../test/fixtures/order-fixtures.ts';
import { renderWithApp, resto } from '../test/render-app.tsx';
import CartRoute from './cart-route.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const renderCart = (method: 'DELIVERY' | 'TAKE_AWAY') =>
  renderWithApp(<CartRoute />, { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method });

describe('/cart', () => {
  beforeEach(() => {
    const preflights: PreflightRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.endsWith('/orders/preflight')) {
          const request = JSON.parse(String(init?.body)) as PreflightRequest;
          preflights.push(request);
          return new Response(JSON.stringify(pricedAnswer(request)), { status: 200 });
        }
        return new Response(JSON.stringify([]), { status: 200 });
      }),
    );
    cartStore.setState({ positions: [makeCartLine({ id: 1, menuId: 1, price: minor(100_000), count: 1 })] });
    selectionsStore.setState({
      cityId: 1,
      deliveryMethod: 'TAKE_AWAY',
      paymentMethod: 'CASH_UPON_RECEIPT',
      restoId: 1,
      deliveryPlace: null,
    });
  });

  it('shows the checkout below the cart in place of the cart’s own button, priced by one preflight', async () => {
    personStore.getState().signedIn(testTokens(), testProfile);
    await renderCart('TAKE_AWAY');
    expect(screen.getByTestId('checkout-form')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('place-order')).toBeEnabled());
    expect(screen.getByTestId('place-order')).toHaveTextContent('Оформить заказ за 1 000 ₽');
    expect(
      vi.mocked(fetch).mock.calls.filter(([input]) => String(input).endsWith('/preflight')),
    ).toHaveLength(1);
  });

  it('asks an anonymous customer to sign in below the cart', async () => {
    personStore.getState().signedOut();
    await renderCart('TAKE_AWAY');
    expect(screen.getByText('Чтобы оформить заказ, авторизуйтесь', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-sign-in-button')).toBeInTheDocument();
  });

  it('shows the location feature’s delivery terms from the cart’s delivery section', async () => {
    const rules = [
      { orderPrice: { min: minor(50_000), max: minor(200_000) }, deliveryPrice: minor(20_000), time: 60 },
      { orderPrice: { min: minor(200_000), max: minor(1_000_000) }, deliveryPrice: minor(0), time: 45 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const body = path.endsWith('/orders/preflight')
          ? { ...pricedAnswer(JSON.parse(String(init?.body)) as PreflightRequest), deliveryRules: rules }
          : [];
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    selectionsStore.setState({
      deliveryMethod: 'DELIVERY',
      deliveryPlace: makeDeliveryPlace(),
    });
    personStore.getState().signedOut();
    await renderCart('DELIVERY');
    fireEvent.click(await screen.findByTestId('delivery-terms'));
    const dialog = await screen.findByRole('dialog', { name: 'Условия доставки' });
    expect(within(dialog).getAllByRole('row')).toHaveLength(3);
    expect(within(dialog).getByText('Бесплатно')).toBeInTheDocument();
  });
});
