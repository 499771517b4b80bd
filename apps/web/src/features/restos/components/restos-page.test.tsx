import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentOff, renderWithApp, resto } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow, WEDNESDAY_NOON } from '../../../test/test-clock.ts';
import RestosPage from './restos-page.tsx';

const cities = [{ id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 }];
const everyDay = (open: string, close: string) =>
  ([1, 2, 3, 4, 5, 6, 7] as const).map((dayOfWeek) => ({ dayOfWeek, active: true, open, close }));

const restos = [
  resto({ id: 2, order: 2, name: { ru: 'Нори на Пушкина' }, openingHours: everyDay('14:00', '23:00') }),
  resto({ id: 1, order: 1, name: { ru: 'Нори на Баумана' }, street: { ru: 'ул. Баумана, 44' } }),
  resto({
    id: 3,
    order: 3,
    name: { ru: 'Нори в Кремле' },
    // Wednesday off.
    openingHours: everyDay('10:00', '22:00').map((day) =>
      day.dayOfWeek === 3 ? { ...day, active: false } : day,
    ),
    isDelivery: false,
    payConfig: { delivery: paymentOff, takeAway: paymentOff },
    isTakeAway: true,
  }),
];

function card(name: string) {
  const article = screen.getByRole('link', { name }).closest('article');
  if (!article) throw new Error(`no card for ${name}`);
  return within(article);
}

describe('restaurants list', () => {
  beforeEach(() => setServerNow(WEDNESDAY_NOON));
  afterEach(() => {
    cleanup();
    resetServerClock();
  });

  it('shows the city’s restaurants in order, linking to their pages', async () => {
    await renderWithApp(<RestosPage />, { cities, city: cities[0] ?? null, restos });
    expect(screen.getByRole('heading', { level: 1, name: 'Рестораны' })).toBeInTheDocument();
    expect(screen.getByText('Казань · 3 ресторана')).toBeInTheDocument();
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Нори на Баумана', 'Нори на Пушкина', 'Нори в Кремле']);
    expect(screen.getByRole('link', { name: 'Нори на Баумана' })).toHaveAttribute('href', '/restos/1');
    expect(card('Нори на Баумана').getByText('ул. Баумана, 44')).toBeInTheDocument();
  });

  it('says whether each restaurant is open by the server clock, on its own wall clock', async () => {
    await renderWithApp(<RestosPage />, { cities, restos });
    expect(card('Нори на Баумана').getByText('Открыто сейчас · до 23:00')).toBeInTheDocument();
    expect(card('Нори на Пушкина').getByText('Закрыто · откроется в 14:00')).toBeInTheDocument();
    expect(
      card('Нори в Кремле').getByText('Сегодня выходной · откроется завтра в 10:00'),
    ).toBeInTheDocument();
  });

  it('judges by the server clock, not the device clock', async () => {
    // 23:30 in Kazan: every restaurant has closed.
    setServerNow(Date.UTC(2025, 0, 15, 20, 30));
    await renderWithApp(<RestosPage />, { cities, restos });
    expect(card('Нори на Баумана').getByText('Закрыто · откроется завтра в 10:00')).toBeInTheDocument();
  });

  it('shows the methods each restaurant offers', async () => {
    await renderWithApp(<RestosPage />, { cities, restos });
    const both = card('Нори на Баумана').getByRole('list', { name: 'Способы получения' });
    expect(
      within(both)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Доставка', 'Самовывоз']);
    // No payment option for either method: nothing is offered.
    expect(card('Нори в Кремле').queryByRole('list', { name: 'Способы получения' })).not.toBeInTheDocument();
  });

  it('has an empty state when the city has no restaurants', async () => {
    await renderWithApp(<RestosPage />, { cities, restos: [] });
    expect(screen.getByText('В этом городе пока нет ресторанов')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Изменить адрес' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
