import { formatMoney, makeCartLine, minor } from '@storefront/domain';
import type {
  Position,
  PositionModifiers,
  PreflightProblem,
  PreflightRequest,
  PreflightResponse,
} from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStorage, cartStore } from '../../../entities/cart/cart-store.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { personStore } from '../../../entities/session/person-store.ts';
import { makeDeliveryPlace } from '../../../test/fixtures/location-fixtures.ts';
import { testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp, resto, testBrand } from '../../../test/render-app.tsx';
import CartPage from './cart-page.tsx';

const rub = (amount: number) => formatMoney(minor(amount), 'RUB', 'ru').replace(/\s/g, ' ');
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

function position(id: number, name: string, price: number): Position {
  return {
    id,
    menu: { id: 1 },
    positionGroup: null,
    name: { ru: name },
    description: { ru: '' },
    measure: null,
    price: minor(price),
    photos: [],
    tags: [],
    isAdult: false,
    order: id,
  };
}

const positions = [position(1, 'Ролл «Филадельфия»', 59_000), position(2, 'Вок с курицей', 40_000)];
const modifiers: PositionModifiers[] = [
  {
    positionId: 2,
    modifiers: [
      {
        id: 1,
        modifierId: 3,
        minCount: 0,
        maxCount: 2,
        name: { ru: 'Соус' },
        nameUi: { ru: 'Соус' },
        items: [{ id: 7, name: { ru: 'Терияки' }, price: minor(5_000), order: 1 }],
      },
    ],
  },
];

const rules = [
  { orderPrice: { min: minor(50_000), max: minor(200_000) }, deliveryPrice: minor(20_000), time: 60 },
  { orderPrice: { min: minor(200_000), max: minor(1_000_000) }, deliveryPrice: minor(0), time: 45 },
];

interface Pricing {
  /** The server's price of a dish by its id. */
  prices?: Record<number, number>;
  problems?: (request: PreflightRequest) => PreflightProblem[];
  promo?: (request: PreflightRequest) => PreflightResponse['promoCode'];
  /** The promo share of each line, as a fraction of its sum. */
  share?: number;
}

/** Prices a request as the API would, from a small catalog of its own. */
function price(request: PreflightRequest, pricing: Pricing): PreflightResponse {
  const problems = pricing.problems?.(request) ?? [];
  const unavailable = new Set(
    problems.flatMap((problem) => (problem.line === undefined ? [] : [problem.line])),
  );
  const lines = request.positions.map((line, index) => {
    const unit = pricing.prices?.[line.id] ?? positions.find((p) => p.id === line.id)?.price ?? 0;
    const mods = (line.modifiers ?? []).map((m) => ({ ...m, price: minor(5_000) }));
    const available = !unavailable.has(index);
    const sum = available ? (unit + mods.reduce((s, m) => s + m.count * m.price, 0)) * line.count : 0;
    const share = Math.round(sum * (pricing.share ?? 0));
    return {
      id: line.id,
      menu: line.menu,
      count: line.count,
      price: minor(unit),
      modifiers: mods,
      sum: minor(sum),
      discounts: [],
      promoCodes: share > 0 ? [{ code: 'promo', name: 'SUSHI', amount: minor(share) }] : [],
      specials: [],
      payableAmount: minor(sum - share),
      available,
    };
  });
  const sum = lines.reduce((s, l) => s + l.sum, 0);
  const discount = lines.reduce((s, l) => s + (l.sum - l.payableAmount), 0);
  const deliveryPrice = sum - discount >= 200_000 ? 0 : 20_000;
  return {
    restoId: request.restoId,
    deliveryType: request.deliveryType,
    payType: request.payType,
    currency: 'RUB',
    orderAt: '2026-11-24T10:00:00Z',
    preOrderAt: null,
    positions: lines,
    promoCode: pricing.promo?.(request) ?? null,
    promoCodeMaxDiscountAmount: null,
    promoCodeMinOrderAmount: null,
    positionsCount: lines.reduce((s, l) => s + l.count, 0),
    sum: minor(sum),
    discount: minor(discount),
    deliveryPrice: minor(deliveryPrice),
    payable: minor(sum - discount + deliveryPrice),
    bonus: null,
    deliveryZoneId: 1,
    deliveryRules: rules,
    deliveryBand: null,
    nextDeliveryBand: null,
    freeLines: [],
    gift: null,
    addOns: [],
    readyAt: null,
    delayMinutes: 0,
    problems,
    errors: problems.slice(0, 1).map(({ code, message }) => ({ code, message })),
    quote: 'q',
    quoteExpiresAt: '2026-11-24T10:10:00Z',
  };
}

