import type { AdminDish } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { DishesScreen } from './dishes-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  json({ errors: [{ code, message, ...(extra.field ? { field: extra.field } : {}) }], ...extra }, status);

const manager = { id: 7, login: 'boss', name: 'Ирина', role: 'manager' as const, restoIds: [1] };

function dish(overrides: Partial<AdminDish> = {}): AdminDish {
  return {
    id: 501,
    menuId: 1,
    groupId: 10,
    name: { ru: 'Филадельфия', en: 'Philadelphia' },
    description: { ru: 'Лосось, сыр', en: 'Salmon, cheese' },
    price: 49000 as AdminDish['price'],
    isPublished: true,
    measure: { value: 250, unit: 'g' },
    order: 1,
    isAdult: false,
    tagIds: [],
    version: 3,
    ...overrides,
  };
}

const dishes = [
  dish(),
  dish({ id: 502, name: { ru: 'Канада' }, price: 52000 as AdminDish['price'], version: 1 }),
  dish({ id: 503, name: { ru: 'Саке' }, groupId: 11, isPublished: false, isAdult: true, version: 2 }),
];

type Handler = (body: unknown, init: RequestInit | undefined) => Response | Promise<Response>;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; ifMatch: string | null }[] = [];
  const all: Record<string, Handler> = {
    'GET /api/v1/admin/menus': () =>
      json({
        menus: [
          {
            id: 1,
            name: { ru: 'Основное' },
            order: 1,
            methods: { isDelivery: true, isTakeAway: true, isOnline: false, isTable: false },
            restoIds: [1],
            groupCount: 2,
            dishCount: 3,
            version: 1,
          },
        ],
      }),
    'GET /api/v1/admin/dishes': () => json({ dishes, total: dishes.length }),
    'GET /api/v1/admin/menus/1/groups': () =>
      json({
        groups: [
          { id: 10, menuId: 1, name: { ru: 'Роллы' }, order: 1, isPublished: true, dishCount: 2, version: 1 },
          { id: 11, menuId: 1, name: { ru: 'Суши' }, order: 2, isPublished: true, dishCount: 1, version: 1 },
        ],
      }),
    'GET /1/p/menus/1/positions': () =>
      json([
        {
          id: 501,
          photos: ['/media/501.jpg'],
          tags: [{ id: 4, code: 'spicy', name: { ru: 'Острое', en: 'Spicy' } }],
        },
      ]),
    'GET /api/v1/admin/dishes/503/photos': () => json({ id: 503, version: 2, photos: [] }),
    ...table,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, ifMatch: headers['if-match'] ?? null });
      const handler = all[call];
      return handler ? handler(body, init) : failure(404, 'not-found', 'not found');
    }),
  );
  return calls;
}

