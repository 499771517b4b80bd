import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-app.tsx';
import { DeliveryPlaceText, formatPoint, mapLinkOf } from './delivery-place-text.tsx';

const POINT = { lat: 55.79, lng: 49.118 };

describe('the name of a delivery place', () => {
  it('is the address line when there is one', async () => {
    await renderWithApp(
      <p data-testid="place">
        <DeliveryPlaceText address="Казань, ул. Баумана, 1" location={POINT} />
      </p>,
      { cities: [] },
    );
    expect(screen.getByTestId('place')).toHaveTextContent('Казань, ул. Баумана, 1');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("is 'Точка на карте' with its coordinates linked to a map for a point without a street", async () => {
    await renderWithApp(
      <p data-testid="place">
        <DeliveryPlaceText address={null} location={POINT} />
      </p>,
      { cities: [] },
    );
    expect(screen.getByTestId('place')).toHaveTextContent('Точка на карте 55.790000, 49.118000');
    const link = screen.getByRole('link', { name: /Точка на карте 55\.790000, 49\.118000/ });
    expect(link).toHaveAttribute('href', mapLinkOf(POINT));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(mapLinkOf(POINT)).toBe(
      'https://www.openstreetmap.org/?mlat=55.790000&mlon=49.118000#map=18/55.790000/49.118000',
    );
  });

  it('is nothing without an address and a point; unlinked where asked', async () => {
    await renderWithApp(
      <>
        <p data-testid="none">
          <DeliveryPlaceText address="  " location={null} />
        </p>
        <p data-testid="plain">
          <DeliveryPlaceText address={null} location={POINT} linked={false} />
        </p>
      </>,
      { cities: [] },
    );
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
    expect(screen.getByTestId('plain')).toHaveTextContent(`Точка на карте ${formatPoint(POINT)}`);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
