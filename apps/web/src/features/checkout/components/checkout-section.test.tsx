import { makeCartLine, minor, preOrderDays } from '@storefront/domain';
import type { PlaceOrderRequest, PreflightRequest, PreflightResponse } from '@storefront/domain/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { preOrderRulesFor, restoClockTime } from '../../../entities/orders/pre-order.ts';
import { personStore } from '../../../entities/session/person-store.ts';
import { externalNavigation } from '../../../shared/navigation/external-navigation.ts';
import { Route, Switch, useParams } from '../../../shared/navigation/router.tsx';
import { makeDeliveryPlace } from '../../../test/fixtures/location-fixtures.ts';
import {
  makeOrder,
  onlineOrder,
  pricedAnswer,
  testProfile,
  testTokens,
} from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp, resto } from '../../../test/render-app.tsx';
import { CheckoutSection } from './checkout-section.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const positions = [
  {
    id: 1,
    menu: { id: 1 },
    positionGroup: null,
    name: { ru: 'Ролл «Филадельфия»' },
    description: { ru: '' },
    measure: null,
    price: minor(100_000),
    photos: [],
    tags: [],
    isAdult: false,
    order: 1,
  },
];
const workingHours = [
  {
    type: 'DELIVERY',
    minTimeMinutes: 60,
    dayInAdvance: 2,
    hours: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ dayOfWeek: d, active: true, open: '10:00', close: '22:00' })),
  },
];

interface PostCall {
  body: PlaceOrderRequest;
  key: string | null;
}

type Answer = Response | (() => Response);
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const problem = (code: string, message: string, status: number, extra: object = {}) =>
  json({ errors: [{ code, message }], ...extra }, status);

/** The API: menus, working hours, preflights priced by `price`, and order posts answered from `orders` in turn. */
function stubApi(
  orders: (call: PostCall, index: number) => Answer | 'network',
  price: (request: PreflightRequest) => PreflightResponse = (request) => pricedAnswer(request),
) {
  const posts: PostCall[] = [];
  const preflights: PreflightRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/1/p/menus/1/positions') return json(positions);
      if (path === '/1/restos/1/working-hours') return json(workingHours);
      if (/^\/1\/persons\/(\d+\/)?orders\/preflight$/.test(path)) {
        const request = JSON.parse(String(init?.body)) as PreflightRequest;
        preflights.push(request);
        return json(price(request));
      }
      if (path === '/api/v1/persons/5/orders' && init?.method === 'POST') {
        const headers = new Headers(init.headers);
        const call = {
          body: JSON.parse(String(init.body)) as PlaceOrderRequest,
          key: headers.get('idempotency-key'),
        };
        posts.push(call);
        const answer = orders(call, posts.length - 1);
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return typeof answer === 'function' ? answer() : answer;
      }
      return problem('route.not-found', 'Нет такого', 404);
    }),
  );
  return { posts, preflights };
}

/**
 * Runs the placement's waits between tries on fake timers (setTimeout only: the DOM and the API stub keep
 * their real timing), `ms` of them at a time.
 */
