import { minor } from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { makeLine, makeOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { resto } from '@storefront/web/src/test/render-app.tsx';
import { resetServerClock, setServerNow } from '@storefront/web/src/test/test-clock.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../entities/staff-session/staff-session.ts';
import type { Board } from '../features/board/model/staff-api.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';
import { BackOfficeShell } from './back-office-shell.tsx';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const failure = (status: number, code: string, headers: Record<string, string> = {}) =>
  json({ errors: [{ code, message: code }] }, status, headers);

const staff = { id: 3, login: 'kazan', name: 'Ольга', role: 'operator' as const, restoIds: [1] };

function signedIn(accessToken = 'a1', expiresAt = Date.now() + 15 * 60_000) {
  staffSessionStore.setState({ session: { accessToken, refreshToken: 'r1', expiresAt, staff } });
}

function boardOrder(overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    ...makeOrder(),
    column: 'new',
    waitingSince: '2026-11-24T09:00:00Z',
    late: false,
    joinsBoardAt: null,
    acceptedAt: null,
    ...overrides,
  };
}

function makeBoard(orders: BoardOrder[], change: Partial<Board['restos'][number]> = {}): Board {
  return {
    restos: [
      {
        id: 1,
        name: { ru: 'Кремлёвская' },
        timezone: '+03:00',
        busyUntil: null,
        delay: null,
        autoDelayThreshold: null,
        stopList: [],
        lateMinutes: 5,
        ...change,
      },
    ],
    orders,
    cursor: 40,
    serverTime: '2026-11-24T09:10:00Z',
  };
}

type Handler = (body: unknown, init: RequestInit | undefined) => Response | Promise<Response>;

/** fetch answering 'METHOD /path' from the table; every call is recorded with its body and bearer. */
function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, auth: headers.authorization ?? null });
      const handler = table[call];
      if (!handler) return failure(404, 'not-found');
      return handler(body, init);
    }),
  );
  return calls;
}