/** The API: catalog reads, and preflights answered by `answer` (a function of the request and its number). */
function stubApi(answer: (request: PreflightRequest, call: number) => PreflightResponse | Response) {
  const preflights: PreflightRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/1/p/menus/1/positions') return json(positions);
      if (path === '/1/restos/1/positions/modifiers') return json(modifiers);
      if (/^\/1\/persons\/(\d+\/)?orders\/preflight$/.test(path)) {
        const request = JSON.parse(String(init?.body)) as PreflightRequest;
        preflights.push(request);
        const result = answer(request, preflights.length);
        return result instanceof Response ? result : json(result);
      }
      return json({ errors: [{ code: 'route.not-found', message: 'Нет такого' }] }, 404);
    }),
  );
  return preflights;
}

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const render = () =>
  renderWithApp(
    <CartPage />,
    { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method: 'DELIVERY' },
    { entry: '/cart' },
  );

function fillCart() {
  cartStore.setState({
    positions: [
      makeCartLine({ id: 1, menuId: 1, price: minor(59_000), count: 2 }),
      makeCartLine({
        id: 2,
        menuId: 1,
        price: minor(40_000),
        count: 1,
        modifiers: [{ id: 7, modifierId: 3, count: 1, price: minor(5_000) }],
      }),
    ],
  });
}

/** A signed-in person (the shared test person, without a phone). */
function signIn() {
  personStore.getState().signedIn(testTokens(), { ...testProfile, phone: null });
}

async function settled() {
  await waitFor(() => expect(screen.getByTestId('total-payable')).not.toHaveTextContent('Считаем'));
}

