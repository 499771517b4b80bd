import { formatMoney, makeCartLine, minor } from '@storefront/domain';
import type { PreflightRequest, PreflightResponse } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { selectionsStore } from '../../../entities/location/selections-store.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { personStore } from '../../../entities/session/person-store.ts';
import { pricedAnswer, testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp, resto } from '../../../test/render-app.tsx';
import { BONUS_DEBOUNCE_MS } from './bonus-control.tsx';
import CartPage from './cart-page.tsx';

const rub = (amount: number) => formatMoney(minor(amount), 'RUB', 'ru').replace(/\s/g, ' ');
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

interface Points {
  balance: number | null;
  /** The program's share of the dishes (20 % on the demo brand). */
  share?: number;
  /** Spends nothing with a promo code (the demo brand's rule). */
  promoMixes?: boolean;
}

/**
 * Prices as the API would with a bonus program: 5 % earned on what is paid in money for dishes, at most
 * `share` of them and the balance spendable, a spend past either refused with a bonus.* problem.
 */
function price(request: PreflightRequest, points: Points): PreflightResponse {
  const answer = pricedAnswer(request, { units: { 1: 59_000 } });
  const share = points.share ?? 0.2;
  const limit =
    points.balance === null || (request.promoCode && !points.promoMixes)
      ? 0
      : Math.min(points.balance, Math.floor((answer.sum * share) / 100) * 100);
  const asked = request.bonusToSpend ?? 0;
  const problems: PreflightResponse['problems'] = [];
  if (asked > 0 && points.balance === null)
    problems.push({ code: 'bonus.sign-in-required', message: 'Войдите, чтобы списать баллы' });
  else if (asked > (points.balance ?? 0))
    problems.push({ code: 'bonus.more-than-balance', message: 'Баллов на счёте меньше' });
  else if (asked > limit) problems.push({ code: 'bonus.over-limit', message: 'Баллами — не больше 20 %' });
  const spent = problems.length > 0 ? 0 : asked;
  const paidForDishes = answer.sum - spent;
  // The points spread over the lines as a discount of their own (one line here).
  const positions = answer.positions.map((line) =>
    spent > 0
      ? {
          ...line,
          discounts: [{ code: 'bonus', name: 'Баллы', amount: minor(spent) }],
          payableAmount: minor(line.payableAmount - spent),
        }
      : line,
  );
  return {
    ...answer,
    positions,
    payable: minor(answer.payable - spent),
    problems,
    bonus: {
      balance: points.balance === null ? null : minor(points.balance),
      spendable: minor(limit),
      spent: minor(spent),
      earn: minor(Math.floor((paidForDishes * 0.05) / 100) * 100),
      earnPercent: 5,
    },
  };
}

