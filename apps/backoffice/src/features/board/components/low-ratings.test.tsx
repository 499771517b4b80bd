import type { BoardOrder, StaffRating } from '@storefront/domain/contracts';
import { useLazyNamespace } from '@storefront/web/src/shared/i18n/lazy-namespace.ts';
import { makeOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { resetServerClock, setServerNow } from '@storefront/web/src/test/test-clock.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { type Handler, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import type { Board } from '../model/staff-api.ts';
import { staffTextsEn } from '../staff-texts.en.ts';
import { staffTexts } from '../staff-texts.ts';
import { BoardScreen } from './board-screen.tsx';
import { OrderCard, type OrderCardProps } from './order-card.tsx';

/** 12:10 in Kazan (+03:00). */
const NOW = Date.parse('2026-11-24T09:10:00Z');

const low: StaffRating = {
  orderId: 42,
  restoId: 1,
  number: 'Б-042',
  stars: 2,
  tags: ['cold', 'late'],
  comment: 'Суп остыл',
  ratedAt: '2026-11-24T09:00:00Z',
  seenAt: null,
};

function boardOrder(overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    ...makeOrder(),
    column: 'done',
    status: 'done',
    waitingSince: '2026-11-24T08:00:00Z',
    late: false,
    joinsBoardAt: null,
    acceptedAt: null,
    ...overrides,
  };
}

const board = (orders: BoardOrder[] = []): Board => ({
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
    },
  ],
  orders,
  cursor: 40,
  serverTime: new Date(NOW).toISOString(),
});

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

/** The board with its flags as the shell draws it, answering the board and the stream from `table`. */
async function renderBoard(table: Record<string, Handler>) {
  const calls = stubApi({
    'GET /api/v1/staff/board': () => json(board()),
    'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1' }),
    'GET /1/p/restos/1': () => refusal(404, 'resto.not-found'),
    ...table,
  });
  vi.stubGlobal('EventSource', FakeEventSource);
  const session = staffSessionStore.getState().session;
  if (!session) throw new Error('no staff session');
  const view = await renderBackOffice(<BoardScreen session={session} brand="Нори-Нори" locale="ru" />);
  await screen.findByRole('heading', { name: 'Заказы' });
  return { calls, view };
}

const ratingsCalls = (calls: { call: string; search: string }[]) =>
  calls.filter((c) => c.call === 'GET /api/v1/staff/ratings');

