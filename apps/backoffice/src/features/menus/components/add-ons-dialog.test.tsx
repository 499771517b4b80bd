import type { AdminMenu } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { dishesHandler, type Handler, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import { MenusScreen } from './menus-screen.tsx';

const MAIN: AdminMenu = {
  id: 1,
  name: { ru: 'Основное', en: 'Main' },
  order: 0,
  methods: { isDelivery: true, isTakeAway: true, isOnline: false, isTable: false },
  restoIds: [],
  groupCount: 3,
  dishCount: 12,
  addOnPositionIds: [11, 12],
  version: 4,
};

const base = (): Record<string, Handler> => ({
  'GET /api/v1/admin/menus': () => json({ menus: [MAIN] }),
  'GET /1/p/restos': () => json([]),
  'GET /api/v1/admin/dishes': dishesHandler,
});

async function openAddOns() {
  await renderBackOffice(<MenusScreen />, { path: '/menu/menus' });
  expect(await screen.findByText('2 из 30')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Добавки: Основное' }));
  const dialog = await screen.findByRole('dialog', { name: 'Добавки к заказу: «Основное»' });
  await within(dialog).findByText('Соевый соус');
  return dialog;
}

const chosenNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Добавки к заказу' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\d+/, '').replace(/[↑↓✕]/g, ''));

describe('a menu’s add-ons', () => {
  beforeEach(() => signInStaff());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds a dish found by name, reorders and removes, and saves the list in order under the menu’s version', async () => {
    const calls = stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': (body) => json({ ...MAIN, ...(body as object), version: 5 }),
    });
    const dialog = await openAddOns();
    expect(chosenNames(dialog)).toEqual(['Соевый соус', 'Имбирь']);
    fireEvent.change(within(dialog).getByLabelText('Найти блюдо бренда'), { target: { value: 'морс' } });
    expect(within(dialog).queryByRole('button', { name: 'Добавить: Филадельфия' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить: Морс клюквенный' }));
    fireEvent.change(within(dialog).getByLabelText('Найти блюдо бренда'), { target: { value: 'wasabi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить: Васаби' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выше: Васаби' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать: Имбирь' }));
    expect(chosenNames(dialog)).toEqual(['Соевый соус', 'Васаби', 'Морс клюквенный']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/menus/1')).toBe(true));
    const sent = calls.find((c) => c.call === 'PATCH /api/v1/admin/menus/1');
    expect(sent?.body).toEqual({ addOnPositionIds: [11, 13, 14] });
    expect(sent?.headers['if-match']).toBe('"4"');
    expect(await screen.findByText('Добавки сохранены')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a 422’s message under the list and keeps the dialog open', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': () =>
        json(
          {
            errors: [
              {
                code: 'admin.position-not-found',
                message: 'Блюдо 99 не найдено',
                field: 'addOnPositionIds.0',
              },
            ],
          },
          422,
        ),
    });
    const dialog = await openAddOns();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Блюдо 99 не найдено')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: /Добавки к заказу/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('on a 412 shows the list now beside the person’s, and saves theirs over it with the new version', async () => {
    let tries = 0;
    const calls = stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': (body) => {
        tries += 1;
        return tries === 1
          ? refusal(412, 'admin.version-stale', { current: { ...MAIN, addOnPositionIds: [16], version: 6 } })
          : json({ ...MAIN, ...(body as object), version: 7 });
      },
    });
    const dialog = await openAddOns();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать: Имбирь' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const stale = await within(dialog).findByRole('alert', { name: 'Меню изменили, пока вы его правили' });
    expect(stale).toHaveTextContent('Соевый соус');
    expect(stale).toHaveTextContent('Палочки');
    fireEvent.click(within(stale).getByRole('button', { name: 'Сохранить моё поверх' }));
    await waitFor(() => expect(tries).toBe(2));
    const last = calls.filter((c) => c.call === 'PATCH /api/v1/admin/menus/1').at(-1);
    expect(last?.headers['if-match']).toBe('"6"');
    expect(last?.body).toEqual({ addOnPositionIds: [11] });
  });

  it('takes the current list on a 412 when asked', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/menus/1': () =>
        refusal(412, 'admin.version-stale', { current: { ...MAIN, addOnPositionIds: [16], version: 6 } }),
    });
    const dialog = await openAddOns();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const stale = await within(dialog).findByRole('alert', { name: 'Меню изменили, пока вы его правили' });
    fireEvent.click(within(stale).getByRole('button', { name: 'Взять текущее' }));
    expect(chosenNames(dialog)).toEqual(['Палочки']);
  });
});
