import type { OpeningHoursDay } from '@storefront/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow, WEDNESDAY_NOON } from '../../../test/test-clock.ts';
import { SchedulePopup } from './schedule-popup.tsx';

const cities = [{ id: 1, name: { ru: 'Казань' }, order: 1 }];
// Deliberately out of order, and Saturday missing: the popup still lists Monday to Sunday.
const hours: OpeningHoursDay[] = [
  { dayOfWeek: 7, active: true, open: '00:00', close: '23:59' },
  { dayOfWeek: 1, active: true, open: '10:00', close: '22:00' },
  { dayOfWeek: 2, active: false, open: '10:00', close: '22:00' },
  { dayOfWeek: 3, active: true, open: '10:00', close: '00:00' },
  { dayOfWeek: 4, active: true, open: '18:00', close: '02:00' },
  { dayOfWeek: 5, active: true, open: '10:00', close: '23:59' },
];

function renderPopup(openingHours = hours, timezone = '+03:00') {
  return renderWithApp(<SchedulePopup resto={{ openingHours, timezone }} open onOpenChange={() => {}} />, {
    cities,
  });
}

function rows() {
  const dialog = screen.getByRole('dialog', { name: 'Часы работы' });
  return within(dialog)
    .getAllByRole('row')
    .map((row) => [
      within(row).getByRole('rowheader').firstChild?.textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

describe('schedule popup', () => {
  beforeEach(() => {
    setServerNow(WEDNESDAY_NOON);
    stubMatchMedia(true);
  });
  afterEach(() => {
    cleanup();
    resetServerClock();
  });

  it('lists Monday to Sunday with day off, round the clock and 24:00 for an end of day', async () => {
    await renderPopup();
    expect(rows()).toEqual([
      ['Понедельник', '10:00 – 22:00'],
      ['Вторник', 'Выходной'],
      ['Среда', '10:00 – 24:00'],
      ['Четверг', '18:00 – 02:00'],
      ['Пятница', '10:00 – 24:00'],
      ['Суббота', 'Выходной'],
      ['Воскресенье', 'Круглосуточно'],
    ]);
  });

  it('marks today on the restaurant’s clock and says it is open now', async () => {
    await renderPopup();
    const today = screen.getByRole('row', { current: 'date' });
    expect(within(today).getByRole('rowheader')).toHaveTextContent('Среда');
    expect(screen.getByText('Открыто сейчас · до 24:00')).toBeInTheDocument();
  });

  it('takes today from the restaurant’s time zone, not the device’s', async () => {
    // 23:00 UTC on Wednesday is already Thursday 09:00 in Vladivostok (+10:00).
    setServerNow(Date.UTC(2025, 0, 15, 23, 0));
    await renderPopup(hours, '+10:00');
    expect(within(screen.getByRole('row', { current: 'date' })).getByRole('rowheader')).toHaveTextContent(
      'Четверг',
    );
    expect(screen.getByText('Закрыто · откроется в 18:00')).toBeInTheDocument();
  });

  it('says a day off and round the clock in the status line', async () => {
    setServerNow(Date.UTC(2025, 0, 14, 9, 0)); // Tuesday noon.
    await renderPopup();
    expect(screen.getByText('Сегодня выходной · откроется завтра в 10:00')).toBeInTheDocument();
    cleanup();
    setServerNow(Date.UTC(2025, 0, 19, 9, 0)); // Sunday noon.
    await renderPopup();
    expect(screen.getAllByText('Круглосуточно')).toHaveLength(2);
  });
});