describe('the board’s low-rating flags', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    stubMatchMedia(true);
    setServerNow(NOW);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetServerClock();
  });

  it('shows a manager the restaurant’s unseen low rating with its tags and comment, and a badge', async () => {
    signInStaff('manager', [1]);
    const { calls } = await renderBoard({
      'GET /api/v1/staff/ratings': () => json({ content: [low] }),
    });
    const flag = await screen.findByTestId('low-rating-42');
    expect(flag).toHaveTextContent('Оценка 2 ★ · Б-042 · Холодное, Опоздали · “Суп остыл”');
    expect(screen.getByTestId('low-ratings-badge')).toHaveTextContent('Низкие оценки: 1');
    expect(ratingsCalls(calls)[0]?.search).toBe('?restoId=1&unseen=true');
  });

  it('shows an operator nothing and does not ask', async () => {
    signInStaff('operator', [1]);
    const { calls } = await renderBoard({
      'GET /api/v1/staff/ratings': () => json({ content: [low] }),
    });
    // By the time the stream opens a manager's board has asked for its flags.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(screen.queryByTestId('low-ratings')).toBeNull();
    expect(screen.queryByTestId('low-ratings-badge')).toBeNull();
    expect(ratingsCalls(calls)).toHaveLength(0);
  });

  it('takes the flag off once marked seen', async () => {
    signInStaff('owner');
    let seen = false;
    const { calls } = await renderBoard({
      'GET /api/v1/staff/ratings': () => json({ content: seen ? [] : [low] }),
      'POST /api/v1/staff/ratings/42/seen': () => {
        seen = true;
        return json({ ...low, seenAt: '2026-11-24T09:10:00Z' });
      },
    });
    const flag = await screen.findByTestId('low-rating-42');
    fireEvent.click(within(flag).getByRole('button', { name: /Просмотрено/ }));
    await waitFor(() => expect(screen.queryByTestId('low-rating-42')).toBeNull());
    expect(screen.queryByTestId('low-ratings-badge')).toBeNull();
    expect(calls.filter((c) => c.call === 'POST /api/v1/staff/ratings/42/seen')).toHaveLength(1);
  });

  it('keeps the flag and says why when marking it seen fails', async () => {
    signInStaff('manager', [1]);
    await renderBoard({
      'GET /api/v1/staff/ratings': () => json({ content: [low] }),
      'POST /api/v1/staff/ratings/42/seen': () => refusal(403, 'admin.forbidden-role'),
    });
    const flag = await screen.findByTestId('low-rating-42');
    fireEvent.click(within(flag).getByRole('button', { name: /Просмотрено/ }));
    expect(await within(flag).findByRole('alert')).toHaveTextContent(
      'Не получилось отметить: admin.forbidden-role (ru)',
    );
    expect(screen.getByTestId('low-rating-42')).toBeInTheDocument();
  });

  it('reads the flags again when an order is rated on the stream', async () => {
    signInStaff('manager', [1]);
    let answer: StaffRating[] = [];
    const { calls } = await renderBoard({
      'GET /api/v1/staff/ratings': () => json({ content: answer }),
      'GET /api/v1/staff/orders/42': () => json(boardOrder({ id: 42, number: 'Б-042', rating: low })),
    });
    await waitFor(() => expect(ratingsCalls(calls)).toHaveLength(1));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(screen.queryByTestId('low-ratings')).toBeNull();
    answer = [low];
    act(() =>
      FakeEventSource.instances[0]?.emit({
        id: 41,
        kind: 'rated',
        orderId: 42,
        restoId: 1,
        at: '2026-11-24T09:09:00Z',
      }),
    );
    expect(await screen.findByTestId('low-rating-42')).toHaveTextContent('Оценка 2 ★ · Б-042');
    expect(ratingsCalls(calls)).toHaveLength(2);
    // Other events leave the flags alone.
    act(() =>
      FakeEventSource.instances[0]?.emit({
        id: 42,
        kind: 'status',
        orderId: 42,
        restoId: 1,
        at: '2026-11-24T09:09:30Z',
      }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.call === 'GET /api/v1/staff/orders/42')).toHaveLength(2),
    );
    expect(ratingsCalls(calls)).toHaveLength(2);
  });

  it('speaks English on the English board', async () => {
    signInStaff('manager', [1]);
    const { view } = await renderBoard({
      'GET /api/v1/staff/ratings': () => json({ content: [low] }),
    });
    await act(() => view.i18n.changeLanguage('en'));
    await waitFor(() =>
      expect(screen.getByTestId('low-rating-42')).toHaveTextContent('Rated 2 ★ · Б-042 · '),
    );
    expect(screen.getByRole('button', { name: /Seen/ })).toBeInTheDocument();
  });
});

/** The card with the board's words loaded, as the board page loads them. */
function Card(props: OrderCardProps) {
  useLazyNamespace('staff', { ru: staffTexts, en: staffTextsEn });
  return <OrderCard {...props} />;
}

describe('the order card’s rating', () => {
  beforeEach(() => signInStaff('operator', [1]));
  afterEach(() => vi.unstubAllGlobals());

  const renderCard = (order: BoardOrder) =>
    renderBackOffice(
      <Card
        order={order}
        staffId={1}
        nowMs={NOW}
        locale="ru"
        lateMinutes={5}
        flashing={false}
        onNotice={() => undefined}
      />,
    );

  it('shows the stars, the tags and the comment', async () => {
    stubApi({});
    await renderCard(boardOrder({ id: 42, number: 'Б-042', rating: low }));
    const rating = await screen.findByTestId('order-rating');
    expect(rating).toHaveTextContent('Оценка гостя: ★★☆☆☆2 из 5');
    expect(rating).toHaveTextContent('Холодное, Опоздали');
    expect(rating).toHaveTextContent('“Суп остыл”');
  });

  it('shows none while the order has no rating', async () => {
    stubApi({});
    await renderCard(boardOrder({ id: 43, rating: null }));
    await screen.findByRole('article');
    expect(screen.queryByTestId('order-rating')).toBeNull();
  });
});
