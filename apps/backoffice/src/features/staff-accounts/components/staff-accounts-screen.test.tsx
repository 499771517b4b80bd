import type { AdminStaff } from '@storefront/domain/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackOfficeShell } from '../../../app/back-office-shell.tsx';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { StaffAccountsScreen } from './staff-accounts-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string, field?: string, extra: object = {}) =>
  json({ errors: [{ code, message: `words of ${code}`, ...(field ? { field } : {}) }], ...extra }, status);

type Handler = (body: unknown, headers: Record<string, string>) => Response | Promise<Response>;
interface Call {
  call: string;
  body: unknown;
  ifMatch: string | undefined;
}

function stubApi(table: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, ifMatch: headers['if-match'] });
      const handler = table[call];
      return handler ? handler(body, headers) : failure(404, 'not-found');
    }),
  );
  return calls;
}

function account(overrides: Partial<AdminStaff> = {}): AdminStaff {
  return {
    id: 3,
    login: 'kazan',
    name: 'Ольга',
    role: 'operator',
    restoIds: [1],
    disabled: false,
    totp: false,
    lastSignInAt: '2026-11-24T09:00:00Z',
    createdAt: '2026-11-01T09:00:00Z',
    version: 2,
    ...overrides,
  };
}

const owner = account({ id: 1, login: 'owner', name: 'Ирина', role: 'owner', restoIds: [], version: 1 });
const manager = account({
  id: 2,
  login: 'manager',
  name: 'Анна',
  role: 'manager',
  restoIds: [],
  disabled: true,
});
const restos = [
  { id: 1, name: { ru: 'На Баумана' }, cityIds: [1] },
  { id: 2, name: { ru: 'На Пушкина' }, cityIds: [1] },
];

function signedIn(role: 'owner' | 'manager' = 'owner') {
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 1, login: role, name: 'Ирина', role, restoIds: [] },
    },
  });
}

const base = (extra: Record<string, Handler> = {}) => ({
  'GET /api/v1/admin/staff': () => json({ staff: [manager, account(), owner] }),
  'GET /1/p/restos': () => json(restos),
  'GET /api/v1/staff/accounts': () => json({ accounts: [] }),
  ...extra,
});

function render() {
  const session = staffSessionStore.getState().session;
  if (!session) throw new Error('sign in first');
  return renderBackOffice(<StaffAccountsScreen session={session} />, { path: '/staff' });
}

