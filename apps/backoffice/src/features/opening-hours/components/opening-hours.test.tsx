import type { AdminHours, AdminResto } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { HoursScreen } from './hours-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (body: unknown, headers: Record<string, string>) => Response;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, headers });
      const handler = table[call];
      return handler ? handler(body, headers) : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const week = ([1, 2, 3, 4, 5, 6, 7] as const).map((dayOfWeek) => ({
  dayOfWeek,
  active: true,
  open: '10:00',
  close: '22:00',
  breakFrom: null,
  breakTo: null,
}));

const hours: AdminHours = {
  restoId: 5,
  version: 3,
  weeks: { ALL: week, DELIVERY: null, TAKE_AWAY: null },
  specialDays: [
    {
      id: 9,
      restoId: 5,
      date: '2026-12-31',
      method: 'ALL',
      closed: false,
      open: '10:00',
      close: '18:00',
      breakFrom: null,
      breakTo: null,
      note: { ru: 'Предновогодний день' },
      version: 2,
    },
  ],
};

const common: Record<string, Handler> = {
  'GET /api/v1/admin/restos': () =>
    json({
      restos: [{ id: 5, name: { ru: 'Гагарина' }, isPublished: true, timezone: '+03:00' } as AdminResto],
    }),
  'GET /api/v1/admin/restos/5/hours': () => json(hours),
};

describe("a restaurant's hours", () => {
  beforeEach(() => {
    stubMatchMedia(true);
    staffSessionStore.setState({
      session: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: Date.now() + 15 * 60_000,
        staff: { id: 1, login: 'manager', name: 'Анна', role: 'manager', restoIds: [] },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a lunch break on Wednesday with the restaurant’s version, and a take-away week of its own', async () => {
    const calls = stubApi({
      ...common,
      'PUT /api/v1/admin/restos/5/hours': (body) => json({ ...hours, version: 4, ...(body as object) }),
    });
    await renderBackOffice(<HoursScreen />, { path: '/' });
    fireEvent.click(await screen.findByLabelText('Перерыв, Среда'));
    fireEvent.change(screen.getByLabelText('Перерыв с, Среда'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByLabelText('Перерыв до, Среда'), { target: { value: '16:00' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Самовывоз' }));
    fireEvent.click(screen.getByLabelText('Как часы ресторана'));
    fireEvent.change(await screen.findByLabelText('Режим, Воскресенье'), { target: { value: 'off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить часы' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PUT /api/v1/admin/restos/5/hours')).toBe(true));
    const put = calls.find((c) => c.call === 'PUT /api/v1/admin/restos/5/hours');
    expect(put?.headers['if-match']).toBe('"3"');
    const { weeks } = (put?.body ?? {}) as { weeks: AdminHours['weeks'] };
    expect(weeks.ALL[2]).toMatchObject({ dayOfWeek: 3, breakFrom: '15:00', breakTo: '16:00' });
    expect(weeks.DELIVERY).toBeNull();
    expect(weeks.TAKE_AWAY?.[6]).toMatchObject({ dayOfWeek: 7, active: false });
    expect(await screen.findByText('Часы сохранены')).toBeInTheDocument();
  });

  it('says on the field that a break is outside the hours, and sends nothing', async () => {
    const calls = stubApi(common);
    await renderBackOffice(<HoursScreen />, { path: '/' });
    fireEvent.click(await screen.findByLabelText('Перерыв, Понедельник'));
    fireEvent.change(screen.getByLabelText('Перерыв с, Понедельник'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByLabelText('Перерыв до, Понедельник'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить часы' }));
    expect(await screen.findByText('Перерыв должен быть внутри часов работы')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);
  });

  it('lists special days searchably, adds a closed day with its note, and deletes one only when confirmed', async () => {
    const calls = stubApi({
      ...common,
      'POST /api/v1/admin/restos/5/special-days': (body) =>
        json({ ...hours.specialDays[0], ...(body as object), id: 10, version: 1 }, 201),
      'DELETE /api/v1/admin/restos/5/special-days/9': () => json(null, 204),
    });
    await renderBackOffice(<HoursScreen />, { path: '/' });
    expect(await screen.findByText('Предновогодний день')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Поиск по дате или заметке'), { target: { value: '2027' } });
    expect(screen.getByText('Ничего не нашлось')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Поиск по дате или заметке'), { target: { value: 'новогод' } });
    expect(screen.getByText('Предновогодний день')).toBeInTheDocument();

    fireEvent.click(screen.getAllByRole('button', { name: 'Закрыто весь день' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Новый особый день' });
    fireEvent.change(within(dialog).getByLabelText(/Дата/), { target: { value: '2026-11-25' } });
    fireEvent.change(within(dialog).getByLabelText('Заметка для покупателей'), {
      target: { value: 'Сегодня санитарный день' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить день' }));
    await waitFor(() => expect(calls.some((c) => c.call.startsWith('POST'))).toBe(true));
    expect(calls.find((c) => c.call.startsWith('POST'))?.body).toEqual({
      date: '2026-11-25',
      method: 'ALL',
      closed: true,
      open: null,
      close: null,
      breakFrom: null,
      breakTo: null,
      note: { ru: 'Сегодня санитарный день' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Удалить особый день 2026-12-31' }));
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(true));
    expect(calls.find((c) => c.call.startsWith('DELETE'))?.headers['if-match']).toBe('"2"');
  });
});
