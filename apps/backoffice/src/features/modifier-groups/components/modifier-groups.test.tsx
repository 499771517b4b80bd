import type { AdminDish, AdminModifierGroup } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { modifierGroupIssues, parseRubles } from '../model/modifier-group-form.ts';
import { ModifierGroupsScreen } from './modifier-groups-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: unknown, headers: Record<string, string>) => Response;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; search: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, search: url.search, body, headers });
      const handler = table[call];
      return handler ? handler(body, headers) : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const dish = (id: number, ru: string): AdminDish =>
  ({
    id,
    menuId: 1,
    groupId: null,
    name: { ru },
    description: { ru: '' },
    price: 39000,
    isPublished: true,
    measure: null,
    order: id,
    isAdult: false,
    tagIds: [],
    version: 1,
  }) as unknown as AdminDish;

const sauces: AdminModifierGroup = {
  id: 7,
  name: { ru: 'Соусы', en: 'Sauces' },
  nameUi: { ru: 'Выберите соус' },
  minCount: 0,
  maxCount: 2,
  items: [
    { id: 71, name: { ru: 'Соевый' }, price: 0, order: 0 },
    { id: 72, name: { ru: 'Спайси' }, price: 4950, order: 1 },
  ],
  positionIds: [11],
  version: 3,
};

const common: Record<string, Handler> = {
  'GET /api/v1/admin/menus': () =>
    json({
      menus: [
        {
          id: 1,
          name: { ru: 'Основное' },
          order: 0,
          methods: { isDelivery: true, isTakeAway: true, isOnline: false, isTable: false },
          restoIds: [1],
          groupCount: 1,
          dishCount: 2,
          version: 1,
        },
      ],
    }),
  'GET /api/v1/admin/dishes': () =>
    json({ dishes: [dish(11, 'Филадельфия'), dish(12, 'Калифорния')], total: 2 }),
  'GET /api/v1/admin/modifier-groups': () => json({ groups: [sauces] }),
  'GET /api/v1/admin/modifier-groups/7': () => json(sauces),
};

const COUNTS_RU = 'Минимум должен быть не больше максимума и числа вариантов, максимум — не меньше 1';

