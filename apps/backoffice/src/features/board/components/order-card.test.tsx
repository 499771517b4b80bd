import type { BoardOrder } from '@storefront/domain/contracts';
import { useLazyNamespace } from '@storefront/web/src/shared/i18n/lazy-namespace.ts';
import { makeOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { renderWithApp } from '@storefront/web/src/test/render-app.tsx';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffTextsEn } from '../staff-texts.en.ts';
import { staffTexts } from '../staff-texts.ts';
import { OrderCard, type OrderCardProps } from './order-card.tsx';

/** 12:10 on 24 November in Kazan (+03:00). */
const NOW = Date.parse('2026-11-24T09:10:00Z');

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

/** The card with the board's words loaded, as the board page loads them. */
function Card(props: OrderCardProps) {
  useLazyNamespace('staff', { ru: staffTexts, en: staffTextsEn });
  return <OrderCard {...props} />;
}

const render = (order: BoardOrder) =>
  renderWithApp(
    <Card
      order={order}
      staffId={3}
      nowMs={NOW}
      locale="ru"
      lateMinutes={5}
      flashing={false}
      onNotice={() => undefined}
    />,
    { cities: [] },
  );

describe('order card', () => {
  it.each([
    ['today: the time alone', '2026-11-24T15:00:00Z', 'Предзаказ на 18:00'],
    ['tomorrow: says so', '2026-11-25T08:00:00Z', 'Предзаказ на завтра, 11:00'],
    ['later: the date', '2026-11-26T08:00:00Z', 'Предзаказ на 26 ноября, 11:00'],
    // 23:30 UTC on the 24th is already 02:30 on the 25th in Kazan: the restaurant's day, not UTC's.
    ['on the restaurant’s clock', '2026-11-24T23:30:00Z', 'Предзаказ на завтра, 02:30'],
  ])('shows a pre-order’s time, %s', async (_, preOrderAt, text) => {
    await render(boardOrder({ preOrderAt, promisedAt: preOrderAt }));
    expect(await screen.findByTestId('pre-order-at')).toHaveTextContent(text);
  });

  it.each([
    ['DELIVERY', true],
    ['TAKE_AWAY', false],
  ] as const)('offers the decline reasons that fit a %s order', async (deliveryType, courier) => {
    stubMatchMedia(true);
    await render(
      boardOrder({ deliveryType, address: deliveryType === 'DELIVERY' ? 'ул. Баумана, 1' : null }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog');
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.length).toBeGreaterThan(3);
    expect(within(dialog).queryByText('Курьер не сможет доставить заказ по этому адресу') !== null).toBe(
      courier,
    );
  });
});
