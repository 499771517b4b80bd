import { ERROR_MESSAGES, type Minor } from '@storefront/domain';
import type { BoardOrder, BonusHistoryEntry } from '@storefront/domain/contracts';
import { makeOrder, onlineOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { OrderCard } from './order-card.tsx';

/** The order card's points and refunds (decision 55), against a stubbed API. */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: unknown) => Response;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ call, body });
      const handler = table[call];
      return handler ? handler(body) : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const signedInAs = (role: 'owner' | 'manager' | 'operator') =>
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 3, login: role, name: 'Ира', role, restoIds: [1] },
    },
  });

const board = (order: ReturnType<typeof makeOrder>): BoardOrder => ({
  ...order,
  column: order.status === 'done' ? 'done' : 'new',
  waitingSince: '2026-11-24T09:00:00Z',
  late: false,
  joinsBoardAt: null,
  acceptedAt: null,
});

const row = (over: Partial<BonusHistoryEntry>): BonusHistoryEntry => ({
  id: 1,
  kind: 'earned',
  amount: 6_000,
  at: '2026-11-20T15:05:00Z',
  orderId: 70,
  orderNumber: 'Б-038',
  expiresAt: '2027-05-19T21:00:00Z',
  reason: null,
  title: 'Начислено за заказ Б-038',
  ...over,
});

const bonusOf = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  personId: 9,
  balance: 125_000,
  history: [
    row({
      id: 2,
      kind: 'spent',
      amount: -20_000,
      title: 'Оплачено баллами заказ Б-042',
      orderNumber: 'Б-042',
    }),
    row({}),
  ],
  canAdjust: true,
  ...over,
});

const BONUS = '/api/v1/staff/orders/77/bonus';

const render = (order: BoardOrder) =>
  renderBackOffice(
    <OrderCard
      order={order}
      staffId={3}
      nowMs={Date.parse('2026-11-24T09:10:00Z')}
      locale="ru"
      lateMinutes={5}
      flashing={false}
      onNotice={() => undefined}
    />,
  );

