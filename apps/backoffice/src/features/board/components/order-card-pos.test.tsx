import { ERROR_MESSAGES } from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { useLazyNamespace } from '@storefront/web/src/shared/i18n/lazy-namespace.ts';
import { makeOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { renderWithApp } from '@storefront/web/src/test/render-app.tsx';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { takeOverOrder } from '../model/staff-api.ts';
import { staffTextsEn } from '../staff-texts.en.ts';
import { staffTexts } from '../staff-texts.ts';
import { OrderCard, type OrderCardProps } from './order-card.tsx';

vi.mock('../model/staff-api.ts', async (original) => ({
  ...(await original<typeof import('../model/staff-api.ts')>()),
  takeOverOrder: vi.fn(),
}));

/** A card of an order that did not reach iiko: the reason, and staff taking it over by hand. */
function Card(props: OrderCardProps) {
  useLazyNamespace('staff', { ru: staffTexts, en: staffTextsEn });
  return <OrderCard {...props} />;
}

const offline = {
  code: 'pos.terminal-offline',
  message: ERROR_MESSAGES['pos.terminal-offline'].ru,
};

function order(pos: BoardOrder['pos']): BoardOrder {
  return {
    ...makeOrder(),
    column: 'new',
    waitingSince: '2026-11-24T09:00:00Z',
    late: false,
    joinsBoardAt: null,
    acceptedAt: null,
    pos,
  };
}

const render = (value: BoardOrder) =>
  renderWithApp(
    <Card
      order={value}
      staffId={3}
      nowMs={Date.parse('2026-11-24T09:10:00Z')}
      locale="ru"
      lateMinutes={5}
      flashing={false}
      onNotice={() => undefined}
    />,
    { cities: [] },
  );

describe('a board card and the POS', () => {
  it('flags an order iiko did not get with the reason, and takes it over by hand', async () => {
    const failed = order({ state: 'failed', failure: offline, detail: null, attempts: 2, canTakeOver: true });
    vi.mocked(takeOverOrder).mockResolvedValue(
      order({ state: 'taken-over', failure: null, detail: null, attempts: 2, canTakeOver: false }),
    );
    await render(failed);
    const flag = await screen.findByTestId('pos-flag');
    expect(flag).toHaveTextContent(`Не передан в iiko. ${offline.message}`);
    expect(flag).toHaveAttribute('data-code', 'pos.terminal-offline');
    fireEvent.click(screen.getByRole('button', { name: 'Вбит вручную' }));
    await waitFor(() => expect(takeOverOrder).toHaveBeenCalledWith(failed.id));
  });

  it('keeps the flag while a retry is under way, without the take-over; shows nothing once iiko has it', async () => {
    await render(
      order({ state: 'in-progress', failure: offline, detail: null, attempts: 3, canTakeOver: false }),
    );
    expect(await screen.findByTestId('pos-flag')).toHaveTextContent('Пробуем снова…');
    expect(screen.queryByRole('button', { name: 'Вбит вручную' })).toBeNull();
  });

  it('flags an order iiko cancelled once cooking began, without “not sent” and without a take-over', async () => {
    const late = { code: 'pos.cancelled-late', message: ERROR_MESSAGES['pos.cancelled-late'].ru };
    await render(
      order({ state: 'created', failure: late, detail: 'Ошибка кассира', attempts: 1, canTakeOver: false }),
    );
    const flag = await screen.findByTestId('pos-flag');
    expect(flag).toHaveTextContent(`${late.message} «Ошибка кассира»`);
    expect(flag).not.toHaveTextContent('Не передан в iiko');
    expect(screen.queryByRole('button', { name: 'Вбит вручную' })).toBeNull();
  });

  it('says nothing of the POS for a created order or a restaurant not linked', async () => {
    await render(order({ state: 'created', failure: null, detail: null, attempts: 1, canTakeOver: false }));
    await screen.findByText(/Принять|Accept/);
    expect(screen.queryByTestId('pos-flag')).toBeNull();
  });
});
