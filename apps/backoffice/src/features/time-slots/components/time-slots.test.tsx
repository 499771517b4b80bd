import type { AdminDish, AdminTimeSlot } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { slotValues, timeSlotIssues } from '../model/time-slot-form.ts';
import { TimeSlotsScreen } from './time-slots-screen.tsx';

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

const dish = (id: number, ru: string) =>
  ({
    id,
    menuId: 1,
    groupId: null,
    name: { ru },
    description: { ru: '' },
    price: 39000,
    version: 1,
  }) as unknown as AdminDish;

const lunch: AdminTimeSlot = {
  id: 4,
  name: 'Бизнес-ланч',
  details: ([1, 2, 3, 4, 5] as const).map((day) => ({
    dayOfWeek: day,
    startAt: '12:00',
    endAt: '16:00',
    isActive: true,
  })),
  positionIds: [11],
  version: 2,
};

const common: Record<string, Handler> = {
  'GET /api/v1/admin/menus': () => json({ menus: [] }),
  'GET /api/v1/admin/dishes': () => json({ dishes: [dish(11, 'Суп мисо'), dish(12, 'Рамен')], total: 2 }),
  'GET /api/v1/admin/time-slots': () => json({ slots: [lunch] }),
  'GET /api/v1/admin/time-slots/4': () => json(lunch),
};

const ENDS_RU = 'Время окончания должно быть позже времени начала';

describe('selling hours', () => {
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

  it('checks the domain’s rule on the end field: shared hours or a day’s own; 00:00 is midnight', () => {
    const values = slotValues(lunch);
    expect(timeSlotIssues(values)).toEqual({});
    expect(timeSlotIssues({ ...values, endAt: '11:00' })).toEqual({
      endAt: 'admin.time-slot-ends-before-start',
    });
    expect(timeSlotIssues({ ...values, endAt: '00:00' })).toEqual({});
    const own = { ...values, shared: false };
    own.days = own.days.map((day, index) => (index === 2 ? { ...day, endAt: '09:00' } : day));
    expect(timeSlotIssues(own)).toEqual({ 'days.2.endAt': 'admin.time-slot-ends-before-start' } as never);
    expect(timeSlotIssues({ ...values, name: ' ' })).toEqual({ name: 'required' });
  });

  it('lists the slots with their days, hours and dishes, searched and filtered by day', async () => {
    stubApi(common);
    await renderBackOffice(<TimeSlotsScreen />, { path: '/' });
    const row = (await screen.findByRole('link', { name: 'Бизнес-ланч' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Пн–Пт 12:00–16:00');
    expect(row).toHaveTextContent('1');
    fireEvent.change(screen.getByLabelText('День'), { target: { value: '7' } });
    expect(screen.getByText('Ничего не нашлось')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('День'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Поиск по названию'), { target: { value: 'ланч' } });
    expect(screen.getByRole('link', { name: 'Бизнес-ланч' })).toBeInTheDocument();
  });

  it('says on the field that a slot ends before it starts, and sends nothing', async () => {
    const calls = stubApi(common);
    await renderBackOffice(<TimeSlotsScreen />, { path: '/new' });
    fireEvent.change(await screen.findByLabelText(/Название/), { target: { value: 'Завтраки' } });
    fireEvent.click(screen.getByLabelText('Суббота'));
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('До'), { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(ENDS_RU)).toBeInTheDocument();
    expect(screen.getByLabelText('До')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.call === 'POST /api/v1/admin/time-slots')).toBe(false);
  });

  it('sends a new slot: the chosen days with their hours, the dishes', async () => {
    const calls = stubApi({
      ...common,
      'POST /api/v1/admin/time-slots': () => json({ ...lunch, id: 8, version: 1 }, 201),
    });
    const { location } = await renderBackOffice(<TimeSlotsScreen />, { path: '/new' });
    fireEvent.change(await screen.findByLabelText(/Название/), { target: { value: ' Завтраки ' } });
    fireEvent.click(screen.getByLabelText('Суббота'));
    fireEvent.click(screen.getByLabelText('Воскресенье'));
    fireEvent.click(screen.getByLabelText('Одинаковые часы для всех дней'));
    fireEvent.change(await screen.findByLabelText('С (Сб)'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('До (Сб)'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('С (Вс)'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText('До (Вс)'), { target: { value: '00:00' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Рамен' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'POST /api/v1/admin/time-slots')).toBe(true));
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/time-slots')?.body).toEqual({
      name: 'Завтраки',
      details: [
        { dayOfWeek: 6, startAt: '09:00', endAt: '12:00', isActive: true },
        { dayOfWeek: 7, startAt: '10:00', endAt: '00:00', isActive: true },
      ],
      positionIds: [12],
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/8'));
  });

  it('shows the server’s field error on the day’s end field', async () => {
    stubApi({
      ...common,
      'PATCH /api/v1/admin/time-slots/4': () =>
        json(
          {
            errors: [
              {
                code: 'admin.time-slot-ends-before-start',
                message: 'Сервер: конец раньше начала',
                field: 'details.0.endAt',
              },
            ],
          },
          422,
        ),
    });
    await renderBackOffice(<TimeSlotsScreen />, { path: '/4' });
    await screen.findByDisplayValue('Бизнес-ланч');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сервер: конец раньше начала')).toBeInTheDocument();
    expect(screen.getByLabelText('До')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before deleting, says the change log can undo it, and sends If-Match', async () => {
    const calls = stubApi({ ...common, 'DELETE /api/v1/admin/time-slots/4': () => json(null, 204) });
    await renderBackOffice(<TimeSlotsScreen />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить слот «Бизнес-ланч»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить слот «Бизнес-ланч»?' });
    expect(dialog).toHaveTextContent('журнале изменений');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить слот «Бизнес-ланч»' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'DELETE /api/v1/admin/time-slots/4')).toBe(true));
    expect(calls.find((c) => c.call.startsWith('DELETE'))?.headers['if-match']).toBe('"2"');
    expect(await screen.findByText('Слот удалён. Вернуть его можно в журнале изменений')).toBeInTheDocument();
  });

  it('on 412 shows theirs against now and saves over it with the new version', async () => {
    const current = { ...lunch, details: lunch.details.slice(0, 3), version: 3 };
    let answers = 0;
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/time-slots/4': () => {
        answers += 1;
        return answers === 1
          ? json({ errors: [{ code: 'admin.version-stale', message: 'stale' }], current }, 412)
          : json({ ...current, version: 4 });
      },
    });
    await renderBackOffice(<TimeSlotsScreen />, { path: '/4' });
    fireEvent.change(await screen.findByDisplayValue('Бизнес-ланч'), { target: { value: 'Ланч' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Слот изменили, пока вы его редактировали' });
    expect(within(dialog).getByRole('row', { name: /Название/ })).toHaveTextContent('Бизнес-ланч');
    expect(within(dialog).getByRole('row', { name: /Дни недели/ })).toHaveTextContent('Пт 12:00–16:00');
    const patches = () => calls.filter((c) => c.call === 'PATCH /api/v1/admin/time-slots/4');
    expect(patches()[0]?.headers['if-match']).toBe('"2"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить моё поверх' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]?.headers['if-match']).toBe('"3"');
    expect(patches()[1]?.body).toMatchObject({ name: 'Ланч' });
  });
});