describe('an order card’s points', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signedInAs('manager');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows what the order spent and will earn, then what it earned', async () => {
    stubApi({});
    const spent = { spent: 20_000 as Minor, earn: 9_000 as Minor, earnedAt: null };
    const view = await render(board(makeOrder({ bonus: spent })));
    expect(screen.getByTestId('order-points')).toHaveTextContent(
      'Баллы заказа: оплачено баллами: 200 баллов, начислится: 90 баллов',
    );
    view.unmount();
    await render(board(makeOrder({ status: 'done', bonus: { ...spent, earnedAt: '2026-11-24T10:00:00Z' } })));
    expect(screen.getByTestId('order-points')).toHaveTextContent('начислено: 90 баллов');
  });

  it('reads the customer’s points only when opened: the balance and the latest rows', async () => {
    const calls = stubApi({ [`GET ${BONUS}`]: () => json(bonusOf()) });
    await render(board(makeOrder()));
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Баллы гостя' }));
    const panel = await screen.findByTestId('customer-points');
    expect(await within(panel).findByTestId('points-balance')).toHaveTextContent('Баланс: 1 250 баллов');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Оплачено баллами заказ Б-042−200');
    expect(rows[1]).toHaveTextContent('Начислено за заказ Б-038+60');
    // 15:05 UTC is 18:05 at the restaurant (+03:00).
    expect(rows[1]).toHaveTextContent('20.11, 18:05');
  });

  it('lets a manager take points with a reason, asked with the balance it leaves, and reads them again', async () => {
    let balance = 125_000;
    const calls = stubApi({
      [`GET ${BONUS}`]: () => json(bonusOf({ balance })),
      'POST /api/v1/staff/orders/77/bonus-adjustments': (body) => {
        balance += (body as { amount: number }).amount;
        // As the API answers: the customer's points after the change.
        return json(bonusOf({ balance }));
      },
    });
    await render(board(makeOrder()));
    fireEvent.click(screen.getByRole('button', { name: 'Баллы гостя' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить баллы' }));
    const dialog = await screen.findByRole('dialog', { name: 'Баллы гостя, заказ Б-042' });
    fireEvent.click(within(dialog).getByLabelText('Списать'));
    fireEvent.change(within(dialog).getByLabelText(/Сколько баллов/), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Дальше' }));
    // More than the customer has, and no reason: said on the fields, nothing sent.
    expect(within(dialog).getByText(ERROR_MESSAGES['bonus.below-zero'].ru)).toBeInTheDocument();
    expect(within(dialog).getByText('Напишите причину, хотя бы 3 символа')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Сколько баллов/), { target: { value: '250' } });
    fireEvent.change(within(dialog).getByLabelText(/Причина/), { target: { value: '  Начислили дважды ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Дальше' }));
    const confirm = within(dialog).getByTestId('adjust-confirm');
    expect(confirm).toHaveTextContent('Списать 250 баллов у гостя?');
    expect(confirm).toHaveTextContent('Причина: «Начислили дважды»');
    expect(confirm).toHaveTextContent('Баланс станет: 1 000 баллов');
    expect(calls.some((c) => c.call.startsWith('POST'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Списать 250 баллов' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.call.startsWith('POST'))?.body).toEqual({
      amount: -25_000,
      reason: 'Начислили дважды',
    });
    expect(await screen.findByText('Готово, баланс гостя: 1 000 баллов')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('points-balance')).toHaveTextContent('1 000 баллов'));
  });

  it('shows the API’s refusal of an adjustment in the dialog', async () => {
    stubApi({
      [`GET ${BONUS}`]: () => json(bonusOf({ balance: 0, history: [] })),
      'POST /api/v1/staff/orders/77/bonus-adjustments': () =>
        json({ errors: [{ code: 'bonus.below-zero', message: ERROR_MESSAGES['bonus.below-zero'].ru }] }, 422),
    });
    await render(board(makeOrder()));
    fireEvent.click(screen.getByRole('button', { name: 'Баллы гостя' }));
    expect(await screen.findByText('Движений пока нет')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить баллы' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Сколько баллов/), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText(/Причина/), {
      target: { value: 'Извинение за опоздание' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Дальше' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Начислить 100 баллов' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES['bonus.below-zero'].ru);
  });

  it('offers no adjustment to an operator (the API says canAdjust) and no refund', async () => {
    signedInAs('operator');
    stubApi({ [`GET ${BONUS}`]: () => json(bonusOf({ canAdjust: false })) });
    const paid = onlineOrder({ status: 'paid', paidAt: '2026-11-24T09:01:00Z' }, { status: 'done' });
    await render(board(paid));
    fireEvent.click(screen.getByRole('button', { name: 'Баллы гостя' }));
    await screen.findByTestId('points-balance');
    expect(screen.queryByRole('button', { name: 'Изменить баллы' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Вернуть деньги' })).toBeNull();
  });
});

describe('an order card’s refund', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signedInAs('owner');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const paid = (over: Parameters<typeof onlineOrder>[1] = {}) =>
    board(
      onlineOrder(
        {
          status: 'paid',
          paidAt: '2026-11-24T09:01:00Z',
          refunds: [
            {
              amount: 50_000 as Minor,
              status: 'succeeded',
              reason: 'partial',
              message: 'Возврат',
              createdAt: '2026-11-24T11:00:00Z',
            },
          ],
        },
        { status: 'done', ...over },
      ),
    );

  it('is offered for a done order paid online only', async () => {
    stubApi({});
    const view = await render(board(onlineOrder({ status: 'paid', paidAt: '2026-11-24T09:01:00Z' })));
    expect(screen.queryByRole('button', { name: 'Вернуть деньги' })).toBeNull();
    view.unmount();
    await render(board(makeOrder({ status: 'done' })));
    expect(screen.queryByRole('button', { name: 'Вернуть деньги' })).toBeNull();
  });

  it('refunds at most what is left, asked with the amount spelt out, then reads the order again', async () => {
    const calls = stubApi({
      'POST /api/v1/staff/orders/77/refunds': (body) =>
        json({ refundId: 4, amount: (body as { amount: number }).amount, refundable: 100_000 }),
      'GET /api/v1/staff/orders/77': () => json(paid()),
    });
    await render(paid());
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть деньги' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вернуть деньги, заказ Б-042' });
    // 2 000 ₽ paid, 500 ₽ refunded already.
    const amount = within(dialog).getByLabelText(/Сумма, ₽/);
    expect(amount).toHaveValue('1500');
    fireEvent.change(amount, { target: { value: '1600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Дальше' }));
    expect(within(dialog).getByText(/Сумма больше нуля и не больше 1\s500\s₽/)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '500,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Дальше' }));
    expect(within(dialog).getByTestId('refund-confirm')).toHaveTextContent(
      /Вернуть гостю 500,5\s₽ за заказ Б-042\?/,
    );
    expect(calls.some((c) => c.call.startsWith('POST'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /Вернуть 500,5\s₽/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.call.startsWith('POST'))?.body).toEqual({ amount: 50_050 });
    expect(
      await screen.findByText(/Возврат 500,5\s₽ оформлен, осталось к возврату: 1\s000\s₽/),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.call === 'GET /api/v1/staff/orders/77')).toBe(true));
  });

  it('shows the API’s refusal in the dialog', async () => {
    const message = ERROR_MESSAGES['payment.refund-amount-invalid'].ru;
    stubApi({
      'POST /api/v1/staff/orders/77/refunds': () =>
        json({ errors: [{ code: 'payment.refund-amount-invalid', message, field: 'amount' }] }, 422),
    });
    await render(paid());
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть деньги' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Дальше' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Вернуть 1\s500\s₽/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});
