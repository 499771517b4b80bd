import { formatMoney, makeCartLine, minor } from '@storefront/domain';
import type { Position, PreflightRequest, PreflightResponse } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { personStore } from '../../../entities/session/person-store.ts';
import { makeDeliveryPlace } from '../../../test/fixtures/location-fixtures.ts';
import { renderWithApp, resto } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow } from '../../../test/test-clock.ts';
import CartPage from './cart-page.tsx';

const rub = (amount: number) => formatMoney(minor(amount), 'RUB', 'ru').replace(/\s/g, ' ');
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

function dish(id: number, name: string, price: number, isAdult = false): Position {
  return {
    id,
    menu: { id: 1 },
    positionGroup: null,
    name: { ru: name, en: `${name} (en)` },
    description: { ru: '' },
    measure: null,
    price: minor(price),
    photos: [],
    tags: [],
    isAdult,
    order: id,
  };
}

const ROLL = 1;
const SOY = 10;
const GINGER = 11;
const SAKE = 12;
const MOCHI = 20;
const COLA = 21;
const catalog = [
  dish(ROLL, 'Ролл «Филадельфия»', 50_000),
  dish(SOY, 'Соевый соус', 3_000),
  dish(GINGER, 'Имбирь', 2_000),
  dish(SAKE, 'Саке', 30_000, true),
  dish(MOCHI, 'Моти', 0),
  dish(COLA, 'Кола', 0),
];

/** What the server would add beside the cart: add-ons (18+ only once confirmed), free lines, a gift from 1 500 ₽. */
interface Server {
  addOns?: boolean;
  freePerPerson?: boolean;
  gift?: { minSum: number; withheld?: string | null; withheldMessage?: string };
  readyAt?: string | null;
  delayMinutes?: number;
}

function price(request: PreflightRequest, server: Server): PreflightResponse {
  const lines = request.positions.map((line) => {
    const unit = catalog.find((p) => p.id === line.id)?.price ?? 0;
    return {
      id: line.id,
      menu: line.menu,
      count: line.count,
      price: minor(unit),
      modifiers: [],
      sum: minor(unit * line.count),
      discounts: [],
      promoCodes: [],
      specials: [],
      payableAmount: minor(unit * line.count),
      available: true,
    };
  });
  const sum = lines.reduce((total, line) => total + line.sum, 0);
  const inCart = new Set(request.positions.map((line) => line.id));
  const persons = request.personCount ?? 1;
  const gift = server.gift;
  const reached = gift && sum >= gift.minSum;
  const withheld = reached ? (gift.withheld ?? null) : null;
  const chosen =
    request.giftPositionId === MOCHI || request.giftPositionId === COLA ? request.giftPositionId : MOCHI;
  return {
    restoId: request.restoId,
    deliveryType: request.deliveryType,
    payType: request.payType,
    currency: 'RUB',
    orderAt: '2025-01-15T09:00:00Z',
    preOrderAt: null,
    positions: lines,
    promoCode: null,
    promoCodeMaxDiscountAmount: null,
    promoCodeMinOrderAmount: null,
    positionsCount: lines.reduce((total, line) => total + line.count, 0),
    sum: minor(sum),
    discount: minor(0),
    deliveryPrice: minor(0),
    payable: minor(sum),
    bonus: null,
    deliveryZoneId: 1,
    deliveryRules: [],
    deliveryBand: null,
    nextDeliveryBand: null,
    freeLines: server.freePerPerson
      ? [
          { id: SOY, menu: { id: 1 }, count: 2 * persons, perPerson: 2, personCount: persons },
          { id: GINGER, menu: { id: 1 }, count: persons, perPerson: 1, personCount: persons },
        ]
      : [],
    gift: gift
      ? {
          promotionId: reached ? 5 : null,
          title: reached ? { ru: 'Подарок от 1500 ₽' } : null,
          minSum: reached ? minor(gift.minSum) : null,
          positionId: reached && !withheld ? chosen : null,
          menuId: reached && !withheld ? 1 : null,
          options: reached
            ? [
                { id: MOCHI, menu: { id: 1 } },
                { id: COLA, menu: { id: 1 } },
              ]
            : [],
          withheld,
          withheldMessage: withheld ? (gift.withheldMessage ?? null) : null,
          next: reached
            ? null
            : {
                promotionId: 5,
                title: { ru: 'Подарок от 1500 ₽' },
                minSum: minor(gift.minSum),
                amountLeft: minor(gift.minSum - sum),
              },
        }
      : null,
    addOns: server.addOns
      ? [
          { id: SOY, menu: { id: 1 }, reason: 'listed' as const },
          { id: GINGER, menu: { id: 1 }, reason: 'listed' as const },
          ...(request.adultConfirmed ? [{ id: SAKE, menu: { id: 1 }, reason: 'often' as const }] : []),
        ].filter((addOn) => !inCart.has(addOn.id))
      : [],
    readyAt: server.readyAt ?? null,
    delayMinutes: server.delayMinutes ?? 0,
    problems: [],
    errors: [],
    quote: 'q',
    quoteExpiresAt: '2025-01-15T09:10:00Z',
  };
}

