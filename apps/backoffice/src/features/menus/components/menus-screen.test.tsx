import type { AdminMenu } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { MenusScreen } from './menus-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, extra: Record<string, unknown> = {}, field?: string) =>
  json({ errors: [{ code, message: `${code} (ru)`, ...(field ? { field } : {}) }], ...extra }, status);

type Handler = (body: unknown, headers: Record<string, string>) => Response | Promise<Response>;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; headers: Record<string, string>; search: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, headers, search: url.search });
      const handler = table[call];
      return handler ? handler(body, headers) : refusal(404, 'not-found');
    }),
  );
  return calls;
}

const MAIN: AdminMenu = {
  id: 1,
  name: { ru: 'Основное', en: 'Main' },
  order: 0,
  methods: { isDelivery: true, isTakeAway: true, isOnline: false, isTable: false },
  restoIds: [1],
  groupCount: 3,
  dishCount: 12,
  addOnPositionIds: [],
  version: 4,
};
const LUNCH: AdminMenu = {
  id: 2,
  name: { ru: 'Бизнес-ланч' },
  order: 1,
  methods: { isDelivery: false, isTakeAway: true, isOnline: false, isTable: false },
  restoIds: [],
  groupCount: 1,
  dishCount: 2,
  addOnPositionIds: [],
  version: 1,
};
const RESTOS = [
  { id: 1, name: { ru: 'Кремлёвская' }, cityIds: [1] },
  { id: 2, name: { ru: 'Баумана' }, cityIds: [1] },
];

const base = (): Record<string, Handler> => ({
  'GET /api/v1/admin/menus': () => json({ menus: [LUNCH, MAIN] }),
  'GET /1/p/restos': () => json(RESTOS),
});

async function open() {
  const view = await renderBackOffice(<MenusScreen />, { path: '/menu/menus' });
  await screen.findByText('Бизнес-ланч');
  return view;
}

describe('the Menus tab', () => {
  beforeEach(() => {
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

  it('lists the menus in order with methods and restaurants, searched and filtered by method', async () => {
    const calls = stubApi(base());
    await open();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Основное');
    expect(rows[0]).toHaveTextContent('ДоставкаСамовывоз');
    expect(rows[0]).toHaveTextContent('Кремлёвская');
    expect(rows[1]).toHaveTextContent('Ни в одном ресторане');
    expect(calls.find((c) => c.call === 'GET /1/p/restos')?.search).toMatch(/whiteLabel=/);
    fireEvent.change(screen.getByRole('combobox', { name: 'Способ' }), { target: { value: 'isDelivery' } });
    expect(screen.queryByText('Бизнес-ланч')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Способ' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по названию' }), {
      target: { value: 'main' },
    });
    expect(screen.queryByText('Бизнес-ланч')).toBeNull();
    expect(screen.getByText('Основное')).toBeInTheDocument();
  });

  it('creates a menu with its methods and restaurants', async () => {
    const calls = stubApi({
      ...base(),
      'POST /api/v1/admin/menus': (body) => json({ ...LUNCH, id: 3, ...(body as object), version: 1 }, 201),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить меню' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новое меню' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Заполните поле')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Название \(рус\.\)/), { target: { value: 'Завтраки' } });
    fireEvent.change(within(dialog).getByLabelText('Название (англ.)'), { target: { value: 'Breakfast' } });
    fireEvent.click(within(dialog).getByLabelText('Доставка'));
    fireEvent.click(within(dialog).getByLabelText('Баумана'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/v1/admin/menus')?.body).toEqual({
        name: { ru: 'Завтраки', en: 'Breakfast' },
        order: 2,
        methods: { isDelivery: true, isTakeAway: false, isOnline: false, isTable: false },
        restoIds: [2],
      }),
    );
    expect(await screen.findByText('Меню добавлено')).toBeInTheDocument();
  });

  it('shows 422 admin.resto-not-found on the restaurants', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': () => refusal(422, 'admin.resto-not-found', {}, 'restoIds'),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить: Основное' }));
    const dialog = await screen.findByRole('dialog', { name: 'Меню «Основное»' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const error = await within(dialog).findByText('admin.resto-not-found (ru)');
    expect(error.closest('fieldset')).toHaveTextContent('Рестораны');
  });

  it('changes a menu under If-Match; a 412 shows theirs against now, to take the current or save over it', async () => {
    const now = { ...MAIN, name: { ru: 'Главное', en: 'Main' }, restoIds: [1, 2], version: 7 };
    let patches = 0;
    const calls = stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': (body) => {
        patches += 1;
        return patches === 1
          ? refusal(412, 'admin.version-stale', { current: now })
          : json({ ...now, ...(body as object), version: 8 });
      },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить: Основное' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('В зале'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const panel = await within(dialog).findByRole('alert', { name: 'Меню изменили, пока вы его правили' });
    expect(calls[calls.length - 1]?.headers['if-match']).toBe('"4"');
    expect(within(panel).getByRole('row', { name: /Название \(рус\.\)/ })).toHaveTextContent(
      'ОсновноеГлавное',
    );
    expect(within(panel).getByRole('row', { name: /Рестораны/ })).toHaveTextContent(
      'КремлёвскаяКремлёвская, Баумана',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить моё поверх' }));
    await waitFor(() => expect(patches).toBe(2));
    const last = calls.filter((c) => c.call === 'PATCH /api/v1/admin/menus/1').at(-1);
    expect(last?.headers['if-match']).toBe('"7"');
    expect(last?.body).toMatchObject({
      name: { ru: 'Основное', en: 'Main' },
      methods: { isDelivery: true, isTakeAway: true, isOnline: false, isTable: true },
      restoIds: [1],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes the current menu after a 412 and saves over its version', async () => {
    const now = { ...MAIN, name: { ru: 'Главное' }, version: 9 };
    let patches = 0;
    const calls = stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': () => {
        patches += 1;
        return patches === 1 ? refusal(412, 'admin.version-stale', { current: now }) : json(now);
      },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить: Основное' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const panel = await within(dialog).findByRole('alert', { name: /Меню изменили/ });
    fireEvent.click(within(panel).getByRole('button', { name: 'Взять текущее' }));
    expect(within(dialog).getByLabelText(/Название \(рус\.\)/)).toHaveValue('Главное');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches).toBe(2));
    expect(calls.filter((c) => c.call.startsWith('PATCH')).at(-1)?.headers['if-match']).toBe('"9"');
  });

  it('says a failed load and retries', async () => {
    let reads = 0;
    stubApi({
      'GET /api/v1/admin/menus': () => {
        reads += 1;
        return reads === 1 ? refusal(500, 'internal') : json({ menus: [MAIN] });
      },
      'GET /1/p/restos': () => json(RESTOS),
    });
    await renderBackOffice(<MenusScreen />, { path: '/menu/menus' });
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Основное')).toBeInTheDocument();
  });
});
