import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../entities/session/person-store.ts';
import { testProfile, testTokens } from '../../test/fixtures/order-fixtures.ts';
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

describe('the points beside the profile entry (decision 55)', () => {
  afterEach(() => {
    personStore.getState().signedOut();
    vi.unstubAllGlobals();
  });

  function stubBonus(body: unknown) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        calls.push(path);
        return new Response(JSON.stringify(body), {
          status: path === '/api/v1/persons/5/bonus' ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    return calls;
  }

  const points = (balance: number, enabled = true) => ({
    enabled,
    balance,
    earnPercent: 5,
    spendMaxPercent: 20,
    expiringSoon: [],
    history: [],
  });

  it('shows a signed-in customer’s balance, with the Russian plural, leading to the profile', async () => {
    personStore.getState().signedIn(testTokens(), testProfile);
    stubBonus(points(12_500));
    await renderWithApp(<Header />, { cities: [kazan], city: kazan, restos: [baumana], resto: baumana });
    const link = await screen.findByTestId('header-points');
    expect(link).toHaveTextContent('125 баллов');
    expect(link).toHaveAccessibleName('Бонусные баллы: 125 баллов, профиль');
    expect(link.getAttribute('href')).toBe('/auth');
  });

  it('says 1 балл and 2 балла', async () => {
    personStore.getState().signedIn(testTokens(), testProfile);
    stubBonus(points(100));
    const view = await renderWithApp(<Header />, { cities: [kazan], city: kazan });
    expect(await screen.findByTestId('header-points')).toHaveTextContent('1 балл');
    view.unmount();
    stubBonus(points(200));
    await renderWithApp(<Header />, { cities: [kazan], city: kazan });
    expect(await screen.findByTestId('header-points')).toHaveTextContent('2 балла');
  });

  it('asks nothing for a visitor, and shows nothing when the brand has no program', async () => {
    const calls = stubBonus(points(0, false));
    const view = await renderWithApp(<Header />, { cities: [kazan], city: kazan });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    view.unmount();
    personStore.getState().signedIn(testTokens(), testProfile);
    await renderWithApp(<Header />, { cities: [kazan], city: kazan });
    await waitFor(() => expect(calls).toEqual(['/api/v1/persons/5/bonus']));
    expect(screen.queryByTestId('header-points')).not.toBeInTheDocument();
  });
});
