import type { AdminAuditEntry } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { AuditLogScreen } from './audit-log-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string) => json({ errors: [{ code, message: code }] }, status);

type Handler = (url: URL) => Response | Promise<Response>;

function stubApi(table: Record<string, Handler>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(`${call}${url.search}`);
      const handler = table[call];
      return handler ? handler(url) : failure(404, 'not-found');
    }),
  );
  return calls;
}

function entry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: 7,
    entity: 'dish',
    entityId: 12,
    action: 'update',
    staff: { id: 2, login: 'manager' },
    at: '2026-11-24T09:00:00Z',
    before: { name: { ru: 'Филадельфия' }, price: 34900, isPublished: true, tagIds: [1] },
    after: { name: { ru: 'Филадельфия' }, price: 39000, isPublished: false, tagIds: [1] },
    revertsEntryId: null,
    revertedByEntryId: null,
    summary: null,
    ...overrides,
  };
}

const staffEntry = entry({
  id: 5,
  entity: 'staff',
  entityId: 4,
  action: 'create',
  staff: { id: 1, login: 'owner' },
  before: {},
  after: { login: 'olga', name: 'Ольга', role: 'operator', restoIds: [1, 2], disabled: false },
});

const render = () => renderBackOffice(<AuditLogScreen />, { path: '/audit' });