async function passTime(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function onFakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

function OrderRoute() {
  return <p data-testid="order-route">{useParams().orderId}</p>;
}

function PaymentRoute() {
  return <p data-testid="payment-route">{useParams().orderId}</p>;
}

const PAY_URL = 'http://127.0.0.1:3000/api/v1/payments/demo/pay/p-1';

/** A card-online order as placed: pending at the provider, with its page (or none yet). */
const placedOnline = (confirmationUrl: string | null) =>
  onlineOrder({ confirmationUrl, payUntil: '2026-11-24T11:00:00Z' });

/** The cart's summary beside the checkout on a wide screen: its slot for the place-order button. */
function WithSummary() {
  const [summary, setSummary] = useState<HTMLElement | null>(null);
  return (
    <>
      <aside ref={setSummary} data-testid="summary" />
      <CheckoutSection summary={summary} />
    </>
  );
}

async function render(restoOverrides: Parameters<typeof resto>[0] = { id: 1 }, { summary = false } = {}) {
  return renderWithApp(
    <Switch>
      <Route path="/cart">{summary ? <WithSummary /> : <CheckoutSection />}</Route>
      <Route path="/orders/:orderId">
        <OrderRoute />
      </Route>
      <Route path="/orders/:orderId/payment">
        <PaymentRoute />
      </Route>
    </Switch>,
    { cities: [kazan], city: kazan, resto: resto(restoOverrides), method: 'DELIVERY' },
    { entry: '/cart' },
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function ready() {
  await waitFor(() => expect(screen.getByTestId('place-order')).toBeEnabled());
}

function fillContacts() {
  type('contact-name', 'Анна');
  type('contact-phone', '+7 999 123-45-67');
  type('contact-email', 'anna@example.com');
}

describe('checkout', () => {
  const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
  // A test that failed on fake timers leaves none behind.
  afterEach(() => vi.useRealTimers());

  beforeEach(() => {
    assign.mockClear();
    personStore.getState().signedOut();
    orderDraftStore.setState({
      personCount: 1,
      promoCode: null,
      promoRefusal: null,
      contact: { name: null, email: null, phone: null },
      comment: '',
      preOrderAt: null,
      attempt: null,
    });
    cartStore.setState({ positions: [makeCartLine({ id: 1, menuId: 1, price: minor(100_000), count: 2 })] });
    selectionsStore.setState({
      cityId: 1,
      deliveryMethod: 'DELIVERY',
      paymentMethod: 'CARD_ONLINE',
      restoId: 1,
      deliveryPlace: makeDeliveryPlace({ apartment: '12', entrance: '2' }),
    });
  });

  it('asks an anonymous customer to sign in first, and comes back to the cart', async () => {
    stubApi(() => json({}));
    await render();
    expect(screen.getByText('Чтобы оформить заказ, авторизуйтесь')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-form')).not.toBeInTheDocument();
  });

  it('fills the empty contact fields from the profile on sign-in, and forgets them on sign-out', async () => {
    stubApi(() => json({}));
    personStore.getState().signedIn(testTokens(), {
      ...testProfile,
      deliveries: [{ personName: 'Аня', phone: null, email: 'a@b.ru' }],
    });
    await render();
    expect(screen.getByTestId('contact-name')).toHaveValue('Аня');
    expect(screen.getByTestId('contact-email')).toHaveValue('a@b.ru');
    expect(screen.getByTestId('contact-phone')).toHaveValue('+7 (999) 123-45-67');
    personStore.getState().signedOut();
    expect(orderDraftStore.getState().contact).toEqual({ name: null, email: null, phone: null });
  });

  it('says every contact message of docs/product.md §5', async () => {
    stubApi(() => json({}));
    personStore.getState().signedIn(testTokens(), { ...testProfile, firstName: null, phone: null });
    selectionsStore.setState({ deliveryPlace: null });
    await render();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('Введите ваше имя')).toBeInTheDocument();
    expect(screen.getByText('Введите номер телефона')).toBeInTheDocument();
    expect(screen.getByText('Укажите email для получения чека')).toBeInTheDocument();
    expect(screen.getByTestId('address-error')).toHaveTextContent(
      'Выберите адрес из списка или укажите точку на карте',
    );
    expect(screen.getByTestId('contact-name')).toHaveAttribute('aria-invalid', 'true');

    type('contact-name', 'R2-D2');
    expect(await screen.findByText('Имя указано не корректно')).toBeInTheDocument();
    type('contact-name', 'А'.repeat(51));
    expect(await screen.findByText('Имя не должно превышать 50 символов')).toBeInTheDocument();
    type('contact-phone', '123');
    expect(await screen.findByText('Номер указан некорректно')).toBeInTheDocument();
    type('contact-email', 'anna@');
    expect(await screen.findByText('Укажите корректный email')).toBeInTheDocument();
    type('order-comment', 'я'.repeat(101));
    expect(await screen.findByText('Комментарий не должен превышать 100 символов')).toBeInTheDocument();
  });

  it('asks for the e-mail only when paying online', async () => {
    stubApi(() => json(makeOrder(), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    await ready();
    fireEvent.click(screen.getByTestId('payment-method-CASH_UPON_RECEIPT'));
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('order-route')).toBeInTheDocument();
    expect(screen.queryByText('Укажите email для получения чека')).not.toBeInTheDocument();
    // Cash on receipt: nothing to pay online, so the browser stays on the storefront.
    expect(assign).not.toHaveBeenCalled();
  });

  it('puts the place-order button in the cart’s summary when given one, and it still places the order', async () => {
    const { posts } = stubApi(() => json(makeOrder(), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    selectionsStore.setState({ paymentMethod: 'CASH_UPON_RECEIPT' });
    await render({ id: 1 }, { summary: true });
    const button = await screen.findByTestId('place-order');
    expect(within(screen.getByTestId('summary')).getByTestId('place-order')).toBe(button);
    expect(within(screen.getByTestId('checkout-form')).queryByTestId('place-order')).not.toBeInTheDocument();
    await ready();
    fireEvent.click(button);
    expect(await screen.findByTestId('order-route')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });

  it('sends a card-online order to the provider’s page, the cart emptied and the return page under it', async () => {
    const { posts } = stubApi(() => json(placedOnline(PAY_URL), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body.payType).toBe('CARD_ONLINE');
    expect(cartStore.getState().positions).toEqual([]);
    expect(orderDraftStore.getState().attempt).toBeNull();
    // Underneath, the return page: where Back from the provider's page lands.
    expect(await screen.findByTestId('payment-route')).toHaveTextContent('77');
  });

  it('opens the return page of a card-online order whose payment page is not there yet', async () => {
    stubApi(() => json(placedOnline(null), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('payment-route')).toHaveTextContent('77');
    expect(assign).not.toHaveBeenCalled();
    expect(cartStore.getState().positions).toEqual([]);
  });

  it('offers card, SBP and SberPay with their hints when paying online where the restaurant has them', async () => {
    const { posts } = stubApi(() => json(placedOnline(PAY_URL), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render({ id: 1, onlineMethods: ['card', 'sbp', 'sberpay'] });
    const methods = await screen.findByTestId('online-methods');
    expect(within(methods).getByText('Оплата через приложение банка')).toBeInTheDocument();
    expect(within(methods).getByText('Оплата через СберБанк Онлайн')).toBeInTheDocument();
    const card = within(screen.getByTestId('online-method-card')).getByRole('radio');
    const sbp = within(screen.getByTestId('online-method-sbp')).getByRole('radio');
    expect(card).toBeChecked();
    fireEvent.click(sbp);
    expect(sbp).toBeChecked();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(posts[0]?.body).toMatchObject({ payType: 'CARD_ONLINE', onlineMethod: 'sbp' });
  });

  it('asks nothing where the restaurant takes cards only, nor when paying on receipt', async () => {
    const { posts } = stubApi(() => json(makeOrder({ id: 77 }), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render({ id: 1 });
    await screen.findByTestId('payment-method-CARD_ONLINE');
    expect(screen.queryByTestId('online-methods')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('payment-method-CASH_UPON_RECEIPT'));
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body.payType).toBe('CASH_UPON_RECEIPT');
    expect(posts[0]?.body).not.toHaveProperty('onlineMethod');
  });

  it('says a method the restaurant does not offer at its choice (422 payment.method-not-offered)', async () => {
    stubApi(() =>
      json(
        {
          errors: [
            {
              code: 'payment.method-not-offered',
              message: 'Этот способ оплаты в ресторане недоступен, выберите другой',
              field: 'onlineMethod',
            },
          ],
        },
        422,
      ),
    );
    personStore.getState().signedIn(testTokens(), testProfile);
    await render({ id: 1, onlineMethods: ['card', 'sberpay'] });
    fireEvent.click(within(await screen.findByTestId('online-method-sberpay')).getByRole('radio'));
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('online-method-error')).toHaveTextContent(
      'Этот способ оплаты в ресторане недоступен, выберите другой',
    );
    expect(screen.queryByTestId('place-order-failure')).not.toBeInTheDocument();
    // Choosing another says it no more.
    fireEvent.click(within(screen.getByTestId('online-method-card')).getByRole('radio'));
    await waitFor(() => expect(screen.queryByTestId('online-method-error')).not.toBeInTheDocument());
  });

  it('offers only the payment methods the restaurant takes, and says why a saved one was changed', async () => {
    stubApi(() => json({}));
    personStore.getState().signedIn(testTokens(), testProfile);
    selectionsStore.setState({ paymentMethod: 'CARD_UPON_RECEIPT' });
    const cashAndOnline = { cardOnline: 'shop', cardUponReceipt: false, cashUponReceipt: true };
    await render({ id: 1, payConfig: { delivery: cashAndOnline, takeAway: cashAndOnline } });
    expect(screen.queryByTestId('payment-method-CARD_UPON_RECEIPT')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('payment-method-CARD_ONLINE')).toBeChecked());
    expect(screen.getByTestId('payment-method-reset')).toHaveTextContent(
      'Ресторан не принимает «Картой при получении», выбрали «Картой онлайн»',
    );
    expect(selectionsStore.getState().paymentMethod).toBe('CARD_ONLINE');
  });

  it('offers pre-order days and slots from the working-hours answer, on the restaurant’s clock', async () => {
    stubApi(() => json({}));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    await waitFor(() => expect(screen.getByTestId('when-pre-order')).toBeEnabled());
    fireEvent.click(screen.getByTestId('when-pre-order'));
    const days = preOrderDays(
      preOrderRulesFor(resto({ id: 1 }), 'DELIVERY', workingHours as never, Date.now()),
    );
    const day = screen.getByTestId('pre-order-day');
    expect(within(day).getAllByRole('option')).toHaveLength(days.length);
    const slots = within(screen.getByTestId('pre-order-slot')).getAllByRole('option');
    expect(slots).toHaveLength(days[0]?.slots.length ?? 0);
    expect(slots[0]).toHaveTextContent(restoClockTime(days[0]?.slots[0] ?? 0, '+03:00'));
    expect(orderDraftStore.getState().preOrderAt).toBe(new Date(days[0]?.slots[0] ?? 0).toISOString());
    fireEvent.click(screen.getByTestId('when-asap'));
    expect(orderDraftStore.getState().preOrderAt).toBeNull();
  });

  it('places the order with one key, empties the cart once it exists, and opens its page', async () => {
    const { posts } = stubApi(() => json(makeOrder({ id: 77 }), 201));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    type('order-comment', 'Без лука');
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('order-route')).toHaveTextContent('77');
    expect(posts).toHaveLength(1);
    const [call] = posts;
    expect(call?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toMatchObject({
      restoId: 1,
      deliveryType: 'DELIVERY',
      payType: 'CARD_ONLINE',
      quote: 'quote-1',
      person: { name: 'Анна', phone: '+79991234567', email: 'anna@example.com' },
      comment: 'Без лука',
      personCount: 1,
      deliveryPlace: { apartment: '12', entrance: '2', floor: null, intercom: null, comment: null },
    });
    expect(cartStore.getState().positions).toEqual([]);
    expect(orderDraftStore.getState()).toMatchObject({ attempt: null, comment: '', preOrderAt: null });
  });

  it('retries a network failure with the same key', async () => {
    const { posts } = stubApi((_call, index) => (index < 2 ? 'network' : json(makeOrder(), 201)));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    onFakeTimers();
    fireEvent.click(screen.getByTestId('place-order'));
    // 1 s, then 2 s between the tries.
    await passTime(999);
    expect(posts).toHaveLength(1);
    await passTime(1);
    expect(posts).toHaveLength(2);
    await passTime(1999);
    expect(posts).toHaveLength(2);
    await passTime(1);
    vi.useRealTimers();
    expect(await screen.findByTestId('order-route')).toBeInTheDocument();
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((call) => call.key)).size).toBe(1);
  });

  it('keeps the key in the draft when the retries give up, and uses it again on the next try', async () => {
    let offline = true;
    const { posts } = stubApi(() => (offline ? 'network' : json(makeOrder(), 201)));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    onFakeTimers();
    fireEvent.click(screen.getByTestId('place-order'));
    await passTime(1000 + 2000 + 4000);
    vi.useRealTimers();
    expect(await screen.findByTestId('place-order-failure')).toHaveTextContent(
      'Не удалось выполнить запрос. Неизвестная ошибка',
    );
    expect(posts).toHaveLength(4);
    const key = orderDraftStore.getState().attempt?.key;
    expect(JSON.parse(localStorage.getItem('order_draft') ?? '{}').attempt.key).toBe(key);
    offline = false;
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('order-route')).toBeInTheDocument();
    expect(posts.at(-1)?.key).toBe(key);
  });

  it('waits out 409 in-progress for its Retry-After', async () => {
    const { posts } = stubApi((_call, index) =>
      index === 0
        ? problem('idempotency.in-progress', 'Заказ уже оформляется', 409, {})
        : json(makeOrder(), 201),
    );
    // Retry-After rides on the response headers.
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await original(input, init);
        if (response.status !== 409) return response;
        return new Response(await response.text(), { status: 409, headers: { 'retry-after': '3' } });
      }),
    );
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    onFakeTimers();
    fireEvent.click(screen.getByTestId('place-order'));
    await passTime(2999);
    expect(posts).toHaveLength(1);
    await passTime(1);
    vi.useRealTimers();
    expect(await screen.findByTestId('order-route')).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(posts[0]?.key).toBe(posts[1]?.key);
  });

  it('shows what changed on order.price-changed, and re-sends the new quote with a new key', async () => {
    const { posts } = stubApi((call) =>
      call.body.quote === 'quote-2'
        ? json(makeOrder(), 201)
        : problem('order.price-changed', 'Цена заказа изменилась', 409, {
            preflight: pricedAnswer(call.body, { quote: 'quote-2', units: { 1: 120_000 } }),
          }),
    );
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    const changes = await screen.findByTestId('price-changed');
    expect(changes.textContent?.replace(/\s/g, ' ')).toContain('Ролл «Филадельфия»: 2 000 ₽ → 2 400 ₽');
    expect(changes.textContent?.replace(/\s/g, ' ')).toContain('Итого: 2 000 ₽ → 2 400 ₽');
    fireEvent.click(screen.getByTestId('price-changed-confirm'));
    expect(await screen.findByTestId('order-route')).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body.quote).toBe('quote-2');
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });

  it('names a dish that left the menu, in what changed, as its cart line remembers it', async () => {
    cartStore.setState({
      positions: [
        makeCartLine({ id: 1, menuId: 1, price: minor(100_000), count: 1 }),
        {
          ...makeCartLine({ id: 7, menuId: 1, price: minor(100_000), count: 1 }),
          label: { name: { ru: 'Спайси сякэ' }, photo: null, measure: null },
        },
      ],
    });
    stubApi((call) => {
      // Hidden between the cart's preflight and the order: the order's preflight has it no more.
      const answer = pricedAnswer(call.body, { quote: 'quote-2' });
      const positions = answer.positions.map((line) =>
        line.id === 7 ? { ...line, sum: minor(0), payableAmount: minor(0), available: false } : line,
      );
      return problem('order.price-changed', 'Цена заказа изменилась', 409, {
        preflight: { ...answer, positions, sum: minor(100_000), payable: minor(100_000) },
      });
    });
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    const changes = await screen.findByTestId('price-changed');
    expect(changes).toHaveTextContent('Спайси сякэ: недоступно');
    expect(changes).not.toHaveTextContent('Блюдо №7');
  });

  it('shows the cart problems of a refused order', async () => {
    stubApi((call) =>
      problem('delivery.min-order-amount', 'Минимальная сумма заказа 3 000 ₽', 422, {
        preflight: pricedAnswer(call.body, {
          problems: [{ code: 'delivery.min-order-amount', message: 'Минимальная сумма заказа 3 000 ₽' }],
        }),
      }),
    );
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('place-order-failure')).toHaveTextContent(
      'Минимальная сумма заказа 3 000 ₽',
    );
    expect(cartStore.getState().positions).toHaveLength(1);
  });

  it('puts a 400 field error on its field', async () => {
    stubApi(() =>
      json(
        {
          errors: [
            { code: 'person-name.invalid', message: 'Имя указано не корректно', field: 'person.name' },
          ],
        },
        400,
      ),
    );
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('Имя указано не корректно')).toBeInTheDocument();
    expect(screen.getByTestId('contact-name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says an unknown failure in the general words', async () => {
    stubApi(() => new Response('oops', { status: 500 }));
    personStore.getState().signedIn(testTokens(), testProfile);
    await render();
    fillContacts();
    await ready();
    fireEvent.click(screen.getByTestId('place-order'));
    const failure = await screen.findByTestId('place-order-failure');
    expect(failure).toHaveTextContent('Не удалось оформить заказ');
    expect(failure).toHaveTextContent('Не удалось выполнить запрос. Неизвестная ошибка');
  });
});