beforeEach(() => {
  staffSessionStore.setState({
    session: { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 15 * 60_000, staff: manager },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderList = (path = '/') => renderBackOffice(<DishesScreen />, { path });

describe('the dishes list', () => {
  it('shows the dishes and narrows them by search and filters', async () => {
    stubApi({});
    const { location } = await renderList();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Изменить «Филадельфия»' })).toBeInTheDocument();
    expect(table).toHaveTextContent('490 ₽');
    expect(table).toHaveTextContent('250 г');
    expect(await within(table).findByText('Суши')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Поиск по названию'), { target: { value: 'кана' } });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent('Канада');
    expect(location.history?.at(-1)).toContain('q=');

    fireEvent.change(screen.getByLabelText('Поиск по названию'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Показ'), { target: { value: 'hidden' } });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent('Саке');
    expect(table).toHaveTextContent('Скрыто');
  });

  it('sorts by price', async () => {
    stubApi({});
    await renderList();
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Сортировать: Цена' }));
    await waitFor(() =>
      expect(within(table).getAllByRole('link')[0]).toHaveAccessibleName('Изменить «Канада»'),
    );
    expect(within(table).getByRole('columnheader', { name: /Цена/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Сортировать: Цена' }));
    await waitFor(() =>
      expect(within(table).getAllByRole('link').at(-1)).toHaveAccessibleName('Изменить «Канада»'),
    );
  });

  it('changes the selected prices by percent, previewing them, and names a refused dish', async () => {
    let refuse = true;
    const calls = stubApi({
      'POST /api/v1/admin/dishes/bulk-price': () =>
        refuse
          ? failure(
              422,
              'admin.price-out-of-range',
              'Цена блюда после изменения должна быть от 0,01 до 1 000 000 ₽',
              {
                positionId: 502,
                price: 0,
              },
            )
          : json({
              dishes: [
                dish({ price: 53900 as AdminDish['price'], version: 4 }),
                dish({ id: 502, name: { ru: 'Канада' }, price: 57200 as AdminDish['price'], version: 2 }),
              ],
            }),
    });
    await renderList();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать «Филадельфия»' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать «Канада»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Изменить цены' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменить цены: 2' });
    fireEvent.change(within(dialog).getByLabelText(/На сколько процентов/), { target: { value: '10' } });
    const preview = within(dialog).getByRole('table', { name: 'Как изменятся цены' });
    expect(preview).toHaveTextContent('490 ₽539 ₽');
    expect(preview).toHaveTextContent('520 ₽572 ₽');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить цены' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '«Канада»: Цена блюда после изменения',
    );
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/dishes/bulk-price')?.body).toEqual({
      positionIds: [501, 502],
      change: { percent: 10 },
    });

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить цены' }));
    expect(await screen.findByText('Цены изменены: 2')).toBeInTheDocument();
    expect(await screen.findByText('572 ₽')).toBeInTheDocument();
  });

  it('sends an amount in kopecks', async () => {
    const calls = stubApi({
      'POST /api/v1/admin/dishes/bulk-price': () =>
        json({ dishes: [dish({ price: 46950 as AdminDish['price'] })] }),
    });
    await renderList();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать «Филадельфия»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Изменить цены' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('± ₽'));
    fireEvent.change(within(dialog).getByLabelText(/На сколько рублей/), { target: { value: '-20,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить цены' }));
    await screen.findByText('Цены изменены: 1');
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/dishes/bulk-price')?.body).toEqual({
      positionIds: [501],
      change: { amount: -2050 },
    });
  });
});

describe('the dish editor', () => {
  const editorApi = (table: Record<string, Handler> = {}) =>
    stubApi({
      'GET /api/v1/admin/dishes/501': () => json(dish()),
      'GET /api/v1/admin/dishes/501/photos': () =>
        json({ id: 501, version: 3, photos: [{ id: 'a'.repeat(32), src: '/media/a.jpg', srcSets: null }] }),
      ...table,
    });

  it('saves the changed fields with If-Match and keeps the list’s filters in the way back', async () => {
    const calls = editorApi({
      'PATCH /api/v1/admin/dishes/501': (body) => json({ ...dish(), ...(body as object), version: 4 }),
    });
    await renderList('/501?q=фил&shown=published');
    const price = await screen.findByLabelText(/Цена, ₽/);
    expect(price).toHaveValue('490');
    expect(screen.getByRole('link', { name: '← К блюдам' })).toHaveAttribute(
      'href',
      // Rendered at the router's root here; under the menu section it is /admin/menu/dishes?….
      '/admin?q=фил&shown=published',
    );
    fireEvent.change(price, { target: { value: '349,50' } });
    fireEvent.click(await screen.findByLabelText('Острое'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/dishes/501');
    expect(patch?.body).toEqual({ price: 34950, tagIds: [4] });
    expect(patch?.ifMatch).toBe('"3"');
  });

  it('checks the fields before sending and shows the server’s field errors on them', async () => {
    const calls = editorApi({
      'PATCH /api/v1/admin/dishes/501': () =>
        failure(400, 'request.invalid', 'Слишком длинное название', { field: 'name.en' }),
    });
    await renderList('/501');
    fireEvent.change(await screen.findByLabelText(/Цена, ₽/), { target: { value: 'дорого' } });
    fireEvent.change(screen.getByLabelText(/Название \(рус\.\)/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Цена в рублях, например 349 или 349,50')).toBeInTheDocument();
    expect(screen.getByText('Это поле обязательно')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);

    fireEvent.change(screen.getByLabelText(/Цена, ₽/), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText(/Название \(рус\.\)/), { target: { value: 'Филадельфия' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Слишком длинное название')).toBeInTheDocument();
    expect(screen.getByLabelText(/Название \(англ\.\)/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('on 412 lists what differs and takes theirs, or saves mine over it', async () => {
    const theirs = dish({ price: 55000 as AdminDish['price'], name: { ru: 'Филадельфия лайт' }, version: 5 });
    let patches = 0;
    const calls = editorApi({
      'PATCH /api/v1/admin/dishes/501': (body) =>
        ++patches === 1
          ? json({ errors: [{ code: 'admin.version-stale', message: 'stale' }], current: theirs }, 412)
          : json({ ...theirs, ...(body as object), version: 6 }),
    });
    await renderList('/501');
    fireEvent.change(await screen.findByLabelText(/Цена, ₽/), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const panel = await screen.findByRole('region', { name: 'Блюдо изменил кто-то другой' });
    const rows = within(panel).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ПолеУ васСейчас',
      'НазваниеФиладельфия / PhiladelphiaФиладельфия лайт',
      'Цена, ₽600\u00a0₽550\u00a0₽',
    ]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить мою поверх' }));
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
    const second = calls.filter((c) => c.call === 'PATCH /api/v1/admin/dishes/501')[1];
    expect(second?.ifMatch).toBe('"5"');
    expect(second?.body).toEqual({ name: { ru: 'Филадельфия', en: 'Philadelphia' }, price: 60000 });
  });

  it('takes theirs: the form shows the current values and the next save goes on their version', async () => {
    const theirs = dish({ price: 55000 as AdminDish['price'], version: 5 });
    const calls = editorApi({
      'PATCH /api/v1/admin/dishes/501': (_body, init) =>
        ((init?.headers ?? {}) as Record<string, string>)['if-match'] === '"3"'
          ? json({ errors: [{ code: 'admin.version-stale', message: 'stale' }], current: theirs }, 412)
          : json({ ...theirs, order: 7, version: 6 }),
    });
    await renderList('/501');
    fireEvent.change(await screen.findByLabelText(/Цена, ₽/), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const panel = await screen.findByRole('region', { name: 'Блюдо изменил кто-то другой' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Взять их версию' }));
    expect(screen.getByLabelText(/Цена, ₽/)).toHaveValue('550');
    expect(screen.queryByRole('region', { name: 'Блюдо изменил кто-то другой' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Порядок/), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('PATCH')).at(-1)).toMatchObject({
      ifMatch: '"5"',
      body: { order: 7 },
    });
  });

  it('asks before hiding the dish', async () => {
    const calls = editorApi({
      'PATCH /api/v1/admin/dishes/501': () => json(dish({ isPublished: false, version: 4 })),
    });
    await renderList('/501');
    const published = await screen.findByLabelText('Опубликовано на сайте');
    fireEvent.click(published);
    const dialog = await screen.findByRole('dialog', { name: 'Скрыть блюдо?' });
    expect(published).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(published).not.toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Сохранено');
    expect(calls.find((c) => c.call.startsWith('PATCH'))?.body).toEqual({ isPublished: false });
  });

  it('refuses a photo over 10 MB in the browser and says the server’s refusal of another', async () => {
    const calls = editorApi({
      'POST /api/v1/admin/dishes/501/photos': () =>
        failure(422, 'admin.photo-not-an-image', 'Это не фотография: загрузите JPEG, PNG или WebP'),
    });
    await renderList('/501');
    const input = await screen.findByLabelText('Добавить фото');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Фотография больше 10 МБ');
    expect(calls.some((c) => c.call === 'POST /api/v1/admin/dishes/501/photos')).toBe(false);

    fireEvent.change(input, { target: { files: [new File(['text'], 'a.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('Это не фотография: загрузите JPEG, PNG или WebP')).toBeInTheDocument();
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/dishes/501/photos')?.ifMatch).toBe('"3"');
  });

  it('removes a photo after asking', async () => {
    const calls = editorApi({
      [`DELETE /api/v1/admin/dishes/501/photos/${'a'.repeat(32)}`]: () =>
        json({ id: 501, version: 4, photos: [] }),
    });
    await renderList('/501');
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить фото 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить фото?' });
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Фотографий нет')).toBeInTheDocument();
    expect(calls.find((c) => c.call.startsWith('DELETE'))?.ifMatch).toBe('"3"');
  });
});
