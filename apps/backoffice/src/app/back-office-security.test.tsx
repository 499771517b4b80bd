import type { StaffRole } from '@storefront/domain';
import type { StaffAccount } from '@storefront/domain/contracts';

import { resetServerClock, setServerNow } from '@storefront/web/src/test/test-clock.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../test/render-back-office.tsx';
import { BackOfficeShell } from './back-office-shell.tsx';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const failure = (
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json({ errors: [{ code, message: code }], ...extra }, status, headers);

const operator = { id: 3, login: 'kazan', name: 'Ольга', role: 'operator' as const, restoIds: [1] };
const manager = { id: 7, login: 'boss', name: 'Ирина', role: 'manager' as const, restoIds: [1] };
const emptyBoard = {
  restos: [
    {
      id: 1,
      name: { ru: 'Кремлёвская' },
      timezone: '+03:00',
      busyUntil: null,
      delay: null,
      autoDelayThreshold: null,
      stopList: [],
      lateMinutes: 5,
    },
  ],
  orders: [],
  cursor: 1,
  serverTime: '2026-11-24T09:10:00Z',
};

function signedIn(staff: Omit<typeof operator, 'role'> & { role: StaffRole }) {
  staffSessionStore.setState({
    session: { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 15 * 60_000, staff },
  });
}

type Handler = (body: unknown) => Response | Promise<Response>;

/** fetch answering 'METHOD /path' from the table (the board's own calls answered too); calls recorded. */
function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown }[] = [];
  const all: Record<string, Handler> = {
    'GET /api/v1/staff/board': () => json(emptyBoard),
    'POST /api/v1/staff/stream-tickets': () => json({ ticket: 't1', expiresAt: '2026-11-24T09:11:00Z' }),
    ...table,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ call, body });
      const handler = all[call];
      return handler ? handler(body) : failure(404, 'not-found');
    }),
  );
  return calls;
}

class QuietEventSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

const render = () => {
  vi.stubGlobal('EventSource', QuietEventSource);
  return renderBackOffice(<BackOfficeShell />);
};