function stubApi(answer: (request: PreflightRequest) => PreflightResponse) {
  const preflights: PreflightRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (/^\/1\/persons\/(\d+\/)?orders\/preflight$/.test(path)) {
        const request = JSON.parse(String(init?.body)) as PreflightRequest;
        preflights.push(request);
        return json(answer(request));
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
    { cities: [kazan], city: kazan, resto: resto({ id: 1 }), method: 'TAKE_AWAY' },
    { entry: '/cart' },
  );

async function settled() {
  await waitFor(() => expect(screen.getByTestId('total-payable')).not.toHaveTextContent('Считаем'));
}

describe('bonus points in the cart', () => {
  beforeEach(() => {
    personStore.getState().signedOut();
    // Two rolls at 590 ₽: 1180 ₽, of which 20 % (236 points) may be paid in points.
    cartStore.setState({
      positions: [makeCartLine({ id: 1, menuId: 1, price: minor(59_000), count: 2 })],
      bonusToSpend: minor(0),
    });
    orderDraftStore.setState({ personCount: 1, promoCode: null, promoRefusal: null });
    selectionsStore.setState({
      cityId: 1,
      deliveryMethod: 'TAKE_AWAY',
      paymentMethod: 'CASH_UPON_RECEIPT',
      restoId: 1,
      deliveryPlace: null,
    });
  });
  afterEach(() => {
    cartStore.getState().clear();
  });

  it('asks a visitor to sign in and says what the order earns', async () => {
    const preflights = stubApi((request) => price(request, { balance: null }));
    await render();
    await settled();
    expect(screen.getByTestId('bonus-sign-in')).toHaveTextContent('Войдите, чтобы копить и списывать баллы');
    expect(screen.getByTestId('bonus-earn')).toHaveTextContent('Начислим 59 баллов');
    expect(screen.queryByTestId('bonus-switch')).not.toBeInTheDocument();
    expect(preflights[0]).not.toHaveProperty('bonusToSpend');
  });

  it('spends points with the switch and the slider, the payable and the line from the server', async () => {
    personStore.getState().signedIn(testTokens(), testProfile);
    const preflights = stubApi((request) => price(request, { balance: 12_500 }));
    await render();
    await settled();
    expect(screen.getByTestId('bonus-balance')).toHaveTextContent('На счёте 125 баллов');
    expect(screen.queryByTestId('total-bonus')).not.toBeInTheDocument();

    // On: the most this cart may take, the whole balance here (125 < 236).
    fireEvent.click(screen.getByRole('switch', { name: 'Списать баллы' }));
    await waitFor(() => expect(preflights.at(-1)?.bonusToSpend).toBe(12_500));
    await settled();
    expect(text(screen.getByTestId('total-bonus'))).toBe(`−${rub(12_500)}`);
    expect(text(screen.getByTestId('total-payable'))).toBe(rub(118_000 - 12_500));
    expect(screen.getByTestId('bonus-amount')).toHaveTextContent('125 баллов');
    expect(screen.getByTestId('bonus-earn')).toHaveTextContent('Начислим 52 балла');
    // The line keeps its own sum: the points are the order's, not a promo code's share of the line.
    expect(text(screen.getByTestId('line-sum'))).toBe(rub(118_000));

    // The slider moves by whole points and asks once the customer rests on a value.
    const asked = preflights.length;
    const slider = screen.getByRole('slider', { name: 'Сколько баллов списать' });
    fireEvent.change(slider, { target: { value: '100' } });
    fireEvent.change(slider, { target: { value: '41' } });
    expect(screen.getByTestId('bonus-amount')).toHaveTextContent('41 балл');
    expect(preflights).toHaveLength(asked);
    await waitFor(() => expect(preflights.at(-1)?.bonusToSpend).toBe(4_100), {
      timeout: BONUS_DEBOUNCE_MS * 5,
    });
    expect(preflights).toHaveLength(asked + 1);
    await settled();
    expect(text(screen.getByTestId('total-payable'))).toBe(rub(118_000 - 4_100));
    expect(cartStore.getState().bonusToSpend).toBe(4_100);

    // Off: nothing spent, nothing sent.
    fireEvent.click(screen.getByRole('switch', { name: 'Списать баллы' }));
    await waitFor(() => expect(preflights.at(-1)).not.toHaveProperty('bonusToSpend'));
    await settled();
    expect(screen.queryByTestId('total-bonus')).not.toBeInTheDocument();
  });

  it('comes down to what the cart may spend when the server refuses, and says why', async () => {
    personStore.getState().signedIn(testTokens(), testProfile);
    // Chosen before the balance fell to 80 points.
    cartStore.setState({ bonusToSpend: minor(20_000) });
    const preflights = stubApi((request) => price(request, { balance: 8_000 }));
    await render();
    await waitFor(() => expect(preflights.at(-1)?.bonusToSpend).toBe(8_000));
    expect(preflights[0]?.bonusToSpend).toBe(20_000);
    await settled();
    expect(screen.getByTestId('bonus-problems')).toHaveTextContent('Баллов на счёте меньше');
    expect(text(screen.getByTestId('total-bonus'))).toBe(`−${rub(8_000)}`);
    expect(cartStore.getState().bonusToSpend).toBe(8_000);
  });

  it('says points and a promo code do not mix on the demo rules', async () => {
    personStore.getState().signedIn(testTokens(), testProfile);
    orderDraftStore.getState().applyPromoCode('SUSHI');
    stubApi((request) => price(request, { balance: 12_500 }));
    await render();
    await settled();
    expect(screen.getByTestId('bonus-not-with-promo')).toHaveTextContent(
      'Баллы нельзя сочетать с промокодом',
    );
    expect(screen.queryByTestId('bonus-switch')).not.toBeInTheDocument();
  });

  it('shows nothing of points when the brand has no program', async () => {
    stubApi((request) => ({ ...pricedAnswer(request), bonus: null }));
    await render();
    await settled();
    expect(screen.queryByTestId('bonus')).not.toBeInTheDocument();
  });
});
