import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithApp, resto } from '../../test/render-app.tsx';
import { Header } from './header.tsx';
import { PrimaryLinks } from './links.tsx';

const baumana = resto({ id: 1, street: { ru: 'ул. Баумана, 44', en: '44 Baumana St' } });
const kazan = { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 };

it('names the chosen pickup point on its own line, the method kept for screen readers', async () => {
  await renderWithApp(<Header />, {
    cities: [kazan],
    city: kazan,
    restos: [baumana],
    resto: baumana,
    method: 'TAKE_AWAY',
  });
  const button = screen.getByTestId('location-button');
  expect(within(button).getByTestId('location-place').textContent).toBe('ул. Баумана, 44');
  // The button's name says the city, the method and the whole point.
  expect(button.textContent).toBe('КазаньСамовывоз: ул. Баумана, 44');
});

it('links a single restaurant’s page as “Ресторан”, a chain’s list as “Рестораны”', async () => {
  const view = await renderWithApp(<PrimaryLinks />, {
    cities: [kazan],
    city: kazan,
    restos: [baumana],
    resto: baumana,
    method: 'TAKE_AWAY',
  });
  expect(screen.getByRole('link', { name: 'Ресторан' }).getAttribute('href')).toBe('/restos/1');
  view.unmount();
  const pushkina = resto({ id: 2 });
  await renderWithApp(<PrimaryLinks />, {
    cities: [kazan],
    city: kazan,
    restos: [baumana, pushkina],
    resto: baumana,
    method: 'TAKE_AWAY',
  });
  expect(screen.getByRole('link', { name: 'Рестораны' }).getAttribute('href')).toBe('/restos');
});
