import { makeCartLine, minor, preOrderDays } from '@storefront/domain';
import type { PlaceOrderRequest, PreflightRequest } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { preOrderRulesFor, restoClockTime } from '../../../entities/orders/pre-order.ts';
import { personStore } from '../../../entities/session/person-store.ts';
import { makeDeliveryPlace } from '../../../test/fixtures/location-fixtures.ts';
import { pricedAnswer, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp, resto } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow, WEDNESDAY_NOON } from '../../../test/test-clock.ts';
import { CheckoutSection } from './checkout-section.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const workingHours = [
  {
    type: 'DELIVERY',
    minTimeMinutes: 60,
    dayInAdvance: 2,
    hours: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ dayOfWeek: d, active: true, open: '10:00', close: '22:00' })),
  },
];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: working hours, the full slots answered by `full`, preflights, and order posts answered by `order`. */
function stubApi({ full, order }: { full: () => string[]; order?: (body: PlaceOrderRequest) => Response }) {
  const slotCalls: string[] = [];
  const preflights: PreflightRequest[] = [];
  const posts: PlaceOrderRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/1/p/menus/1/positions') return json([]);
      if (url.pathname === '/1/restos/1/working-hours') return json(workingHours);
      if (url.pathname === '/api/v1/restos/1/slots') {
        slotCalls.push(url.search);
        return json({
          restoId: 1,
          deliveryType: 'DELIVERY',
          capacity: 2,
          fullSlots: full(),
          delayMinutes: 0,
        });
      }
      if (/^\/1\/persons\/(\d+\/)?orders\/preflight$/.test(url.pathname)) {
        const request = JSON.parse(String(init?.body)) as PreflightRequest;
        preflights.push(request);
        return json(pricedAnswer(request));
      }
      if (url.pathname === '/api/v1/persons/5/orders' && init?.method === 'POST' && order) {
        const body = JSON.parse(String(init.body)) as PlaceOrderRequest;
        posts.push(body);
        return order(body);
      }
      return json({ errors: [{ code: 'route.not-found', message: 'Нет такого' }] }, 404);
    }),
  );
  return { slotCalls, preflights, posts };
}

const render = () =>
  renderWithApp(
    <CheckoutSection />,
    { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method: 'DELIVERY' },
    { entry: '/cart' },
  );

/** A minute before noon: the page's clock runs on from here, and its first slot is still 13:00. */
const NOW = WEDNESDAY_NOON - 60_000;
const days = () => preOrderDays(preOrderRulesFor(resto({ id: 1 }), 'DELIVERY', workingHours as never, NOW));
const iso = (ms: number) => new Date(ms).toISOString();

describe('checkout: slots within capacity', () => {
  beforeEach(() => {
    setServerNow(NOW);
    personStore.getState().signedIn(testTokens(), testProfile);
    orderDraftStore.setState({
      personCount: 1,
      promoCode: null,
      promoRefusal: null,
      contact: { name: 'Анна', email: 'anna@example.com', phone: '+79991234567' },
      comment: '',
      preOrderAt: null,
      attempt: null,
    });
    cartStore.setState({ positions: [makeCartLine({ id: 1, menuId: 1, price: minor(100_000), count: 2 })] });
    selectionsStore.setState({
      cityId: 1,
      deliveryMethod: 'DELIVERY',
      paymentMethod: 'CARD_UPON_RECEIPT',
      restoId: 1,
      deliveryPlace: makeDeliveryPlace({ apartment: '12' }),
    });
  });
  afterEach(() => resetServerClock());

  it('greys the full slots, asks for them anew when the picker opens, and chooses the first free one', async () => {
    const slots = days()[0]?.slots ?? [];
    const [first = 0, second = 0, third = 0] = slots;
    let fullNow = [iso(first)];
    const { slotCalls } = stubApi({ full: () => fullNow });
    await render();
    await waitFor(() => expect(slotCalls).toEqual(['?deliveryType=DELIVERY']));
    // Meanwhile the third fills too: opening the picker asks again.
    fullNow = [iso(first), iso(third)];
    await waitFor(() => expect(screen.getByTestId('when-pre-order')).toBeEnabled());
    fireEvent.click(screen.getByTestId('when-pre-order'));
    await waitFor(() => expect(slotCalls).toHaveLength(2));
    expect(orderDraftStore.getState().preOrderAt).toBe(iso(second));
    const options = () => within(screen.getByTestId('pre-order-slot')).getAllByRole('option');
    await waitFor(() => expect(options()[2]).toBeDisabled());
    expect(options()[0]).toBeDisabled();
    expect(options()[0]).toHaveTextContent(`${restoClockTime(first, '+03:00')} — занято`);
    expect(options()[1]).toBeEnabled();
    expect(options()[1]).toHaveTextContent(restoClockTime(second, '+03:00'));
    expect(options()).toHaveLength(slots.length);
  });

  it('on 409 order.slot-full says so and offers the next free slot in one tap', async () => {
    const slots = days()[0]?.slots ?? [];
    const [first = 0] = slots;
    const next = slots[4] ?? 0;
    orderDraftStore.getState().setPreOrderAt(iso(first));
    const { posts, preflights, slotCalls } = stubApi({
      full: () => [],
      order: () =>
        json(
          {
            errors: [{ code: 'order.slot-full', message: 'Слот занят' }],
            nextFreeSlotAt: iso(next),
          },
          409,
        ),
    });
    await render();
    await waitFor(() => expect(screen.getByTestId('place-order')).toBeEnabled());
    fireEvent.click(screen.getByTestId('place-order'));
    const taken = await screen.findByTestId('slot-taken');
    expect(taken).toHaveTextContent('Пока вы оформляли заказ, это время заняли: выберите другое');
    expect(posts).toHaveLength(1);
    await waitFor(() => expect(slotCalls.length).toBeGreaterThanOrEqual(2));
    // Asked once more, not over and over (each answer re-rendering into a new ask).
    const asked = slotCalls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slotCalls).toHaveLength(asked);
    expect(asked).toBe(2);
    // The slot refused is full at once, though the slots' answer (a lagging view) does not say so yet.
    const chosen = within(screen.getByTestId('pre-order-slot')).getByRole('option', { selected: true });
    expect(chosen).toHaveTextContent(`${restoClockTime(first, '+03:00')} — занято`);
    const take = within(taken).getByTestId('take-next-slot');
    expect(take).toHaveTextContent(`Заказать на ${restoClockTime(next, '+03:00')}`);

    fireEvent.click(take);
    expect(orderDraftStore.getState().preOrderAt).toBe(iso(next));
    expect(screen.queryByTestId('slot-taken')).not.toBeInTheDocument();
    await waitFor(() => expect(preflights.at(-1)?.preOrderAt).toBe(iso(next)));
  });

  it('says no time is left when the 409 names no next slot', async () => {
    stubApi({
      full: () => [],
      order: () =>
        json({ errors: [{ code: 'order.slot-full', message: 'Слот занят' }], nextFreeSlotAt: null }, 409),
    });
    await render();
    await waitFor(() => expect(screen.getByTestId('place-order')).toBeEnabled());
    fireEvent.click(screen.getByTestId('place-order'));
    const taken = await screen.findByTestId('slot-taken');
    expect(taken).toHaveTextContent('Свободного времени на сегодня не осталось');
    expect(within(taken).queryByTestId('take-next-slot')).not.toBeInTheDocument();
  });
});
