import { minor } from '@storefront/domain';
import type { PersonBonus } from '@storefront/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import AuthPage from './auth-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const POINTS: PersonBonus = {
  enabled: true,
  balance: minor(12_500),
  earnPercent: 5,
  spendMaxPercent: 20,
  // Midnight of 27 May in Moscow: the points go as that day starts.
  expiringSoon: [{ amount: minor(12_000), expiresAt: '2026-05-26T21:00:00.000Z' }],
  history: [
    {
      id: 3,
      kind: 'spent',
      amount: -5_000,
      at: '2026-11-25T09:00:00.000Z',
      orderId: 78,
      orderNumber: 'Б-043',
      expiresAt: null,
      reason: null,
      title: 'Списано на заказ Б-043',
    },
    {
      id: 2,
      kind: 'adjusted',
      amount: 500,
      at: '2026-11-24T20:30:00.000Z',
      orderId: null,
      orderNumber: null,
      expiresAt: '2027-05-24T21:00:00.000Z',
      reason: 'Извинение за опоздание',
      title: 'Начислено сотрудником',
    },
    {
      id: 1,
      kind: 'earned',
      amount: 17_000,
      at: '2026-11-24T10:00:00.000Z',
      orderId: 77,
      orderNumber: 'Б-042',
      expiresAt: '2027-05-24T21:00:00.000Z',
      reason: null,
      title: 'Начислено за заказ Б-042',
    },
  ],
};

function stubBonus(answer: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(`${path} ${new Headers(init?.headers).get('authorization') ? 'bearer' : 'anonymous'}`);
      if (path === '/api/v1/persons/5/bonus') return answer();
      return json({ errors: [{ code: 'x', message: 'нет' }] }, 404);
    }),
  );
  return calls;
}

const render = () => renderWithApp(<AuthPage />, { cities: [] }, { entry: '/auth' });

describe('the profile’s bonus points (decision 55)', () => {
  beforeEach(() => personStore.getState().signedIn(testTokens(), testProfile));
  afterEach(() => {
    personStore.getState().signedOut();
    vi.unstubAllGlobals();
  });

  it('shows the balance, what expires soon and the history with the orders linked', async () => {
    const calls = stubBonus(() => json(POINTS));
    await render();
    const section = await screen.findByTestId('profile-bonus');
    expect(within(section).getByRole('heading', { name: 'Бонусные баллы' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-bonus-balance')).toHaveTextContent('125 баллов');
    expect(screen.getByTestId('profile-bonus-expiring')).toHaveTextContent('120 баллов сгорят 27.05');
    const rows = screen.getAllByTestId('profile-bonus-entry');
    expect(rows.map((row) => within(row).getByTestId('profile-bonus-amount').textContent)).toEqual([
      '−50',
      '+5',
      '+170',
    ]);
    expect(rows[0]).toHaveTextContent('Списано на заказ Б-043');
    expect(rows[0]).toHaveTextContent('25.11.2026');
    // 23:30 in Moscow is still the 24th there.
    expect(rows[1]).toHaveTextContent('24.11.2026 · Извинение за опоздание');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'Заказ Б-042' })).toHaveAttribute(
      'href',
      '/orders/77',
    );
    expect(within(rows[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(calls).toContain('/api/v1/persons/5/bonus bearer');
  });

  it('says the plural forms right', async () => {
    stubBonus(() =>
      json({
        ...POINTS,
        balance: minor(200),
        expiringSoon: [{ amount: minor(100), expiresAt: '2026-12-01T21:00:00.000Z' }],
      }),
    );
    await render();
    expect(await screen.findByTestId('profile-bonus-balance')).toHaveTextContent('2 балла');
    expect(screen.getByTestId('profile-bonus-expiring')).toHaveTextContent('1 балл сгорит 02.12');
  });

  it('shows nothing of points when the brand has no program', async () => {
    const calls = stubBonus(() => json({ ...POINTS, enabled: false }));
    await render();
    expect(await screen.findByTestId('profile')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('/api/v1/persons/5/bonus bearer'));
    expect(screen.queryByTestId('profile-bonus')).not.toBeInTheDocument();
  });

  it('says the points could not be loaded, with a retry', async () => {
    let fail = true;
    stubBonus(() => (fail ? json({ errors: [{ code: 'x', message: 'x' }] }, 503) : json(POINTS)));
    await render();
    expect(await screen.findByText('Не удалось загрузить баллы')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Повторить' }).click();
    expect(await screen.findByTestId('profile-bonus-balance')).toHaveTextContent('125 баллов');
  });
});