describe('the change log', () => {
  beforeEach(() => {
    staffSessionStore.setState({
      session: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: Date.now() + 15 * 60_000,
        staff: { id: 2, login: 'manager', name: 'Анна', role: 'manager', restoIds: [] },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows who, what and only the changed fields, money in rubles and booleans as words', async () => {
    stubApi({
      'GET /api/v1/admin/audit': () => json({ entries: [entry(), staffEntry], nextBefore: null }),
      'GET /1/p/restos': () =>
        json([
          { id: 1, name: { ru: 'На Баумана' }, cityIds: [1] },
          { id: 2, name: { ru: 'На Пушкина' }, cityIds: [1] },
        ]),
    });
    await render();
    const card = await screen.findByTestId('audit-entry-7');
    expect(card).toHaveTextContent('Блюдо «Филадельфия» №12');
    expect(card).toHaveTextContent('manager');
    expect(within(card).getByText('Цена')).toBeInTheDocument();
    expect(card).toHaveTextContent(/349\s₽.*390\s₽/);
    expect(card).toHaveTextContent(/показано.*скрыто/);
    // Unchanged fields are not listed.
    expect(within(card).queryByText('Метки')).toBeNull();
    const created = screen.getByTestId('audit-entry-5');
    expect(created).toHaveTextContent('Сотрудник «Ольга» №4');
    expect(created).toHaveTextContent('Оператор');
    expect(await within(created).findByText('На Пушкина')).toBeInTheDocument();
    expect(created).toHaveTextContent('Это не отменяется');
    expect(within(created).queryByRole('button', { name: /Отменить/ })).toBeNull();
  });

  it('shows every language of a name when only another language’s words changed', async () => {
    stubApi({
      'GET /api/v1/admin/audit': () =>
        json({
          entries: [
            entry({
              before: { name: { ru: 'Ролл', en: 'Roll' } },
              after: { name: { ru: 'Ролл', en: 'Salmon roll' } },
            }),
          ],
          nextBefore: null,
        }),
    });
    await render();
    const card = await screen.findByTestId('audit-entry-7');
    expect(card).toHaveTextContent(/EN: Roll.*EN: Salmon roll/);
  });

  it('names the row and the listed groups and dishes as the entry kept them; an older entry shows numbers', async () => {
    stubApi({
      'GET /api/v1/admin/audit': () =>
        json({
          entries: [
            entry({
              id: 31,
              entity: 'group',
              entityId: 10,
              action: 'photo-add',
              before: { photos: [] },
              after: { photos: ['/media/u/abc/640.jpg'] },
              summary: { name: { ru: 'Роллы', en: 'Rolls' } },
            }),
            entry({
              id: 30,
              entity: 'menu-group-order',
              entityId: 1,
              action: 'reorder',
              before: { groupIds: [10, 11] },
              after: { groupIds: [11, 10] },
              summary: { name: { ru: 'Основное' }, groups: { '10': { ru: 'Роллы' }, '11': { ru: 'Суши' } } },
            }),
            entry({
              id: 29,
              entity: 'group-dish-order',
              entityId: 10,
              action: 'reorder',
              before: { positionIds: [501, 502] },
              after: { positionIds: [502, 501] },
              summary: null,
            }),
            entry({
              id: 28,
              entity: 'staff',
              entityId: 4,
              action: 'password-reset',
              before: {},
              after: {},
              summary: { name: 'Ольга' },
            }),
          ],
          nextBefore: null,
        }),
    });
    await render();
    const photo = await screen.findByTestId('audit-entry-31');
    expect(photo).toHaveTextContent('Группа «Роллы» №10');
    expect(photo).toHaveTextContent('Фото добавлено');
    // The photos as pictures, not file names.
    expect(within(photo).getByRole('img', { name: 'Фото 1' })).toHaveAttribute('src', '/media/u/abc/640.jpg');
    const order = screen.getByTestId('audit-entry-30');
    expect(order).toHaveTextContent('Порядок групп меню «Основное» №1');
    const [was, is] = within(order).getAllByRole('list');
    expect(
      within(was as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Роллы', 'Суши']);
    expect(
      within(is as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Суши', 'Роллы']);
    const old = screen.getByTestId('audit-entry-29');
    expect(old).toHaveTextContent('Порядок блюд группы №10');
    expect(within(old).getAllByRole('listitem')[0]).toHaveTextContent('№501');
    expect(screen.getByTestId('audit-entry-28')).toHaveTextContent('Сотрудник «Ольга» №4');

    // Searching finds an entry by the name it kept.
    fireEvent.change(screen.getByLabelText(/Поиск по автору и объекту/), { target: { value: 'основное' } });
    await waitFor(() => expect(screen.queryByTestId('audit-entry-31')).toBeNull());
    expect(screen.getByTestId('audit-entry-30')).toBeInTheDocument();
  });

  it('undoes an entry after saying what comes back', async () => {
    let undone = false;
    const calls = stubApi({
      'GET /api/v1/admin/audit': () =>
        json({
          entries: undone
            ? [
                entry({
                  id: 8,
                  action: 'revert',
                  revertsEntryId: 7,
                  before: { price: 39000 },
                  after: { price: 34900 },
                }),
                entry({ revertedByEntryId: 8 }),
              ]
            : [entry()],
          nextBefore: null,
        }),
      'POST /api/v1/admin/audit/7/revert': () => {
        undone = true;
        return json(entry({ id: 8, action: 'revert', revertsEntryId: 7 }));
      },
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить изменение №7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить изменение №7?' });
    expect(dialog).toHaveTextContent(/Вернётся: Цена: 349\s₽; Показано: показано/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить изменение' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Изменение №7 отменено');
    expect(calls).toContain('POST /api/v1/admin/audit/7/revert');
    expect(await screen.findByText('Отменено записью №8')).toBeInTheDocument();
    expect(screen.getByTestId('audit-entry-8')).toHaveTextContent('Отменяет запись №7');
  });

  it('asks first: cancelling sends nothing', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/audit': () => json({ entries: [entry()], nextBefore: null }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить изменение №7' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it.each([
    ['admin.changed-since', 'Это уже изменили после: сначала отмените более позднее изменение'],
    ['admin.already-reverted', 'Это изменение уже отменено'],
    ['admin.not-revertible', 'Такое изменение не отменяется'],
  ])('explains a refused undo (%s)', async (code, words) => {
    stubApi({
      'GET /api/v1/admin/audit': () => json({ entries: [entry()], nextBefore: null }),
      'POST /api/v1/admin/audit/7/revert': () => failure(409, code),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить изменение №7' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить изменение' }));
    expect(await screen.findByText(new RegExp(words))).toHaveAttribute('role', 'alert');
  });

  it('filters by kind at the API and searches by who or what among the loaded entries', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/audit': (url) =>
        json({
          entries: url.searchParams.get('entity') === 'staff' ? [staffEntry] : [entry(), staffEntry],
          nextBefore: null,
        }),
    });
    await render();
    await screen.findByTestId('audit-entry-7');
    fireEvent.change(screen.getByLabelText('Поиск по автору и объекту'), { target: { value: 'owner' } });
    expect(screen.queryByTestId('audit-entry-7')).toBeNull();
    expect(screen.getByTestId('audit-entry-5')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Поиск по автору и объекту'), { target: { value: 'нет такого' } });
    expect(screen.getByText(/Ничего не нашлось/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Поиск по автору и объекту'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Что менялось'), { target: { value: 'staff' } });
    await waitFor(() => expect(screen.queryByTestId('audit-entry-7')).toBeNull());
    expect(calls).toContain('GET /api/v1/admin/audit?limit=50&entity=staff');
  });

  it('reads older pages on demand', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/audit': (url) =>
        json(
          url.searchParams.get('before') === '7'
            ? { entries: [staffEntry], nextBefore: null }
            : { entries: [entry()], nextBefore: 7 },
        ),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByTestId('audit-entry-5')).toBeInTheDocument();
    expect(calls).toContain('GET /api/v1/admin/audit?limit=50&before=7');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('says when the log is empty, and offers a retry when it fails', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/admin/audit': () =>
        fail ? failure(500, 'internal') : json({ entries: [], nextBefore: null }),
    });
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить журнал');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Изменений пока нет')).toBeInTheDocument();
  });
});
