import type { BoardOrder } from '@storefront/domain/contracts';
import { useLazyNamespace } from '@storefront/web/src/shared/i18n/lazy-namespace.ts';
import { makeOrder } from '@storefront/web/src/test/fixtures/order-fixtures.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { staffTextsEn } from '../staff-texts.en.ts';
import { staffTexts } from '../staff-texts.ts';
import { OrderCard, type OrderCardProps } from './order-card.tsx';

/**
 * The courier's card of a delivery to a map point without a street: the coordinates, linked to a map. Drawn with
 * the back office's own texts: the place's words come from the storefront's 'location' namespace, which the back
 * office must carry (the board once showed the key 'coordinates').
 */
function Card(props: OrderCardProps) {
  useLazyNamespace('staff', { ru: staffTexts, en: staffTextsEn });
  return <OrderCard {...props} />;
}

const order: BoardOrder = {
  ...makeOrder({ deliveryType: 'DELIVERY', address: null, location: { lat: 55.79, lng: 49.118 } }),
  column: 'new',
  waitingSince: '2026-11-24T09:00:00Z',
  late: false,
  joinsBoardAt: null,
  acceptedAt: null,
};

describe('a board card of a map point', () => {
  it("shows 'Точка на карте' and the coordinates with a map link", async () => {
    await renderBackOffice(
      <Card
        order={order}
        staffId={3}
        nowMs={Date.parse('2026-11-24T09:10:00Z')}
        locale="ru"
        lateMinutes={5}
        flashing={false}
        onNotice={() => undefined}
      />,
    );
    const place = await screen.findByTestId('board-place');
    expect(place).toHaveTextContent('Точка на карте 55.790000, 49.118000');
    expect(within(place).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=55.790000&mlon=49.118000'),
    );
  });

  it('gives the courier the point of an address too, linked to a map', async () => {
    await renderBackOffice(
      <Card
        order={{ ...order, address: 'Казань, ул. Баумана, 1' }}
        staffId={3}
        nowMs={Date.parse('2026-11-24T09:10:00Z')}
        locale="ru"
        lateMinutes={5}
        flashing={false}
        onNotice={() => undefined}
      />,
    );
    expect(await screen.findByTestId('board-place')).toHaveTextContent('Казань, ул. Баумана, 1');
    const point = screen.getByTestId('point-link');
    expect(point).toHaveTextContent('Координаты 55.790000, 49.118000');
    expect(within(point).getByRole('link', { name: /Координаты 55\.790000, 49\.118000/ })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=55.790000&mlon=49.118000'),
    );
  });
});