function stubServer(server: Server | ((call: number) => Server)) {
  const preflights: PreflightRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/1/p/menus/1/positions') return json(catalog);
      if (path === '/1/restos/1/positions/modifiers') return json([]);
      if (/^\/1\/persons\/(\d+\/)?orders\/preflight$/.test(path)) {
        const request = JSON.parse(String(init?.body)) as PreflightRequest;
        preflights.push(request);
        return json(price(request, typeof server === 'function' ? server(preflights.length) : server));
      }
      return json({ errors: [{ code: 'route.not-found', message: 'Нет такого' }] }, 404);
    }),
  );
  return preflights;
}

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const render = (method: 'DELIVERY' | 'TAKE_AWAY' = 'DELIVERY', locale: 'ru' | 'en' = 'ru') =>
  renderWithApp(
    <CartPage />,
    { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method },
    { entry: '/cart', locale },
  );

const rolls = (count: number) =>
  cartStore.setState({ positions: [makeCartLine({ id: ROLL, menuId: 1, price: minor(50_000), count })] });

async function settled() {
  await waitFor(() => expect(screen.getByTestId('total-payable')).not.toHaveTextContent('Считаем'));
}

describe('cart: what is sold with the order', () => {
  beforeEach(() => {
    personStore.getState().signedOut();
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
    cartStore.setState({ positions: [] });
    orderDraftStore.setState({ personCount: 1, promoCode: null, promoRefusal: null, giftPositionId: null });
    selectionsStore.setState({
      cityId: 1,
      deliveryMethod: 'DELIVERY',
      paymentMethod: 'CARD_ONLINE',
      restoId: 1,
      deliveryPlace: makeDeliveryPlace(),
    });
  });
  afterEach(() => resetServerClock());

  it('offers the add-ons with name and price; one tap adds the dish and it leaves the strip', async () => {
    rolls(1);
    const preflights = stubServer({ addOns: true });
    await render();
    await settled();
    const strip = await screen.findByTestId('add-ons');
    expect(within(strip).getByRole('heading')).toHaveTextContent('Добавить к заказу');
    await waitFor(() => expect(within(strip).getAllByTestId('add-on')).toHaveLength(2));
    const [soy] = within(strip).getAllByTestId('add-on');
    expect(text(soy as HTMLElement)).toContain('Соевый соус');
    expect(text(soy as HTMLElement)).toContain(rub(3_000));
    // Not confirmed 18+: the request says nothing of the age, and no adult dish is offered.
    expect(preflights[0]).not.toHaveProperty('adultConfirmed');

    const add = within(soy as HTMLElement).getByTestId('add-on-add');
    expect(add.getAttribute('aria-label')?.replace(/\s/g, ' ')).toBe(`Добавить Соевый соус, ${rub(3_000)}`);
    fireEvent.click(add);
    await waitFor(() => expect(cartStore.getState().positions.map((line) => line.id)).toEqual([ROLL, SOY]));
    await waitFor(() =>
      expect(within(screen.getByTestId('add-ons')).getAllByTestId('add-on')).toHaveLength(1),
    );
    expect(text(screen.getByTestId('add-ons'))).not.toContain('Соевый соус');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
  });

  it('asks for adult add-ons once the age is confirmed, and shows nothing when the list is empty', async () => {
    rolls(1);
    consentStore.setState({ adulthoodConfirmed: true });
    const preflights = stubServer((call) => ({ addOns: call === 1 }));
    await render();
    await settled();
    expect(preflights[0]?.adultConfirmed).toBe(true);
    await waitFor(() => expect(text(screen.getByTestId('add-ons'))).toContain('Саке'));

    // Another answer without add-ons (here: two rolls): the strip goes.
    cartStore.getState().setCount(ROLL, 1, [], 2);
    await waitFor(() => expect(preflights).toHaveLength(2));
    await settled();
    expect(screen.queryByTestId('add-ons')).not.toBeInTheDocument();
  });

  it('lists the free condiments by persons, and answers anew as the persons change', async () => {
    rolls(1);
    const preflights = stubServer({ freePerPerson: true });
    await render();
    await settled();
    const free = await screen.findByTestId('free-lines');
    expect(within(free).getByRole('heading')).toHaveTextContent('Бесплатно на 1 персону');
    await waitFor(() => expect(text(free)).toContain('Соевый соус'));
    const counts = () => screen.getAllByTestId('free-line-count').map((count) => text(count));
    expect(counts()).toEqual(['× 2', '× 1']);

    fireEvent.click(screen.getByTestId('person-count-increase'));
    fireEvent.click(screen.getByTestId('person-count-increase'));
    await waitFor(() => expect(preflights.at(-1)?.personCount).toBe(3));
    await waitFor(() => expect(counts()).toEqual(['× 6', '× 3']));
    expect(screen.getByTestId('free-lines')).toHaveTextContent('Бесплатно на 3 персоны');
  });

  it('shows the way to the gift, the gift reached with its choice, and none once the sum falls', async () => {
    rolls(2);
    const preflights = stubServer({ gift: { minSum: 150_000 } });
    await render();
    await settled();
    const progress = await screen.findByTestId('gift-progress');
    expect(text(progress)).toContain(`Ещё ${rub(50_000)} до подарка`);
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100000');
    expect(screen.queryByTestId('gift-line')).not.toBeInTheDocument();

    cartStore.getState().setCount(ROLL, 1, [], 3);
    await waitFor(() => expect(screen.getByTestId('gift-line')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('gift-name')).toHaveTextContent('Моти'));
    expect(text(screen.getByTestId('gift-line'))).toContain(rub(0));
    expect(screen.queryByTestId('gift-progress')).not.toBeInTheDocument();
    const options = within(screen.getByTestId('gift-options')).getAllByTestId('gift-option');
    expect(options).toHaveLength(2);
    expect(options[0]).toBeChecked();

    fireEvent.click(options[1] as HTMLElement);
    await waitFor(() => expect(preflights.at(-1)?.giftPositionId).toBe(COLA));
    await waitFor(() => expect(screen.getByTestId('gift-name')).toHaveTextContent('Кола'));

    cartStore.getState().setCount(ROLL, 1, [], 1);
    await waitFor(() => expect(preflights.at(-1)?.positions[0]?.count).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('gift-line')).not.toBeInTheDocument());
    expect(text(screen.getByTestId('gift-progress'))).toContain(`Ещё ${rub(100_000)} до подарка`);
  });

  it('says why a reached gift is withheld (a promo code), in the catalogue’s words', async () => {
    rolls(4);
    stubServer({ gift: { minSum: 150_000, withheld: 'gift.not-with-promo-code' } });
    await render();
    await settled();
    const withheld = await screen.findByTestId('gift-withheld');
    expect(withheld).toHaveTextContent('Подарок не суммируется с промокодом');
    expect(screen.queryByTestId('gift-line')).not.toBeInTheDocument();
  });

  it('prefers the server’s own words for a withheld gift', async () => {
    rolls(4);
    stubServer({
      gift: { minSum: 150_000, withheld: 'gift.not-with-bonus', withheldMessage: 'Подарок не с баллами' },
    });
    await render();
    await settled();
    expect(await screen.findByTestId('gift-withheld')).toHaveTextContent('Подарок не с баллами');
  });

  it('shows the promised time on the restaurant’s clock and the restaurant’s delay', async () => {
    setServerNow(Date.UTC(2025, 0, 15, 15, 0));
    rolls(1);
    stubServer({ readyAt: '2025-01-15T16:45:00Z', delayMinutes: 30 });
    await render();
    await settled();
    expect(await screen.findByTestId('ready-at')).toHaveTextContent('Доставим к 19:45');
    expect(screen.getByTestId('busy-delay')).toHaveTextContent('+30 мин');
  });

  it('says ready-by for a pickup, with the day when it is not today, and in English', async () => {
    setServerNow(Date.UTC(2025, 0, 15, 15, 0));
    rolls(1);
    stubServer({ readyAt: '2025-01-16T09:00:00Z', freePerPerson: true, gift: { minSum: 150_000 } });
    await render('TAKE_AWAY', 'en');
    await waitFor(() =>
      expect(screen.getByTestId('ready-at')).toHaveTextContent('Ready by 16 January, 12:00'),
    );
    expect(screen.queryByTestId('busy-delay')).not.toBeInTheDocument();
    expect(screen.getByTestId('free-lines')).toHaveTextContent('Free for 1 person');
    expect(text(screen.getByTestId('gift-progress'))).toContain('more for a gift');
  });

  it('shows none of it while the preflight fails', async () => {
    rolls(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/1/p/menus/1/positions') return new Response(JSON.stringify(catalog));
        return new Response(JSON.stringify({ errors: [{ code: 'x', message: 'Сломалось' }] }), {
          status: 500,
        });
      }),
    );
    await render();
    expect(await screen.findByTestId('preflight-retry')).toBeInTheDocument();
    expect(screen.queryByTestId('add-ons')).not.toBeInTheDocument();
    expect(screen.queryByTestId('free-lines')).not.toBeInTheDocument();
    expect(screen.queryByTestId('gift')).not.toBeInTheDocument();
    expect(screen.queryByTestId('promised-time')).not.toBeInTheDocument();
  });
});