describe('cart page', () => {
  beforeEach(() => {
    personStore.getState().signedOut();
    cartStore.setState({ positions: [] });
    orderDraftStore.setState({ personCount: 1, promoCode: null, promoRefusal: null });
    selectionsStore.setState({
      cityId: 1,
      deliveryMethod: 'DELIVERY',
      paymentMethod: 'CARD_ONLINE',
      restoId: 1,
      deliveryPlace: makeDeliveryPlace(),
    });
  });

  it('says the cart is empty and leads back to the menu', async () => {
    const preflights = stubApi((request) => price(request, {}));
    await render();
    expect(screen.getByText('В корзине пока пусто')).toBeInTheDocument();
    expect(screen.getByTestId('back-to-menu')).toHaveTextContent('Вернуться в меню');
    expect(screen.queryByTestId('checkout')).not.toBeInTheDocument();
    expect(preflights).toEqual([]);
  });

  it('shows the lines and totals of the server’s answer', async () => {
    fillCart();
    const preflights = stubApi((request) => price(request, {}));
    await render();
    expect(screen.getByTestId('total-payable')).toHaveTextContent('Считаем…');
    await settled();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    await waitFor(() => expect(lines[0]).toHaveTextContent('Ролл «Филадельфия»'));
    await waitFor(() => expect(lines[1]).toHaveTextContent('Терияки'));
    expect(text(within(lines[0] as HTMLElement).getByTestId('line-sum'))).toBe(rub(118_000));
    expect(text(screen.getByTestId('total-sum'))).toBe(rub(163_000));
    expect(text(screen.getByTestId('total-delivery'))).toBe(rub(20_000));
    expect(text(screen.getByTestId('total-payable'))).toBe(rub(183_000));
    expect(screen.getByTestId('positions-count')).toHaveTextContent('3 блюда');
    expect(text(screen.getByTestId('delivery-alert'))).toContain(
      `До бесплатной доставки осталось ${rub(37_000)}`,
    );
    expect(screen.getByTestId('checkout')).toBeEnabled();
    // Modifiers only for the line that has them; the address for delivery.
    expect(preflights[0]?.positions[0]).not.toHaveProperty('modifiers');
    expect(preflights[0]?.positions[1]?.modifiers).toHaveLength(1);
    expect(preflights[0]?.address).toBe('Казань, ул. Баумана, 1');
  });

  it('applies a promo code and shows its discount on the lines and totals', async () => {
    fillCart();
    const preflights = stubApi((request) =>
      price(request, {
        share: request.promoCode ? 0.1 : 0,
        promo: (r) =>
          r.promoCode
            ? {
                code: r.promoCode,
                active: true,
                maxDiscountAmount: null,
                minOrderAmount: null,
                discount: minor(16_300),
                amountLeft: minor(0),
              }
            : null,
      }),
    );
    await render();
    await settled();
    fireEvent.change(screen.getByTestId('promo-input'), { target: { value: 'sushi10' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    await waitFor(() => expect(screen.getByTestId('promo-message')).toHaveTextContent('применён'));
    expect(preflights.at(-1)?.promoCode).toBe('sushi10');
    expect(text(screen.getByTestId('total-discount'))).toBe(`−${rub(16_300)}`);
    const first = screen.getAllByTestId('cart-line')[0] as HTMLElement;
    expect(within(first).getByTestId('line-sum').querySelector('s')).not.toBeNull();
    fireEvent.click(screen.getByTestId('promo-remove'));
    await waitFor(() => expect(screen.getByTestId('promo-input')).toBeInTheDocument());
  });

  it('drops a refused promo code and says why under the field, without blocking', async () => {
    fillCart();
    const preflights = stubApi((request) =>
      price(request, {
        problems: (r) =>
          r.promoCode ? [{ code: 'promo-code.not-found', message: 'Промокод не найден' }] : [],
      }),
    );
    await render();
    await settled();
    fireEvent.change(screen.getByTestId('promo-input'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    await waitFor(() =>
      expect(screen.getByTestId('promo-message')).toHaveTextContent('Промокод не найден (NOPE)'),
    );
    await waitFor(() => expect(preflights.at(-1)?.promoCode).toBeNull());
    await settled();
    expect(screen.getByTestId('promo-message')).toHaveTextContent('Промокод не найден');
    expect(screen.getByTestId('checkout')).toBeEnabled();
  });

  it('keeps a promo code below its minimum and says how much to add', async () => {
    fillCart();
    orderDraftStore.getState().applyPromoCode('BIG');
    stubApi((request) =>
      price(request, {
        promo: (r) => ({
          code: r.promoCode ?? '',
          active: false,
          maxDiscountAmount: null,
          minOrderAmount: minor(200_000),
          discount: minor(0),
          amountLeft: minor(37_000),
        }),
      }),
    );
    await render();
    await settled();
    await waitFor(() =>
      expect(text(screen.getByTestId('promo-message'))).toContain(
        `Добавьте ещё ${rub(37_000)}, чтобы промокод BIG сработал`,
      ),
    );
    expect(orderDraftStore.getState().promoCode).toMatchObject({ code: 'BIG', active: false });
  });

  it('clears the cart only after the confirmation', async () => {
    fillCart();
    stubApi((request) => price(request, {}));
    await render();
    await settled();
    fireEvent.click(screen.getByTestId('clear-cart'));
    const dialog = await screen.findByRole('dialog', { name: 'Очистить корзину?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(cartStore.getState().positions).toHaveLength(2);
    fireEvent.click(screen.getByTestId('clear-cart'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Очистить' }));
    expect(cartStore.getState().positions).toEqual([]);
    expect(await screen.findByText('В корзине пока пусто')).toBeInTheDocument();
  });

  it('offers to remove the dishes this restaurant does not have, and blocks until then', async () => {
    fillCart();
    stubApi((request) =>
      price(request, {
        problems: (r) =>
          r.positions.flatMap((line, index) =>
            line.id === 2
              ? [
                  {
                    code: 'person-order.position-not-found-in-resto',
                    message: 'Блюда нет в ресторане',
                    line: index,
                  },
                ]
              : [],
          ),
      }),
    );
    await render();
    const popup = await screen.findByTestId('validation-popup');
    await waitFor(() => expect(popup).toHaveTextContent('Вок с курицей'));
    expect(screen.getByTestId('checkout')).toBeDisabled();
    expect(screen.getAllByTestId('line-problem')[0]).toHaveTextContent('Блюда нет в ресторане');
    fireEvent.click(screen.getByTestId('validation-remove'));
    await waitFor(() => expect(cartStore.getState().positions.map((line) => line.id)).toEqual([1]));
    await settled();
    await waitFor(() => expect(screen.getByTestId('checkout')).toBeEnabled());
    expect(screen.queryByTestId('validation-popup')).not.toBeInTheDocument();
  });

  describe('a dish gone from the menu (hidden in the back office)', () => {
    // Спайси сякэ (id 7) is in the cart but no longer on menu 1; the preflight refuses it.
    const refused = (request: PreflightRequest) =>
      price(request, {
        prices: { 7: 49_000 },
        problems: (r) =>
          r.positions.flatMap((line, index) =>
            line.id === 7
              ? [
                  {
                    code: 'person-order.position-not-found-in-resto',
                    message: 'Блюда нет в ресторане',
                    line: index,
                  },
                ]
              : [],
          ),
      });
    const spicy = makeCartLine({ id: 7, menuId: 1, price: minor(49_000), count: 1 });

    it('keeps the name and photo its line remembers, with the refusal and the offer to remove it', async () => {
      cartStore.setState({
        positions: [
          makeCartLine({ id: 1, menuId: 1, price: minor(59_000), count: 1 }),
          {
            ...spicy,
            label: {
              name: { ru: 'Спайси сякэ', en: 'Spicy salmon' },
              photo: '/media/spicy.jpg',
              measure: { value: 250, unit: 'g' },
            },
          },
        ],
      });
      const preflights = stubApi(refused);
      await render();
      const popup = await screen.findByTestId('validation-popup');
      await waitFor(() => expect(popup).toHaveTextContent('Спайси сякэ'));
      expect(popup).not.toHaveTextContent('Блюдо №7');
      const gone = screen.getAllByTestId('cart-line')[1] as HTMLElement;
      expect(within(gone).getByRole('heading', { level: 3 })).toHaveTextContent('Спайси сякэ');
      expect(within(gone).getByRole('button', { name: 'Удалить Спайси сякэ' })).toBeInTheDocument();
      expect(gone.querySelector('img')).toHaveAttribute('src', '/media/spicy.jpg');
      expect(within(gone).getByTestId('line-problem')).toHaveTextContent('Блюда нет в ресторане');
      expect(within(gone).getByTestId('line-sum')).toHaveTextContent('Недоступно');
      expect(screen.getByTestId('checkout')).toBeDisabled();
      // The server is told its name too.
      expect(preflights[0]?.positions[1]?.name).toBe('Спайси сякэ');

      fireEvent.click(screen.getByTestId('validation-remove'));
      await waitFor(() => expect(cartStore.getState().positions.map((line) => line.id)).toEqual([1]));
    });

    it('calls it by its number when the cart was stored before lines remembered their dish', async () => {
      // SPEC's cart position and nothing more, as such a cart stored it.
      localStorage.setItem('cart_positions', JSON.stringify([spicy]));
      cartStorage.hydrate();
      expect(cartStore.getState().positions).toEqual([spicy]);
      stubApi(refused);
      await render();
      const popup = await screen.findByTestId('validation-popup');
      await waitFor(() => expect(popup).toHaveTextContent('Блюдо №7'));
      const [line] = screen.getAllByTestId('cart-line') as HTMLElement[];
      expect(within(line as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent('Блюдо №7');
      expect(within(line as HTMLElement).getByTestId('line-problem')).toHaveTextContent(
        'Блюда нет в ресторане',
      );
    });
  });

  it('lists every price the server changed, and takes the new prices into the cart', async () => {
    fillCart();
    stubApi((request) => price(request, { prices: { 1: 64_000 } }));
    await render();
    const notice = await screen.findByTestId('price-changes');
    await waitFor(() =>
      expect(text(notice)).toContain(
        `Ролл «Филадельфия»: было ${rub(118_000)}, стало ${rub(128_000)} (+${rub(10_000)})`,
      ),
    );
    expect(cartStore.getState().positions[0]).toMatchObject({ price: 64_000, sum: 128_000 });
    fireEvent.click(screen.getByTestId('price-changes-dismiss'));
    expect(screen.queryByTestId('price-changes')).not.toBeInTheDocument();
  });

  it('says when the order could not be worked out, and retries', async () => {
    fillCart();
    signIn();
    stubApi((request, call) =>
      call === 1
        ? new Response(JSON.stringify({ errors: [{ code: 'internal', message: 'Сервер недоступен' }] }), {
            status: 503,
          })
        : price(request, {}),
    );
    await render();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Не удалось посчитать заказ: Сервер недоступен');
    // Signed in, an order cannot go without the server's prices.
    expect(screen.getByTestId('checkout')).toBeDisabled();
    fireEvent.click(screen.getByTestId('preflight-retry'));
    await waitFor(() => expect(text(screen.getByTestId('total-payable'))).toBe(rub(183_000)));
    expect(screen.getByTestId('checkout')).toBeEnabled();
  });

  it('keeps the number of persons within its bounds and sends it', async () => {
    fillCart();
    const preflights = stubApi((request) => price(request, {}));
    await render();
    await settled();
    expect(screen.getByTestId('person-count')).toHaveTextContent('1');
    expect(screen.getByTestId('person-count-decrease')).toBeDisabled();
    fireEvent.click(screen.getByTestId('person-count-increase'));
    expect(screen.getByTestId('person-count')).toHaveTextContent('2');
    await waitFor(() => expect(preflights.at(-1)?.personCount).toBe(2));
    orderDraftStore.getState().setPersonCount(20);
    await waitFor(() => expect(screen.getByTestId('person-count-increase')).toBeDisabled());
    fireEvent.click(screen.getByTestId('person-count-increase'));
    expect(orderDraftStore.getState().personCount).toBe(20);
  });

  it('removes a line with − at one portion, and with its remove button', async () => {
    fillCart();
    stubApi((request) => price(request, {}));
    await render();
    await settled();
    const [first, second] = screen.getAllByTestId('cart-line') as HTMLElement[];
    fireEvent.click(within(second as HTMLElement).getByTestId('line-count-decrease'));
    expect(cartStore.getState().positions.map((line) => line.id)).toEqual([1]);
    fireEvent.click(within(first as HTMLElement).getByTestId('line-count-increase'));
    expect(cartStore.getState().positions[0]?.count).toBe(3);
    fireEvent.click(within(first as HTMLElement).getByTestId('line-remove'));
    expect(cartStore.getState().positions).toEqual([]);
  });

  it('sends an anonymous customer to sign in, and tells a signed-in one checkout is coming', async () => {
    fillCart();
    stubApi((request) => price(request, {}));
    await render();
    expect(screen.getByText('Чтобы оформить заказ, авторизуйтесь')).toBeInTheDocument();
    await settled();
    signIn();
    await waitFor(() =>
      expect(screen.queryByText('Чтобы оформить заказ, авторизуйтесь')).not.toBeInTheDocument(),
    );
    await settled();
    await waitFor(() => expect(screen.getByTestId('checkout')).toBeEnabled());
    fireEvent.click(screen.getByTestId('checkout'));
    expect(screen.getByText('Оформление заказа появится в ближайшем обновлении')).toBeInTheDocument();
  });

  describe('at a closed restaurant', () => {
    const closed = (): PreflightProblem[] => [
      {
        code: 'resto.not-accepting-orders',
        message: 'Заказы сейчас не принимаются. Ресторан откроется завтра в 11:00',
        nextOpenAt: '2026-11-25T08:00:00Z',
      },
    ];
    const renderClosed = (method: 'DELIVERY' | 'TAKE_AWAY', checkout: boolean, brand = testBrand) => {
      selectionsStore.setState({
        deliveryMethod: method,
        deliveryPlace: method === 'DELIVERY' ? makeDeliveryPlace() : null,
      });
      return renderWithApp(
        <CartPage checkout={checkout ? <div data-testid="checkout-stand-in" /> : undefined} />,
        { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method },
        { entry: '/cart', brand },
      );
    };

    beforeEach(() => {
      fillCart();
      orderDraftStore.setState({ preOrderAt: null });
      stubApi((request) => price(request, { problems: closed }));
    });

    it('tells a take-away customer of another pick-up point, not to choose pick-up; no pre-order before its control; nothing “marked above”', async () => {
      await renderClosed('TAKE_AWAY', true);
      const banner = await screen.findByTestId('cart-problems');
      await waitFor(() => expect(banner).toHaveTextContent('Ресторан откроется завтра в 11:00'));
      expect(within(banner).getByTestId('closed-advice')).toHaveTextContent(
        /^Выберите другую точку самовывоза$/,
      );
      expect(banner).not.toHaveTextContent(/предзаказ/i);
      expect(screen.queryByTestId('checkout-blocked')).not.toBeInTheDocument();
      expect(screen.queryByText(/исправьте отмеченное выше/)).not.toBeInTheDocument();
    });

    it.each([
      ['DELIVERY', 'Оформите предзаказ ниже, выберите другой адрес или самовывоз'],
      ['TAKE_AWAY', 'Оформите предзаказ ниже или выберите другую точку самовывоза'],
    ] as const)(
      'offers a signed-in %s customer the pre-order below, where its control is',
      async (method, text) => {
        signIn();
        await renderClosed(method, true);
        expect(await screen.findByTestId('closed-advice')).toHaveTextContent(text);
      },
    );

    it('offers no pre-order without the checkout below, or when the brand takes none', async () => {
      signIn();
      const { unmount } = await renderClosed('DELIVERY', false);
      expect(await screen.findByTestId('closed-advice')).toHaveTextContent(
        /^Выберите другой адрес или самовывоз$/,
      );
      unmount();
      await renderClosed('DELIVERY', true, {
        ...testBrand,
        features: { ...testBrand.features, preOrder: false },
      });
      expect(await screen.findByTestId('closed-advice')).toHaveTextContent(
        /^Выберите другой адрес или самовывоз$/,
      );
    });
  });

  it.each([
    [true, 'beside the totals'],
    [false, 'nowhere: the button stays at the form’s end'],
  ])('gives the checkout a summary slot on a wide screen (%s): %s', async (wide) => {
    stubMatchMedia(wide);
    fillCart();
    stubApi((request) => price(request, {}));
    const slots: (HTMLElement | null)[] = [];
    await renderWithApp(
      <CartPage
        checkout={(summary) => {
          slots.push(summary);
          return <div data-testid="checkout-stand-in" />;
        }}
      />,
      { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method: 'DELIVERY' },
      { entry: '/cart' },
    );
    await settled();
    expect(screen.getByTestId('checkout-stand-in')).toBeInTheDocument();
    const summary = screen.queryByTestId('checkout-summary');
    if (wide) {
      expect(summary).toBeInTheDocument();
      expect(slots.at(-1)).toBe(summary);
      // The slot comes right after the totals, in the column that stays in view.
      expect(screen.getByTestId('total-payable').compareDocumentPosition(summary as Node)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    } else {
      expect(summary).not.toBeInTheDocument();
      expect(slots.every((slot) => slot === null)).toBe(true);
    }
  });
});