/** A stand-in EventSource: tests push `order` events into the last one opened. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners: ((message: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  addEventListener(_type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {}
  emit(data: object) {
    for (const listener of this.listeners) listener({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const render = () => {
  // The live stream opens the browser's EventSource: the fake stands in for it (unstubbed after each test).
  vi.stubGlobal('EventSource', FakeEventSource);
  return renderBackOffice(<BackOfficeShell />);
};

const column = (name: string) => screen.getByTestId(`column-${name}`);

describe('staff board', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    staffSessionStore.setState({ session: null });
    // 12:10 in Kazan.
    setServerNow(Date.parse('2026-11-24T09:10:00Z'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetServerClock();
  });

  describe('sign-in', () => {
    it('signs in and shows the board, keeping the tokens apart from the customer’s', async () => {
      const calls = stubApi({
        'POST /api/v1/staff/sign-in': () =>
          json({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 900, staff }),
        'GET /api/v1/staff/board': () => json(makeBoard([])),
        'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1', expiresAt: '2026-11-24T09:11:00Z' }),
      });
      await render();
      fireEvent.change(await screen.findByLabelText(/Логин/), { target: { value: ' kazan ' } });
      fireEvent.change(screen.getByLabelText(/Пароль/), { target: { value: 'demo-kazan-2026' } });
      fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
      expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
      expect(calls[0]).toMatchObject({
        call: 'POST /api/v1/staff/sign-in',
        body: { login: 'kazan', password: 'demo-kazan-2026' },
      });
      expect(calls.find((c) => c.call === 'GET /api/v1/staff/board')?.auth).toBe('Bearer a1');
      expect(JSON.parse(localStorage.getItem('staff_session') ?? '{}')).toMatchObject({ refreshToken: 'r1' });
      expect(localStorage.getItem('person_token_set')).toBeNull();
      expect(screen.getByText('Ольга')).toBeInTheDocument();
    });

    it('says the login or password is wrong', async () => {
      stubApi({ 'POST /api/v1/staff/sign-in': () => failure(401, 'staff.sign-in-failed') });
      await render();
      fireEvent.change(await screen.findByLabelText(/Логин/), { target: { value: 'kazan' } });
      fireEvent.change(screen.getByLabelText(/Пароль/), { target: { value: 'wrong-password' } });
      fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Неверный логин или пароль');
      expect(staffSessionStore.getState().session).toBeNull();
    });

    it('says how long a locked login waits', async () => {
      stubApi({
        'POST /api/v1/staff/sign-in': () => failure(429, 'staff.locked', { 'retry-after': '540' }),
      });
      await render();
      fireEvent.change(await screen.findByLabelText(/Логин/), { target: { value: 'kazan' } });
      fireEvent.change(screen.getByLabelText(/Пароль/), { target: { value: 'wrong-password' } });
      fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Попробуйте через 9 мин');
    });

    it('asks for both fields before calling', async () => {
      const calls = stubApi({});
      await render();
      fireEvent.click(await screen.findByRole('button', { name: 'Войти' }));
      expect(await screen.findAllByText('Это поле обязательно')).toHaveLength(2);
      expect(calls).toHaveLength(0);
    });
  });

  it('shows the columns and an order’s details on the restaurant’s clock', async () => {
    signedIn();
    stubApi({
      'GET /api/v1/staff/board': () =>
        json(
          makeBoard([
            boardOrder({
              late: true,
              waitingSince: '2026-11-24T09:02:00Z',
              comment: 'Без лука',
              personCount: 3,
              deliveryPlace: {
                apartment: '12',
                entrance: '2',
                floor: '5',
                intercom: '12К',
                comment: 'Со двора',
              },
              lines: [
                makeLine({
                  count: 2,
                  modifiers: [
                    { id: 9, modifierId: 4, name: { ru: 'Соус спайси' }, count: 2, price: minor(5000) },
                  ],
                }),
              ],
            }),
            boardOrder({
              id: 78,
              number: 'Б-043',
              status: 'cooking',
              column: 'cooking',
              deliveryType: 'TAKE_AWAY',
              address: null,
            }),
          ]),
        ),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    });
    await render();
    for (const name of ['Новые', 'Приняты', 'Готовятся', 'Готовы · В пути', 'Выданы']) {
      expect(await screen.findByRole('heading', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    const card = within(column('new')).getByRole('article', { name: 'Б-042' });
    expect(card).toHaveTextContent('Оформлен 12:00');
    expect(card).toHaveTextContent('К 13:00');
    expect(card).toHaveTextContent(
      'Доставка · Казань, ул. Баумана, 1, кв. 12, подъезд 2, этаж 5, домофон 12К',
    );
    expect(card).toHaveTextContent('Со двора');
    expect(card).toHaveTextContent('2× Ролл «Филадельфия»');
    expect(card).toHaveTextContent('+ Соус спайси ×2');
    expect(card).toHaveTextContent('Персон: 3');
    expect(card).toHaveTextContent('Комментарий: Без лука');
    expect(card).toHaveTextContent('Наличными при получении');
    expect(card).not.toHaveTextContent('оплата при получении');
    expect(within(card).getByText('Ждёт 8 мин')).toBeInTheDocument();
    const cooking = within(column('cooking')).getByRole('article', { name: 'Б-043' });
    expect(cooking).toHaveTextContent('Самовывоз');
    expect(within(cooking).getByRole('button', { name: 'Готов к выдаче' })).toBeInTheDocument();
  });

  it('keeps pre-orders not yet due in their own strip with their time', async () => {
    signedIn();
    stubApi({
      'GET /api/v1/staff/board': () =>
        json(
          makeBoard([
            boardOrder({
              preOrderAt: '2026-11-24T15:00:00Z',
              promisedAt: '2026-11-24T15:00:00Z',
              joinsBoardAt: '2026-11-24T14:00:00Z',
            }),
          ]),
        ),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    });
    await render();
    const strip = await screen.findByRole('region', { name: /Предзаказы/ });
    expect(strip).toHaveTextContent('На доску: 17:00');
    expect(strip).toHaveTextContent('Предзаказ на 18:00');
    expect(within(column('new')).queryByRole('article')).toBeNull();
    // A waiting pre-order does not ring yet.
    expect(document.title).toBe('Заказы — Нори-Нори');
  });

  it('accepts with a delay and moves the card', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([boardOrder()])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'POST /api/v1/staff/orders/77/accept': () =>
        json(boardOrder({ status: 'accepted', column: 'accepted', acceptedAt: '2026-11-24T09:10:00Z' })),
    });
    await render();
    const card = await within(await screen.findByTestId('column-new')).findByRole('article', {
      name: 'Б-042',
    });
    expect(document.title).toBe('(1) Заказы — Нори-Нори');
    fireEvent.change(within(card).getByRole('combobox'), { target: { value: '20' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Принять' }));
    expect(within(card).getByRole('button', { name: 'Отклонить' })).toBeDisabled();
    await waitFor(() =>
      expect(within(column('accepted')).getByRole('article', { name: 'Б-042' })).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/orders/77/accept')?.body).toEqual({
      delayMinutes: 20,
    });
    expect(document.title).toBe('Заказы — Нори-Нори');
  });

  it('declines with a reason from the dialog', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([boardOrder()])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'POST /api/v1/staff/orders/77/decline': () => json(boardOrder({ status: 'declined', column: null })),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить заказ Б-042?' });
    const confirm = within(dialog).getByRole('button', { name: 'Отклонить заказ' });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('Некоторые блюда из заказа закончились'));
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Б-042' })).toBeNull());
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/orders/77/decline')?.body).toEqual({
      reason: 'dish-unavailable',
    });
  });

  it('moves an order one step forward', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () =>
        json(makeBoard([boardOrder({ status: 'accepted', column: 'accepted' })])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'POST /api/v1/staff/orders/77/move': () => json(boardOrder({ status: 'cooking', column: 'cooking' })),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Готовим' }));
    await waitFor(() =>
      expect(within(column('cooking')).getByRole('article', { name: 'Б-042' })).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/orders/77/move')?.body).toEqual({
      from: 'accepted',
      to: 'cooking',
    });
  });

  it('says the order is in another status already and re-reads it on 409', async () => {
    signedIn();
    stubApi({
      'GET /api/v1/staff/board': () =>
        json(makeBoard([boardOrder({ status: 'cooking', column: 'cooking' })])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'POST /api/v1/staff/orders/77/move': () => failure(409, 'order.transition-invalid'),
      'GET /api/v1/staff/orders/77': () => json(boardOrder({ status: 'on_the_way', column: 'ready' })),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Передан курьеру' }));
    const card = await within(column('ready')).findByRole('article', { name: 'Б-042' });
    expect(within(card).getByRole('alert')).toHaveTextContent('Заказ уже в другом статусе');
    expect(within(card).getByRole('button', { name: 'Выдан' })).toBeEnabled();
  });

  it('reads the order an event names and puts it on the board, announcing it', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'GET /api/v1/staff/orders/81': () => json(boardOrder({ id: 81, number: 'Б-050' })),
    });
    await render();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]?.url).toBe('/api/v1/staff/events?ticket=t1&after=40');
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/stream-tickets')?.auth).toBe('Bearer a1');
    act(() =>
      FakeEventSource.instances[0]?.emit({
        id: 41,
        kind: 'placed',
        orderId: 81,
        restoId: 1,
        at: '2026-11-24T09:10:00Z',
      }),
    );
    expect(await within(column('new')).findByRole('article', { name: 'Б-050' })).toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent('Новый заказ Б-050');
    expect(document.title).toBe('(1) Заказы — Нори-Нори');
    expect(screen.getByRole('button', { name: 'Включить звук' })).toBeInTheDocument();
  });

  it('shows the reconnecting state while the stream is down', async () => {
    signedIn();
    stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    });
    await render();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.instances[0]?.onerror?.());
    expect(await screen.findByText('Нет связи, переподключаемся…')).toBeInTheDocument();
  });

  it('puts a dish on the stop-list', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'GET /1/p/restos/1': () => json(resto({ id: 1 })),
      'GET /1/p/menus/1/positions': () =>
        json([
          { id: 501, menu: { id: 1 }, name: { ru: 'Канада' } },
          { id: 502, menu: { id: 1 }, name: { ru: 'Филадельфия' } },
        ]),
      'POST /api/v1/staff/restos/1/stop-list': () => json({ restoId: 1, stopList: [502] }),
    });
    await render();
    fireEvent.change(await screen.findByPlaceholderText('Найти блюдо'), { target: { value: 'фила' } });
    const dish = await screen.findByRole('checkbox', { name: 'Филадельфия' });
    expect(screen.queryByRole('checkbox', { name: 'Канада' })).toBeNull();
    fireEvent.click(dish);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Филадельфия' })).toBeChecked());
    expect(screen.getByRole('heading', { name: 'Стоп-лист (1)' })).toBeInTheDocument();
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/restos/1/stop-list')?.body).toEqual({
      positionId: 502,
      stopped: true,
    });
  });

  it('pauses orders for 30 minutes and resumes them', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([boardOrder({ status: 'done', column: 'done' })])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'POST /api/v1/staff/restos/1/busy': (body) =>
        json({
          restoId: 1,
          busyUntil: (body as { minutes: number }).minutes ? '2026-11-24T09:40:00Z' : null,
        }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: '30 мин' }));
    expect(await screen.findByText('Пауза до 12:40')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Снять паузу' }));
    expect(await screen.findByText('Принимаем заказы')).toBeInTheDocument();
    expect(calls.filter((c) => c.call === 'POST /api/v1/staff/restos/1/busy').map((c) => c.body)).toEqual([
      { minutes: 30 },
      { minutes: 0 },
    ]);
  });

  it('refreshes once on a 401, then shows sign-in when the refresh is refused', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => failure(401, 'auth.unauthorized'),
      'POST /api/v1/staff/token': () => failure(401, 'staff.refresh-invalid'),
    });
    await render();
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toEqual(['GET /api/v1/staff/board', 'POST /api/v1/staff/token']);
    expect(calls[1]?.body).toEqual({ refreshToken: 'r1' });
    expect(localStorage.getItem('staff_session')).toBeNull();
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    signedIn();
    let boardCalls = 0;
    const calls = stubApi({
      'GET /api/v1/staff/board': () =>
        ++boardCalls === 1 ? failure(401, 'auth.unauthorized') : json(makeBoard([])),
      'POST /api/v1/staff/token': () =>
        json({ accessToken: 'a2', refreshToken: 'r2', expiresIn: 900, staff }),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    });
    await render();
    expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
    expect(calls.filter((c) => c.call === 'GET /api/v1/staff/board').map((c) => c.auth)).toEqual([
      'Bearer a1',
      'Bearer a2',
    ]);
  });

  it('signs out: the server forgets the refresh token', async () => {
    signedIn();
    const calls = stubApi({
      'GET /api/v1/staff/board': () => json(makeBoard([])),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
      'POST /api/v1/staff/sign-out': () => new Response(null, { status: 204 }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/sign-out')?.body).toEqual({ refreshToken: 'r1' });
  });

  it('shows one column at a time behind tabs on a phone', async () => {
    stubMatchMedia(true);
    signedIn();
    stubApi({
      'GET /api/v1/staff/board': () =>
        json(
          makeBoard([
            boardOrder(),
            boardOrder({ id: 78, number: 'Б-043', status: 'cooking', column: 'cooking' }),
          ]),
        ),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    });
    await render();
    const tab = await screen.findByRole('tab', { name: 'Готовятся (1)' });
    expect(screen.getByRole('tab', { name: 'Новые (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Б-042');
    fireEvent.click(tab);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Б-043');
    expect(screen.queryByRole('article', { name: 'Б-042' })).toBeNull();
  });

  it('lets a manager switch between restaurants', async () => {
    signedIn();
    const board = makeBoard([boardOrder(), boardOrder({ id: 90, number: 'А-001', restoId: 2 })]);
    board.restos.push({
      id: 2,
      name: { ru: 'Баумана' },
      timezone: '+03:00',
      busyUntil: null,
      delay: null,
      autoDelayThreshold: null,
      stopList: [],
      lateMinutes: 5,
    });
    stubApi({
      'GET /api/v1/staff/board': () => json(board),
      'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    });
    await render();
    expect(await screen.findByRole('article', { name: 'Б-042' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'А-001' })).toBeNull();
    // Both restaurants' unaccepted orders ring and count.
    expect(document.title).toBe('(2) Заказы — Нори-Нори');
    fireEvent.change(screen.getByLabelText('Ресторан'), { target: { value: '2' } });
    expect(await screen.findByRole('article', { name: 'А-001' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Б-042' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Ресторан'), { target: { value: 'all' } });
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
