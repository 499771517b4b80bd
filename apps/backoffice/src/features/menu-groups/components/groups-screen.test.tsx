import type { AdminDish, AdminGroup, AdminMenu } from '@storefront/domain/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { GroupsScreen } from './groups-screen.tsx';
import { movedOrder } from './sortable-list.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, extra: Record<string, unknown> = {}, field?: string) =>
  json({ errors: [{ code, message: `${code} (ru)`, ...(field ? { field } : {}) }], ...extra }, status);

type Handler = (body: unknown, headers: Record<string, string>) => Response | Promise<Response>;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, headers });
      const handler = table[call];
      return handler ? handler(body, headers) : refusal(404, 'not-found');
    }),
  );
  return calls;
}

const menu: AdminMenu = {
  id: 1,
  name: { ru: 'Основное', en: 'Main' },
  order: 0,
  methods: { isDelivery: true, isTakeAway: true, isOnline: false, isTable: false },
  restoIds: [1],
  groupCount: 3,
  dishCount: 6,
  addOnPositionIds: [],
  version: 1,
};

const group = (id: number, name: string, order: number, change: Partial<AdminGroup> = {}): AdminGroup => ({
  id,
  menuId: 1,
  name: { ru: name },
  order,
  isPublished: true,
  dishCount: 3,
  photos: [],
  version: 2,
  ...change,
});

const GROUPS = [group(10, 'Роллы', 0), group(11, 'Суши', 1), group(12, 'Напитки', 2, { dishCount: 1 })];

function dish(id: number, name: string, order: number): AdminDish {
  return {
    id,
    menuId: 1,
    groupId: 10,
    name: { ru: name },
    description: { ru: '' },
    price: 34900 as AdminDish['price'],
    isPublished: true,
    measure: null,
    order,
    isAdult: false,
    tagIds: [],
    version: 1,
  };
}