async function typeSignIn(password = 'demo-boss-2026') {
  fireEvent.change(await screen.findByLabelText(/Логин/), { target: { value: 'boss' } });
  fireEvent.change(screen.getByLabelText(/Пароль/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
}

beforeEach(() => {
  staffSessionStore.setState({ session: null });
  setServerNow(Date.parse('2026-11-24T09:10:00Z'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetServerClock();
});

describe('staff sign-in with the second factor', () => {
  it('asks for the code when the server does, keeps login and password, and signs in with them', async () => {
    const calls = stubApi({
      'POST /api/v1/staff/sign-in': (body) =>
        (body as { totpCode?: string }).totpCode === '123456'
          ? json({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 900, staff: manager })
          : failure(401, 'staff.totp-required'),
    });
    await render();
    await typeSignIn();
    const code = await screen.findByLabelText(/Код из приложения/);
    // Being asked is a step, not a refusal.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Нужно 6 цифр')).toBeInTheDocument();

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
    const signIns = calls.filter((c) => c.call === 'POST /api/v1/staff/sign-in');
    expect(signIns.map((c) => c.body)).toEqual([
      { login: 'boss', password: 'demo-boss-2026' },
      { login: 'boss', password: 'demo-boss-2026', totpCode: '123456' },
    ]);
  });

  it('says a wrong or used code is wrong', async () => {
    stubApi({
      'POST /api/v1/staff/sign-in': (body) =>
        (body as { totpCode?: string }).totpCode
          ? failure(401, 'staff.totp-invalid')
          : failure(401, 'staff.totp-required'),
    });
    await render();
    await typeSignIn();
    fireEvent.change(await screen.findByLabelText(/Код из приложения/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный или уже использованный код');
    expect(staffSessionStore.getState().session).toBeNull();
  });

  it('says how many seconds a blocked login waits (429 with Retry-After)', async () => {
    stubApi({
      'POST /api/v1/staff/sign-in': () =>
        failure(429, 'staff.locked', { retryAfter: 30 }, { 'retry-after': '30' }),
    });
    await render();
    await typeSignIn('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Попробуйте через 30 с');
  });
});

describe('changing the own password', () => {
  it('checks the new one’s length, sends current and new, and goes on with the new session', async () => {
    signedIn(operator);
    const calls = stubApi({
      'GET /api/v1/staff/me/security': () => json({ totp: false, totpAvailable: false, passwordMin: 10 }),
      'POST /api/v1/staff/me/password': (body) =>
        (body as { currentPassword: string }).currentPassword === 'old-password-1'
          ? json({ accessToken: 'a2', refreshToken: 'r2', expiresIn: 900, staff: operator })
          : failure(403, 'staff.password-wrong'),
    });
    await render();
    // An operator has no staff list, only their own account.
    expect(screen.queryByRole('link', { name: 'Сотрудники' })).toBeNull();
    fireEvent.click(await screen.findByRole('link', { name: 'Пароль и вход' }));
    const form = await screen.findByRole('form', { name: 'Сменить пароль' });
    fireEvent.change(within(form).getByLabelText(/Текущий пароль/), { target: { value: 'wrong-one' } });
    fireEvent.change(within(form).getByLabelText(/Новый пароль/), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    // The hint says it before, the field's error after the click.
    await waitFor(() => expect(within(form).getAllByText('Не короче 10 символов')).toHaveLength(2));
    expect(calls.some((c) => c.call === 'POST /api/v1/staff/me/password')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Новый пароль/), { target: { value: 'a-new-password-9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await within(form).findByText('Неверный текущий пароль')).toHaveAttribute('role', 'alert');

    fireEvent.change(within(form).getByLabelText(/Текущий пароль/), { target: { value: 'old-password-1' } });
    fireEvent.change(within(form).getByLabelText(/Новый пароль/), { target: { value: 'a-new-password-9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Пароль изменён');
    expect(calls.filter((c) => c.call === 'POST /api/v1/staff/me/password').at(-1)?.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'a-new-password-9',
    });
    expect(staffSessionStore.getState().session).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
    // Back to the board it was hiding.
    fireEvent.click(screen.getByRole('button', { name: /К заказам/ }));
    expect(screen.getByRole('heading', { name: 'Заказы' })).toBeVisible();
  });
});

describe('turning the second factor on and off', () => {
  it('shows the key as text and an otpauth link, and turns on with a confirmed code', async () => {
    signedIn(manager);
    const uri =
      'otpauth://totp/demo:boss?secret=JBSWY3DPEHPK3PXP&issuer=demo&algorithm=SHA1&digits=6&period=30';
    const calls = stubApi({
      'GET /api/v1/staff/me/security': () => json({ totp: false, totpAvailable: true, passwordMin: 10 }),
      'POST /api/v1/staff/me/totp/enrolment': () => json({ secret: 'JBSWY3DPEHPK3PXP', uri }),
      'POST /api/v1/staff/me/totp/confirm': (body) =>
        (body as { code: string }).code === '654321'
          ? json({ totp: true, totpAvailable: true, passwordMin: 10 })
          : failure(403, 'staff.totp-invalid'),
    });
    await render();
    fireEvent.click(await screen.findByRole('link', { name: 'Пароль и вход' }));
    const section = await screen.findByRole('region', { name: 'Двухфакторный вход' });
    expect(await within(section).findByText(/Выключен/)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Включить' }));
    expect(await within(section).findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Открыть в приложении' })).toHaveAttribute('href', uri);

    fireEvent.change(within(section).getByLabelText(/Код из приложения/), { target: { value: '111111' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Подтвердить и включить' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Неверный или уже использованный код',
    );

    fireEvent.change(within(section).getByLabelText(/Код из приложения/), { target: { value: '654 321' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Подтвердить и включить' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Двухфакторный вход включён');
    expect(within(section).getByText(/Включён/)).toBeInTheDocument();
    expect(calls.filter((c) => c.call === 'POST /api/v1/staff/me/totp/confirm').at(-1)?.body).toEqual({
      code: '654321',
    });
  });

  it('turns off with the password and a code', async () => {
    signedIn(manager);
    const calls = stubApi({
      'GET /api/v1/staff/me/security': () => json({ totp: true, totpAvailable: true, passwordMin: 10 }),
      'POST /api/v1/staff/me/totp/disable': () => json({ totp: false, totpAvailable: true, passwordMin: 10 }),
    });
    await render();
    fireEvent.click(await screen.findByRole('link', { name: 'Пароль и вход' }));
    const section = await screen.findByRole('region', { name: 'Двухфакторный вход' });
    fireEvent.change(await within(section).findByLabelText(/^Пароль/), {
      target: { value: 'demo-boss-2026' },
    });
    fireEvent.change(within(section).getByLabelText(/Код из приложения/), { target: { value: '222333' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Выключить' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Двухфакторный вход выключен');
    expect(calls.find((c) => c.call === 'POST /api/v1/staff/me/totp/disable')?.body).toEqual({
      password: 'demo-boss-2026',
      code: '222333',
    });
  });
});

describe("a manager's staff list", () => {
  it('lists the logins with their blocks and unlocks one after asking', async () => {
    signedIn(manager);
    const blocked: StaffAccount = {
      id: 3,
      login: 'kazan',
      name: 'Ольга',
      role: 'operator',
      disabled: false,
      blockedUntil: '2026-11-24T09:25:00Z',
      failures: 7,
      totp: false,
    };
    const boss: StaffAccount = {
      ...blocked,
      id: 7,
      login: 'boss',
      name: 'Ирина',
      role: 'manager',
      blockedUntil: null,
      failures: 0,
      totp: true,
    };
    const calls = stubApi({
      'GET /api/v1/staff/accounts': () => json({ accounts: [boss, blocked] }),
      'POST /api/v1/staff/accounts/3/unlock': () => json({ ...blocked, blockedUntil: null, failures: 0 }),
    });
    await render();
    fireEvent.click(await screen.findByRole('link', { name: 'Сотрудники' }));
    const row = await screen.findByTestId('staff-account-kazan');
    expect(row).toHaveTextContent('Вход заблокирован до');
    expect(row).toHaveTextContent('Неверных попыток: 7');
    expect(screen.getByTestId('staff-account-boss')).toHaveTextContent('Вход открыт');
    expect(within(screen.getByTestId('staff-account-boss')).queryByRole('button')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Разблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Разблокировать вход «kazan»?' });
    expect(calls.some((c) => c.call === 'POST /api/v1/staff/accounts/3/unlock')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Разблокировать' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Вход «kazan» разблокирован');
    await waitFor(() => expect(screen.getByTestId('staff-account-kazan')).toHaveTextContent('Вход открыт'));
    expect(calls.filter((c) => c.call === 'POST /api/v1/staff/accounts/3/unlock')).toHaveLength(1);
  });
});

describe("an owner's staff list (decision 45)", () => {
  it('opens the owner’s account management, naming the role in words', async () => {
    const owner = { ...manager, id: 9, login: 'owner', name: 'Анна', role: 'owner' as const };
    signedIn(owner);
    const account = {
      id: 9,
      login: 'owner',
      name: 'Анна',
      role: 'owner',
      restoIds: [],
      disabled: false,
      totp: true,
      lastSignInAt: null,
      createdAt: '2026-11-01T09:00:00Z',
      version: 1,
    };
    stubApi({ 'GET /api/v1/admin/staff': () => json({ staff: [account] }) });
    await render();
    fireEvent.click(await screen.findByRole('link', { name: 'Сотрудники' }));
    expect(await screen.findByTestId('staff-owner')).toHaveTextContent('Владелец');
    expect(screen.getByRole('button', { name: 'Добавить сотрудника' })).toBeInTheDocument();
  });
});