describe('the owner’s staff accounts', () => {
  beforeEach(() => signedIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the accounts with role, restaurants and state, and filters them', async () => {
    stubApi(base());
    await render();
    const olga = await screen.findByTestId('staff-kazan');
    expect(olga).toHaveTextContent('kazan · Оператор');
    expect(await within(olga).findByText(/На Баумана/)).toBeInTheDocument();
    expect(screen.getByTestId('staff-manager')).toHaveTextContent('Отключён');
    expect(screen.getByTestId('staff-manager')).toHaveTextContent('Все рестораны');
    // One's own account: no reset nor disable here.
    const me = screen.getByTestId('staff-owner');
    expect(me).toHaveTextContent('это вы');
    expect(within(me).queryByRole('button', { name: /Сбросить пароль/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'ольга' } });
    expect(screen.queryByTestId('staff-owner')).toBeNull();
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Роль'), { target: { value: 'owner' } });
    expect(screen.queryByTestId('staff-kazan')).toBeNull();
    fireEvent.change(screen.getByLabelText('Роль'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Показывать отключённых'));
    expect(screen.queryByTestId('staff-manager')).toBeNull();
  });

  it('adds an operator with a made-up password, shown once with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = stubApi(
      base({
        'POST /api/v1/admin/staff': () =>
          json(
            {
              staff: account({ id: 9, login: 'new.cook', name: 'Пётр', restoIds: [2] }),
              generatedPassword: 'Xy7-secret-42',
            },
            201,
          ),
      }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить сотрудника' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый сотрудник' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Заполните поле')).toBeInTheDocument();
    expect(within(dialog).getByText('Выберите хотя бы один ресторан')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Логин/), { target: { value: ' New.Cook ' } });
    fireEvent.change(within(dialog).getByLabelText(/Имя/), { target: { value: 'Пётр' } });
    fireEvent.click(await within(dialog).findByLabelText('На Пушкина'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    const secret = await screen.findByRole('dialog', { name: 'Пароль для new.cook' });
    expect(within(secret).getByTestId('password-once')).toHaveTextContent('Xy7-secret-42');
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/staff')?.body).toEqual({
      login: 'new.cook',
      name: 'Пётр',
      role: 'operator',
      restoIds: [2],
    });
    fireEvent.click(within(secret).getByRole('button', { name: 'Скопировать' }));
    expect(writeText).toHaveBeenCalledWith('Xy7-secret-42');
    expect(await within(secret).findByRole('status')).toHaveTextContent('Скопировано');
    fireEvent.click(within(secret).getByRole('button', { name: 'Я передал пароль' }));
    await waitFor(() => expect(screen.queryByTestId('password-once')).toBeNull());
    expect(screen.getByTestId('staff-new.cook')).toBeInTheDocument();
  });

  it('shows a taken login on its field and a short password before sending', async () => {
    const calls = stubApi(
      base({ 'POST /api/v1/admin/staff': () => failure(409, 'admin.staff-login-taken', 'login') }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить сотрудника' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Логин/), { target: { value: 'kazan' } });
    fireEvent.change(within(dialog).getByLabelText('Роль *'), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByLabelText('Задать пароль самому'));
    fireEvent.change(within(dialog).getByLabelText(/^Пароль/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Не короче 10 знаков')).toBeInTheDocument();
    expect(calls.some((c) => c.call === 'POST /api/v1/admin/staff')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Пароль/), { target: { value: 'long-enough-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('words of admin.staff-login-taken')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Логин/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/staff')?.body).toEqual({
      login: 'kazan',
      role: 'manager',
      password: 'long-enough-1',
    });
  });

  it('changes a role under If-Match; on 412 compares and saves over the current version', async () => {
    const now = account({ name: 'Ольга Петровна', version: 5 });
    let stale = true;
    const calls = stubApi(
      base({
        'PATCH /api/v1/admin/staff/3': () => {
          if (stale) {
            stale = false;
            return failure(412, 'admin.version-stale', undefined, { current: now });
          }
          return json({ ...now, role: 'manager', restoIds: [], version: 6 });
        },
      }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: kazan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сотрудник kazan' });
    fireEvent.change(within(dialog).getByLabelText('Роль *'), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const conflict = await within(dialog).findByText('Пока вы редактировали, запись изменили');
    const box = conflict.parentElement as HTMLElement;
    expect(box).toHaveTextContent('Управляющий');
    expect(box).toHaveTextContent('Ольга Петровна');
    fireEvent.click(within(box).getByRole('button', { name: 'Сохранить моё' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Изменения сохранены');
    const patches = calls.filter((c) => c.call === 'PATCH /api/v1/admin/staff/3');
    expect(patches.map((p) => p.ifMatch)).toEqual(['"2"', '"5"']);
    // A manager keeps the restaurants the form shows ticked (none would be the whole brand).
    expect(patches[1]?.body).toEqual({ name: 'Ольга', role: 'manager', restoIds: [1] });
  });

  it('gives a manager restaurants (empty: every one), lists them, and offers none to an owner', async () => {
    const limited = { ...manager, restoIds: [2], version: 3 };
    const calls = stubApi(base({ 'PATCH /api/v1/admin/staff/2': () => json(limited) }));
    await render();
    expect(await screen.findByTestId('staff-manager')).toHaveTextContent('Все рестораны');
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сотрудник manager' });
    expect(within(dialog).getByText('Пусто — все рестораны')).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByLabelText('На Пушкина'));
    fireEvent.change(within(dialog).getByLabelText('Роль *'), { target: { value: 'owner' } });
    expect(within(dialog).queryByLabelText('На Пушкина')).toBeNull();
    expect(within(dialog).getByText(/Все рестораны/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Роль *'), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/staff/2')).toBe(true));
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/staff/2');
    expect(patch?.body).toEqual({ restoIds: [2] });
    expect(patch?.ifMatch).toBe('"2"');
    await waitFor(() => expect(screen.getByTestId('staff-manager')).toHaveTextContent('На Пушкина'));
  });

  it('on 412 takes the current version when asked', async () => {
    const now = account({ name: 'Ольга Петровна', version: 5 });
    stubApi(
      base({
        'PATCH /api/v1/admin/staff/3': () => failure(412, 'admin.version-stale', undefined, { current: now }),
      }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: kazan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Имя/), { target: { value: 'Оля' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Взять текущее' }));
    expect(within(dialog).getByLabelText(/Имя/)).toHaveValue('Ольга Петровна');
    expect(within(dialog).queryByText('Пока вы редактировали, запись изменили')).toBeNull();
  });

  it('says a change would leave no owner', async () => {
    stubApi(base({ 'PATCH /api/v1/admin/staff/1': () => failure(409, 'admin.last-owner') }));
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: owner' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Роль *'), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('words of admin.last-owner')).toHaveAttribute('role', 'alert');
  });

  it('disables an account after asking, with its version', async () => {
    const calls = stubApi(
      base({ 'PATCH /api/v1/admin/staff/3': () => json(account({ disabled: true, version: 3 })) }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Отключить: kazan' }));
    const ask = await screen.findByRole('dialog', { name: 'Отключить kazan?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Отключить: kazan' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByRole('status')).toHaveTextContent('kazan отключён');
    expect(calls.find((c) => c.call === 'PATCH /api/v1/admin/staff/3')).toMatchObject({
      body: { disabled: true },
      ifMatch: '"2"',
    });
    expect(screen.getByRole('button', { name: 'Включить: kazan' })).toBeInTheDocument();
  });

  it('resets a password after asking and shows the new one once', async () => {
    stubApi(
      base({
        'POST /api/v1/admin/staff/3/password': () =>
          json({ staff: account({ version: 3 }), generatedPassword: 'New-pass-2026' }),
      }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Сбросить пароль: kazan' }));
    const ask = await screen.findByRole('dialog', { name: 'Сбросить пароль kazan?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Сбросить пароль' }));
    const secret = await screen.findByRole('dialog', { name: 'Пароль для kazan' });
    expect(secret).toHaveTextContent('New-pass-2026');
  });

  it('shows a login blocked by wrong answers and unlocks it after asking', async () => {
    const blockedUntil = '2026-11-24T09:15:00Z';
    const lock = (id: number, login: string, failures: number, until: string | null) => ({
      id,
      login,
      name: login,
      role: 'operator',
      disabled: false,
      blockedUntil: until,
      failures,
      totp: false,
    });
    const calls = stubApi(
      base({
        'GET /api/v1/staff/accounts': () =>
          json({ accounts: [lock(3, 'kazan', 6, blockedUntil), lock(2, 'manager', 0, null)] }),
        'POST /api/v1/staff/accounts/3/unlock': () => json(lock(3, 'kazan', 0, null)),
      }),
    );
    await render();
    const olga = await screen.findByTestId('staff-kazan');
    const time = new Intl.DateTimeFormat('ru', { hour: '2-digit', minute: '2-digit' }).format(
      new Date(blockedUntil),
    );
    expect(await within(olga).findByText(`Вход заблокирован до ${time}`)).toBeInTheDocument();
    expect(olga).toHaveTextContent('6 неверных попыток входа подряд');
    expect(
      within(screen.getByTestId('staff-manager')).queryByRole('button', { name: /Разблокировать/ }),
    ).toBeNull();

    fireEvent.click(within(olga).getByRole('button', { name: 'Разблокировать вход: kazan' }));
    const ask = await screen.findByRole('dialog', { name: 'Разблокировать вход kazan?' });
    expect(ask).toHaveTextContent('Счётчик неверных попыток обнулится');
    expect(calls.some((c) => c.call.endsWith('/unlock'))).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Разблокировать' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Вход kazan разблокирован');
    expect(calls.filter((c) => c.call === 'POST /api/v1/staff/accounts/3/unlock')).toHaveLength(1);
    expect(within(olga).queryByText(/Вход заблокирован/)).toBeNull();
    expect(within(olga).queryByRole('button', { name: /Разблокировать/ })).toBeNull();
  });

  it('says an unlock refused, and a lock list that failed, with a retry', async () => {
    let locksFail = true;
    stubApi(
      base({
        'GET /api/v1/staff/accounts': () =>
          locksFail
            ? failure(500, 'internal')
            : json({
                accounts: [
                  {
                    id: 3,
                    login: 'kazan',
                    name: 'Ольга',
                    role: 'operator',
                    disabled: false,
                    blockedUntil: null,
                    failures: 2,
                    totp: false,
                  },
                ],
              }),
        'POST /api/v1/staff/accounts/3/unlock': () => failure(404, 'staff.not-found'),
      }),
    );
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось узнать, заблокирован ли чей-то вход');
    expect(screen.getByTestId('staff-kazan')).toBeInTheDocument();
    locksFail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    const olga = screen.getByTestId('staff-kazan');
    expect(await within(olga).findByText('2 неверные попытки входа подряд')).toBeInTheDocument();
    fireEvent.click(within(olga).getByRole('button', { name: 'Разблокировать вход: kazan' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Разблокировать' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('words of staff.not-found');
  });

  it('offers a retry when the list fails', async () => {
    let fail = true;
    stubApi(
      base({ 'GET /api/v1/admin/staff': () => (fail ? failure(500, 'internal') : json({ staff: [owner] })) }),
    );
    await render();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('staff-owner')).toBeInTheDocument();
  });
});

describe('the /staff route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the owner’s management for an owner, the lock list for a manager', async () => {
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener() {}
        close() {}
      },
    );
    stubApi({
      ...base(),
      'GET /api/v1/staff/board': () =>
        json({ restos: [], orders: [], cursor: 0, serverTime: '2026-11-24T09:10:00Z' }),
      'GET /api/v1/staff/accounts': () => json({ accounts: [] }),
    });
    signedIn('owner');
    const first = await renderBackOffice(<BackOfficeShell />, { path: '/staff' });
    expect(await screen.findByRole('button', { name: 'Добавить сотрудника' })).toBeInTheDocument();
    first.unmount();
    await act(async () => signedIn('manager'));
    await renderBackOffice(<BackOfficeShell />, { path: '/staff' });
    await screen.findByRole('heading', { level: 1, name: /Сотрудники/ });
    expect(screen.queryByRole('button', { name: 'Добавить сотрудника' })).toBeNull();
  });
});