/** jsdom lays nothing out: each row is 60 px high, stacked in its list, so the keyboard sensor can move. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 60, width: 600, height: 60 } as DOMRect;
  });
}

async function open() {
  const view = await renderBackOffice(<GroupsScreen />, { path: '/menu/groups' });
  await screen.findByText('Роллы');
  return view;
}

describe('the Groups tab', () => {
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

  it('lists the menu’s groups in order with their dish counts', async () => {
    stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: [...GROUPS].reverse() }),
    });
    await open();
    const rows = within(screen.getByRole('list', { name: 'Группы меню' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Роллы'),
      expect.stringContaining('Суши'),
      expect.stringContaining('Напитки'),
    ]);
    expect(rows[0]).toHaveTextContent('3 блюда');
    expect(rows[2]).toHaveTextContent('1 блюдо');
  });

  it('moves a group with the keyboard (Space, arrow, Space) and sends the whole list', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'PUT /api/v1/admin/menus/1/groups/order': (body) => {
        const ids = (body as { groupIds: number[] }).groupIds;
        return json({
          groups: ids.map((id, order) => ({ ...GROUPS.find((g) => g.id === id), order, version: 3 })),
        });
      },
    });
    await open();
    layOutRows();
    const handle = screen.getByRole('button', { name: /Переместить «Роллы»/ });
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    });
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PUT /api/v1/admin/menus/1/groups/order')?.body).toEqual({
        groupIds: [11, 10, 12],
      }),
    );
    expect(await screen.findByText('Порядок сохранён')).toBeInTheDocument();
  });

  it('computes the whole new order of a drop', () => {
    expect(movedOrder([10, 11, 12], 12, 10)).toEqual([12, 10, 11]);
    expect(movedOrder([10, 11, 12], 11, 11)).toBeNull();
    expect(movedOrder([10, 11, 12], 11, undefined)).toBeNull();
  });

  it('reloads and says so when the list changed meanwhile (422 admin.order-mismatch)', async () => {
    let reads = 0;
    stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => {
        reads += 1;
        return json({ groups: reads === 1 ? GROUPS : [...GROUPS, group(13, 'Десерты', 3)] });
      },
      'PUT /api/v1/admin/menus/1/groups/order': () => refusal(422, 'admin.order-mismatch'),
    });
    await open();
    layOutRows();
    const handle = screen.getByRole('button', { name: /Переместить «Суши»/ });
    handle.focus();
    for (const key of [' ', 'ArrowUp', ' '])
      await act(async () => {
        fireEvent.keyDown(handle, { code: key === ' ' ? 'Space' : key, key });
      });
    expect(await screen.findByText(/Список изменился/)).toBeInTheDocument();
    expect(await screen.findByText('Десерты')).toBeInTheDocument();
  });

  it('asks before hiding a group, naming how many dishes leave the storefront', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'PATCH /api/v1/admin/groups/10': () => json({ ...GROUPS[0], isPublished: false, version: 3 }),
    });
    await open();
    const row = screen.getByText('Роллы').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Скрыть' }));
    const dialog = await screen.findByRole('dialog', { name: 'Скрыть группу «Роллы»?' });
    expect(dialog).toHaveTextContent('Её 3 блюда уйдут с витрины');
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(within(row).getByText('Скрыта')).toBeInTheDocument());
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/groups/10');
    expect(patch?.body).toEqual({ isPublished: false });
    expect(patch?.headers['if-match']).toBe('"2"');
  });

  it('shows a 412: theirs against now, and saves theirs over it with the current version', async () => {
    const now = { ...GROUPS[0], name: { ru: 'Роллы классические' }, version: 5 };
    let patches = 0;
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'PATCH /api/v1/admin/groups/10': () => {
        patches += 1;
        return patches === 1
          ? refusal(412, 'admin.version-stale', { current: now })
          : json({ ...now, isPublished: false, version: 6 });
      },
    });
    await open();
    const row = screen.getByText('Роллы').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Скрыть' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Скрыть' }));
    const panel = await screen.findByRole('alert', { name: 'Группу изменили, пока вы её правили' });
    expect(within(panel).getByRole('row', { name: /На витрине/ })).toHaveTextContent('нетда');
    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить моё поверх' }));
    await waitFor(() => expect(patches).toBe(2));
    const last = calls.filter((c) => c.call === 'PATCH /api/v1/admin/groups/10').at(-1);
    expect(last?.headers['if-match']).toBe('"5"');
    expect(last?.body).toEqual({ isPublished: false });
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Группу изменили/ })).toBeNull());
  });

  it('renames in a dialog and shows the API’s field errors on their fields', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'PATCH /api/v1/admin/groups/11': () => refusal(400, 'validation', {}, 'name.en'),
    });
    await open();
    const row = screen.getByText('Суши').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Переименовать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Название группы' });
    fireEvent.change(within(dialog).getByLabelText(/Название \(рус\.\)/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Заполните поле')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Название \(рус\.\)/), { target: { value: 'Суши-сеты' } });
    fireEvent.change(within(dialog).getByLabelText('Название (англ.)'), { target: { value: 'Sets' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('validation (ru)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Название (англ.)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.call === 'PATCH /api/v1/admin/groups/11')?.body).toEqual({
      name: { ru: 'Суши-сеты', en: 'Sets' },
    });
  });

  it('creates a group', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'POST /api/v1/admin/menus/1/groups': () => json(group(14, 'Супы', 3), 201),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить группу' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая группа' });
    fireEvent.change(within(dialog).getByLabelText(/Название \(рус\.\)/), { target: { value: ' Супы ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/v1/admin/menus/1/groups')?.body).toEqual({
        name: { ru: 'Супы' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a group and reorders its dishes, sending every dish of the group', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'GET /api/v1/admin/dishes': () =>
        json({
          dishes: [
            dish(1, 'Филадельфия', 1),
            dish(2, 'Калифорния', 0),
            { ...dish(3, 'Кола', 0), groupId: 12 },
          ],
          total: 3,
        }),
      'PUT /api/v1/admin/groups/10/dishes/order': () => json({ dishes: [] }),
    });
    await open();
    const row = screen.getByText('Роллы').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Блюда' }));
    const list = await screen.findByRole('list', { name: 'Блюда группы «Роллы»' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Калифорния'), expect.stringContaining('Филадельфия')]);
    layOutRows();
    const handle = within(list).getByRole('button', { name: /Переместить «Калифорния»/ });
    handle.focus();
    for (const key of [' ', 'ArrowDown', ' '])
      await act(async () => {
        fireEvent.keyDown(handle, { code: key === ' ' ? 'Space' : key, key });
      });
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PUT /api/v1/admin/groups/10/dishes/order')?.body).toEqual({
        positionIds: [1, 2],
      }),
    );
  });

  it('shows each group’s main photo in its row, and words where it has none', async () => {
    stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () =>
        json({ groups: [{ ...GROUPS[0], photos: [`/media/u/${'c'.repeat(32)}/640.jpg`] }, GROUPS[1]] }),
    });
    await open();
    const rolls = screen.getByText('Роллы').closest('li') as HTMLElement;
    const photo = rolls.querySelector('img');
    expect(photo).toHaveAttribute('src', `/media/u/${'c'.repeat(32)}/640.jpg`);
    expect(photo?.getAttribute('srcset')).toContain('320.jpg 320w');
    expect(within(screen.getByText('Суши').closest('li') as HTMLElement).getByText('Нет фото')).toBeVisible();
  });

  it('uploads a group’s photo under its version, refusing a wrong type or 10 MB in the browser; the row follows', async () => {
    const photo = { id: 'd'.repeat(32), src: `/media/u/${'d'.repeat(32)}/640.jpg`, srcSets: null };
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: GROUPS }),
      'GET /api/v1/admin/groups/10/photos': () => json({ id: 10, version: 2, photos: [] }),
      'POST /api/v1/admin/groups/10/photos': () => json({ id: 10, version: 3, photos: [photo] }),
      'PATCH /api/v1/admin/groups/10': () => json({ ...GROUPS[0], isPublished: false, version: 4 }),
    });
    await open();
    const row = screen.getByText('Роллы').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Фото' }));
    const dialog = await screen.findByRole('dialog', { name: 'Фото группы «Роллы»' });
    expect(await within(dialog).findByText('Фотографий нет')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Добавить фото');

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('JPEG, PNG или WebP');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('больше 10 МБ');
    expect(calls.some((c) => c.call === 'POST /api/v1/admin/groups/10/photos')).toBe(false);

    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByText('Фото добавлено')).toBeInTheDocument();
    const post = calls.find((c) => c.call === 'POST /api/v1/admin/groups/10/photos');
    expect(post?.headers['if-match']).toBe('"2"');
    expect(post?.headers['content-type']).toBe('image/png');
    expect(within(dialog).getByRole('img', { name: 'Фото 1' })).toHaveAttribute('src', photo.src);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row.querySelector('img')).toHaveAttribute('src', photo.src);

    // The photo moved the group's version: a hide sends the new one.
    fireEvent.click(within(row).getByRole('button', { name: 'Скрыть' }));
    const hide = await screen.findByRole('dialog', { name: 'Скрыть группу «Роллы»?' });
    fireEvent.click(within(hide).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PATCH /api/v1/admin/groups/10')?.headers['if-match']).toBe('"3"'),
    );
  });

  it('removes a group’s photo after asking', async () => {
    const photo = { id: 'e'.repeat(32), src: '/media/rolls.jpg', srcSets: null };
    const calls = stubApi({
      'GET /api/v1/admin/menus': () => json({ menus: [menu] }),
      'GET /api/v1/admin/menus/1/groups': () => json({ groups: [{ ...GROUPS[0], photos: [photo.src] }] }),
      'GET /api/v1/admin/groups/10/photos': () => json({ id: 10, version: 2, photos: [photo] }),
      [`DELETE /api/v1/admin/groups/10/photos/${photo.id}`]: () => json({ id: 10, version: 3, photos: [] }),
    });
    await open();
    const row = screen.getByText('Роллы').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Фото' }));
    const dialog = await screen.findByRole('dialog', { name: 'Фото группы «Роллы»' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Удалить фото 1' }));
    const asking = await screen.findByRole('dialog', { name: 'Удалить фото?' });
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(asking).getByRole('button', { name: 'Удалить' }));
    expect(await within(dialog).findByText('Фотографий нет')).toBeInTheDocument();
    expect(calls.find((c) => c.call.startsWith('DELETE'))?.headers['if-match']).toBe('"2"');
    await waitFor(() => expect(within(row).getByText('Нет фото')).toBeInTheDocument());
  });
});