describe('modifier groups', () => {
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

  it('checks the domain’s counts rule and the prices in rubles', () => {
    const base = {
      nameRu: 'Соусы',
      nameEn: '',
      nameUiRu: '',
      nameUiEn: '',
      minCount: '0',
      maxCount: '1',
      items: [{ key: 'a', nameRu: 'Соевый', nameEn: '', price: '0' }],
      positionIds: [],
    };
    expect(modifierGroupIssues(base)).toEqual({});
    expect(modifierGroupIssues({ ...base, maxCount: '0' })).toEqual({
      maxCount: 'admin.modifier-counts-invalid',
    });
    expect(modifierGroupIssues({ ...base, minCount: '2', maxCount: '1' })).toEqual({
      minCount: 'admin.modifier-counts-invalid',
    });
    expect(modifierGroupIssues({ ...base, minCount: '2', maxCount: '3' })).toEqual({
      minCount: 'admin.modifier-counts-invalid',
    });
    expect(
      modifierGroupIssues({ ...base, items: [{ key: 'a', nameRu: 'Соевый', nameEn: '', price: '-5' }] }),
    ).toEqual({
      'items.0.price': 'modifier.price-invalid',
    } as never);
    expect(parseRubles('349')).toBe(34900);
    expect(parseRubles('349,50')).toBe(34950);
    expect(parseRubles('349.5')).toBe(34950);
    expect(parseRubles('1 250')).toBe(125000);
    expect(parseRubles('abc')).toBeNull();
    expect(parseRubles('1,555')).toBeNull();
  });

  it('lists the groups with a search and a menu filter', async () => {
    const calls = stubApi(common);
    await renderBackOffice(<ModifierGroupsScreen />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Соусы' })).toHaveAttribute('href', '/admin/7');
    fireEvent.change(screen.getByLabelText('Поиск по названию'), { target: { value: 'сыр' } });
    expect(screen.getByText('Ничего не нашлось')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Поиск по названию'), { target: { value: 'sauce' } });
    expect(screen.getByRole('link', { name: 'Соусы' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Основное' });
    fireEvent.change(screen.getByLabelText('Меню'), { target: { value: '1' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.call === 'GET /api/v1/admin/modifier-groups' && c.search === '?menuId=1'),
      ).toBe(true),
    );
  });

  it('shows the counts rule on the field before sending, with the API’s words', async () => {
    const calls = stubApi(common);
    await renderBackOffice(<ModifierGroupsScreen />, { path: '/new' });
    fireEvent.change(await screen.findByLabelText(/Название \(русский\)/), { target: { value: 'Соусы' } });
    fireEvent.change(screen.getByLabelText('Минимум'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Максимум'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(COUNTS_RU)).toBeInTheDocument();
    expect(screen.getByLabelText('Минимум')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.call === 'POST /api/v1/admin/modifier-groups')).toBe(false);
  });

  it('sends a new group: kopecks, the items in order, the dishes chosen', async () => {
    const calls = stubApi({
      ...common,
      'POST /api/v1/admin/modifier-groups': (body) =>
        json({ ...sauces, id: 9, version: 1, name: (body as { name: unknown }).name }, 201),
    });
    const { location } = await renderBackOffice(<ModifierGroupsScreen />, { path: '/new' });
    fireEvent.change(await screen.findByLabelText(/Название \(русский\)/), { target: { value: ' Соусы ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить вариант' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить вариант' }));
    const names = screen.getAllByLabelText(/Вариант \(русский\)/);
    const prices = screen.getAllByLabelText(/Цена, ₽/);
    fireEvent.change(names[0] as HTMLElement, { target: { value: 'Соевый' } });
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Спайси' } });
    fireEvent.change(prices[1] as HTMLElement, { target: { value: '49,50' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Калифорния' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.some((c) => c.call === 'POST /api/v1/admin/modifier-groups')).toBe(true),
    );
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/modifier-groups')?.body).toEqual({
      name: { ru: 'Соусы' },
      minCount: 0,
      maxCount: 1,
      items: [
        { name: { ru: 'Соевый' }, price: 0 },
        { name: { ru: 'Спайси' }, price: 4950 },
      ],
      positionIds: [12],
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/9'));
  });

  it('shows the server’s field error on the item it names', async () => {
    stubApi({
      ...common,
      'PATCH /api/v1/admin/modifier-groups/7': () =>
        json(
          {
            errors: [
              {
                code: 'admin.modifier-item-not-found',
                message: 'Такого варианта в группе нет',
                field: 'items.1.id',
              },
            ],
          },
          422,
        ),
    });
    await renderBackOffice(<ModifierGroupsScreen />, { path: '/7' });
    await screen.findByDisplayValue('Спайси');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Такого варианта в группе нет')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Спайси')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before removing an item', async () => {
    stubApi(common);
    await renderBackOffice(<ModifierGroupsScreen />, { path: '/7' });
    await screen.findByDisplayValue('Спайси');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить вариант: Спайси' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить вариант «Спайси»?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByDisplayValue('Спайси')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить вариант: Спайси' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Спайси')).toBeNull());
  });

  it('sends If-Match, and on 412 shows theirs against now and saves over it with the new version', async () => {
    const current = { ...sauces, name: { ru: 'Соусы к роллам' }, version: 4 };
    let answers = 0;
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/modifier-groups/7': (body) => {
        answers += 1;
        return answers === 1
          ? json({ errors: [{ code: 'admin.version-stale', message: 'stale' }], current }, 412)
          : json({ ...current, ...(body as object), version: 5 });
      },
    });
    await renderBackOffice(<ModifierGroupsScreen />, { path: '/7' });
    fireEvent.change(await screen.findByDisplayValue('Соусы'), { target: { value: 'Соусы и топпинги' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Группу изменили, пока вы её редактировали' });
    const row = within(dialog).getByRole('row', { name: /Название \(русский\)/ });
    expect(row).toHaveTextContent('Соусы и топпинги');
    expect(row).toHaveTextContent('Соусы к роллам');
    const patches = () => calls.filter((c) => c.call === 'PATCH /api/v1/admin/modifier-groups/7');
    expect(patches()[0]?.headers['if-match']).toBe('"3"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить моё поверх' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]?.headers['if-match']).toBe('"4"');
    expect(patches()[1]?.body).toMatchObject({ name: { ru: 'Соусы и топпинги' } });
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
  });

  it('takes the saved group into the form on 412 when asked', async () => {
    const current = { ...sauces, maxCount: 1, version: 4 };
    stubApi({
      ...common,
      'PATCH /api/v1/admin/modifier-groups/7': () =>
        json({ errors: [{ code: 'admin.version-stale', message: 'stale' }], current }, 412),
    });
    await renderBackOffice(<ModifierGroupsScreen />, { path: '/7' });
    await screen.findByDisplayValue('Спайси');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Взять сохранённое' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Максимум')).toHaveValue('1');
  });
});
