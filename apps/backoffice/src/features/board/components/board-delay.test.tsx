import type { BoardOrder, BoardResto } from '@storefront/domain/contracts';
import { useLazyNamespace } from '@storefront/web/src/shared/i18n/lazy-namespace.ts';
import { makeLine, makeOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { type Handler, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import { type Board, boardQuery } from '../model/staff-api.ts';
import { staffTextsEn } from '../staff-texts.en.ts';
import { staffTexts } from '../staff-texts.ts';
import { OrderCard } from './order-card.tsx';
import { DelayBadge, DelayControl } from './resto-controls.tsx';

/** 21:10 in Kazan (+03:00). */
const NOW = Date.parse('2026-11-24T18:10:00Z');
const STAFF = 1;

const RESTO: BoardResto = {
  id: 5,
  name: { ru: 'Нори-Нори на Баумана' },
  timezone: '+03:00',
  busyUntil: null,
  delay: null,
  autoDelayThreshold: null,
  stopList: [],
  lateMinutes: 5,
};
const board = (resto: BoardResto): Board => ({
  restos: [resto],
  orders: [],
  cursor: 0,
  serverTime: new Date(NOW).toISOString(),
});

/** The header's badge and the panel, both read from the board in the cache as the board screen reads them. */
function Delay() {
  useLazyNamespace('staff', { ru: staffTexts, en: staffTextsEn });
  const { data } = useQuery(boardQuery(STAFF));
  const resto = data?.restos[0];
  if (!resto) return null;
  return (
    <>
      <header data-testid="header">
        <DelayBadge resto={resto} nowMs={NOW} />
      </header>
      <DelayControl resto={resto} staffId={STAFF} nowMs={NOW} />
    </>
  );
}

async function renderDelay(resto: BoardResto, table: Record<string, Handler>) {
  const calls = stubApi(table);
  const view = await renderBackOffice(<Delay />);
  view.queryClient.setQueryData(boardQuery(STAFF).queryKey, board(resto));
  await screen.findByRole('heading', { name: 'Задержка заказов' });
  return calls;
}

describe('the board’s delay', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signInStaff('operator', [5]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds +30 minutes and shows it on the restaurant’s header until when, on its clock', async () => {
    const calls = await renderDelay(RESTO, {
      'POST /api/v1/staff/restos/5/delay': () =>
        json({ restoId: 5, delay: { extraMinutes: 30, until: '2026-11-24T18:40:00Z', source: 'staff' } }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Без задержки');
    expect(screen.getByTestId('header')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Снять' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '+30 мин' }));
    await waitFor(() => expect(screen.getByTestId('header')).toHaveTextContent('Задержка +30 мин до 21:40'));
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/restos/5/delay')?.body).toEqual({
      extraMinutes: 30,
    });
    expect(screen.getByRole('button', { name: '+30 мин' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('clears only after a confirmation, then shows no delay', async () => {
    const calls = await renderDelay(
      { ...RESTO, delay: { extraMinutes: 15, until: '2026-11-24T20:00:00Z', source: 'staff' } },
      { 'POST /api/v1/staff/restos/5/delay': () => json({ restoId: 5, delay: null }) },
    );
    expect(screen.getByTestId('header')).toHaveTextContent('Задержка +15 мин до 23:00');
    fireEvent.click(screen.getByRole('button', { name: 'Снять' }));
    const dialog = await screen.findByRole('dialog', { name: 'Снять задержку?' });
    expect(dialog).toHaveTextContent('Снять задержку?');
    expect(calls.some((c) => c.call.startsWith('POST'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Снять' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Без задержки'));
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/restos/5/delay')?.body).toEqual({
      extraMinutes: 0,
    });
    expect(screen.getByTestId('header')).toBeEmptyDOMElement();
  });

  it('marks an automatic delay as such and says when it comes on', async () => {
    await renderDelay(
      {
        ...RESTO,
        autoDelayThreshold: 8,
        delay: { extraMinutes: 60, until: '2026-11-24T19:10:00Z', source: 'auto' },
      },
      {},
    );
    expect(screen.getByTestId('header')).toHaveTextContent('Задержка +60 мин до 22:10 · авто');
    expect(screen.getByText('Автоматически, когда непринятых заказов больше 8')).toBeInTheDocument();
  });

  it('shows no delay whose time is over, though the board has not been read since', async () => {
    await renderDelay(
      { ...RESTO, delay: { extraMinutes: 30, until: '2026-11-24T18:00:00Z', source: 'staff' } },
      {},
    );
    expect(screen.getByTestId('header')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveTextContent('Без задержки');
  });

  it('speaks English on the English board', async () => {
    stubApi({});
    const view = await renderBackOffice(<Delay />);
    await act(() => view.i18n.changeLanguage('en'));
    view.queryClient.setQueryData(
      boardQuery(STAFF).queryKey,
      board({ ...RESTO, delay: { extraMinutes: 30, until: '2026-11-24T18:40:00Z', source: 'auto' } }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('resto-delay')).toHaveTextContent('Delay +30 min until 21:40 · auto'),
    );
    expect(screen.getByRole('button', { name: '+60 min' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });

  it('says why a delay was refused', async () => {
    await renderDelay(RESTO, {
      'POST /api/v1/staff/restos/5/delay': () => refusal(403, 'staff.forbidden'),
    });
    fireEvent.click(screen.getByRole('button', { name: '+15 мин' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не получилось: staff.forbidden (ru)');
  });
});

describe('an order card’s free and gift lines', () => {
  beforeEach(() => stubMatchMedia(true));
  afterEach(() => vi.unstubAllGlobals());

  it('marks the condiments given free and the gift, and nothing on a dish chosen', async () => {
    const order: BoardOrder = {
      ...makeOrder(),
      lines: [
        makeLine({ id: 1, name: { ru: 'Филадельфия' } }),
        makeLine({ id: 2, name: { ru: 'Палочки' }, kind: 'free', count: 2 }),
        makeLine({ id: 3, name: { ru: 'Морс клюквенный' }, kind: 'gift' }),
      ],
      column: 'new',
      waitingSince: '2026-11-24T18:00:00Z',
      late: false,
      joinsBoardAt: null,
      acceptedAt: null,
    };
    await renderBackOffice(
      <OrderCard
        order={order}
        staffId={STAFF}
        nowMs={NOW}
        locale="ru"
        lateMinutes={5}
        flashing={false}
        onNotice={() => undefined}
      />,
    );
    const line = (name: string) => screen.getByText(name, { exact: false }).closest('li') as HTMLElement;
    await screen.findByText(/Филадельфия/);
    expect(line('Палочки')).toHaveTextContent('бесплатно');
    expect(line('Морс клюквенный')).toHaveTextContent('подарок');
    expect(line('Филадельфия')).not.toHaveTextContent(/бесплатно|подарок/);
  });
});
