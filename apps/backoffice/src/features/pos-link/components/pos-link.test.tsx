import type {
  AdminPosChoices,
  AdminPosLink,
  AdminPosLog,
  AdminResto,
  AdminZoneImportResult,
} from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { PosScreen } from './pos-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, message: string, field?: string) =>
  json({ errors: [{ code, message, ...(field ? { field } : {}) }] }, status);

type Handler = (body: unknown, headers: Record<string, string>, url: URL) => Response;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; url: URL; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, url, body, headers });
      const handler = table[call];
      return handler ? handler(body, headers, url) : refusal(404, 'not-found', 'nf');
    }),
  );
  return calls;
}

const ORG = 'org-1';
const choices: AdminPosChoices = {
  provider: 'iiko',
  fetchedAt: '2026-11-20T09:00:00.000Z',
  organizations: [
    {
      id: ORG,
      name: 'Нори-Нори (iiko)',
      terminalGroups: [
        { id: 'tg-1', name: 'Кухня на Ленина', address: 'Ленина, 1', enabled: true },
        { id: 'tg-2', name: 'Склад', address: null, enabled: false },
      ],
      paymentTypes: [
        { id: 'pt-cash', name: 'Наличные', kind: 'Cash' },
        { id: 'pt-card', name: 'Банковская карта', kind: 'Card' },
        { id: 'pt-site', name: 'Оплата на сайте', kind: 'External' },
      ],
    },
    { id: 'org-2', name: 'Другая организация', terminalGroups: [], paymentTypes: [] },
  ],
};

const unlinked: AdminPosLink = {
  restoId: 5,
  configured: true,
  linked: false,
  link: null,
  paymentMethods: ['card-online', 'cash'],
  webhook: null,
  lastSyncAt: null,
  nextSyncAt: null,
  version: 0,
};

const linked: AdminPosLink = {
  ...unlinked,
  linked: true,
  link: {
    provider: 'iiko',
    organizationId: ORG,
    organizationName: 'Нори-Нори (iiko)',
    terminalGroupId: 'tg-1',
    paymentTypes: { 'card-online': 'pt-site', cash: 'pt-cash' },
    linkedAt: '2026-11-20T09:00:00.000Z',
  },
  webhook: {
    uri: 'https://shop.example/api/v1/pos/iiko/webhook',
    registeredAt: '2026-11-20T09:00:01.000Z',
    lastWebhookAt: null,
    error: null,
    errorMessage: null,
  },
  lastSyncAt: '2026-11-20T09:05:00.000Z',
  version: 3,
};

const log: AdminPosLog = {
  entries: [
    {
      id: 12,
      at: '2026-11-20T10:00:00.000Z',
      kind: 'order',
      ok: false,
      restoId: 5,
      organizationId: ORG,
      orderId: 40,
      summary: { number: 'Б-042', sum: 125_000, items: [{ name: 'Филадельфия', count: 2, modifiers: [] }] },
      error: 'pos.terminal-offline',
      errorMessage: 'Терминал ресторана не принял заказ: он выключен или без связи',
    },
    {
      id: 11,
      at: '2026-11-20T09:30:00.000Z',
      kind: 'sync',
      ok: true,
      restoId: null,
      organizationId: ORG,
      orderId: null,
      summary: {
        added: ['Калифорния', 'Кола'],
        changed: [],
        hidden: ['Старый ролл'],
        failed: [{ name: 'Сет', reason: 'picture: 404' }],
        revision: 7,
      },
      error: null,
      errorMessage: null,
    },
  ],
  nextBefore: null,
};

const restos = () =>
  json({
    restos: [{ id: 5, name: { ru: 'Гагарина' }, isPublished: true, timezone: '+03:00' } as AdminResto],
  });

function api(link: AdminPosLink, more: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/v1/admin/restos': restos,
    'GET /api/v1/admin/restos/5/pos': () => json(link),
    'GET /api/v1/admin/pos/choices': () => json(choices),
    'GET /api/v1/admin/restos/5/pos/log': () => json(log),
    ...more,
  });
}

function signIn(role: 'owner' | 'manager' | 'operator' = 'manager') {
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 1, login: role, name: 'Анна', role, restoIds: [] },
    },
  });
}

describe("a restaurant's link to iiko", () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('without a key on the server explains what to set and where, and asks iiko nothing', async () => {
    signIn('owner');
    const calls = api({ ...unlinked, configured: false });
    await renderBackOffice(<PosScreen />, { path: '/' });
    expect(await screen.findByText('На сервере нет ключа API iiko')).toBeInTheDocument();
    expect(screen.getByText(/IIKO_API_LOGINS/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Секреты/ })).toHaveAttribute('href', '/admin/brand/secrets');
    expect(calls.some((c) => c.call === 'GET /api/v1/admin/pos/choices')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Связать' })).not.toBeInTheDocument();
  });

  it('tells a manager without the secrets screen who sees what the server has', async () => {
    api({ ...unlinked, configured: false });
    await renderBackOffice(<PosScreen />, { path: '/' });
    expect(await screen.findByText(/владелец видит на экране «Бренд → Секреты»/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Секреты/ })).not.toBeInTheDocument();
  });

  it('picks the only enabled terminal group and the usual payment types, marks a disabled group, and links', async () => {
    const calls = api(unlinked, {
      'PUT /api/v1/admin/restos/5/pos': () => json({ ...linked, version: 1 }),
    });
    await renderBackOffice(<PosScreen />, { path: '/' });
    const organization = await screen.findByLabelText(/^Организация/);
    fireEvent.change(organization, { target: { value: ORG } });
    const group = screen.getByLabelText(/^Группа терминалов/) as HTMLSelectElement;
    expect(group.value).toBe('tg-1');
    expect(
      within(group).getByRole('option', { name: /Склад \(недоступна логину API\)/ }),
    ).toBeInTheDocument();
    expect((screen.getByLabelText(/^Картой онлайн/) as HTMLSelectElement).value).toBe('pt-site');
    expect((screen.getByLabelText(/^Наличными/) as HTMLSelectElement).value).toBe('pt-cash');
    // The restaurant takes no card on receipt: no picker for it.
    expect(screen.queryByLabelText(/^Картой при получении/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Связать' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PUT /api/v1/admin/restos/5/pos')).toBe(true));
    const put = calls.find((c) => c.call === 'PUT /api/v1/admin/restos/5/pos');
    expect(put?.headers['if-match']).toBe('"0"');
    expect(put?.body).toEqual({
      organizationId: ORG,
      terminalGroupId: 'tg-1',
      paymentTypes: { 'card-online': 'pt-site', cash: 'pt-cash' },
    });
    expect(await screen.findByText('Связь сохранена')).toBeInTheDocument();
  });

  it('says at each picker what is missing, and sends nothing; a disabled group is explained', async () => {
    const calls = api(unlinked);
    await renderBackOffice(<PosScreen />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Связать' }));
    expect(await screen.findAllByText('Выберите значение')).toHaveLength(4);
    fireEvent.change(screen.getByLabelText(/^Организация/), { target: { value: ORG } });
    fireEvent.change(screen.getByLabelText(/^Группа терминалов/), { target: { value: 'tg-2' } });
    expect(screen.getByText(/iiko не примет заказы/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Картой онлайн/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Связать' }));
    expect(await screen.findAllByText('Выберите значение')).toHaveLength(1);
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);
  });

  it('shows the server’s refusal at its picker, and iiko down with a retry', async () => {
    let down = true;
    api(unlinked, {
      'GET /api/v1/admin/pos/choices': () =>
        down ? refusal(503, 'pos.unavailable', 'iiko недоступна') : json(choices),
      'PUT /api/v1/admin/restos/5/pos': () =>
        refusal(422, 'pos.payment-type-unknown', 'Такого типа оплаты нет в iiko', 'paymentTypes.cash'),
    });
    await renderBackOffice(<PosScreen />, { path: '/' });
    expect(await screen.findByText('iiko не ответила: iiko недоступна')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    fireEvent.change(await screen.findByLabelText(/^Организация/), { target: { value: ORG } });
    fireEvent.click(screen.getByRole('button', { name: 'Связать' }));
    expect(await screen.findByText('Такого типа оплаты нет в iiko')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Наличными/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the link and its webhook, syncs now, and unlinks only when confirmed', async () => {
    const calls = api(linked, {
      'POST /api/v1/admin/restos/5/pos/sync': () => json({ entries: [log.entries[1]] }),
      'PUT /api/v1/admin/restos/5/pos': () => json({ ...unlinked, version: 4 }),
    });
    await renderBackOffice(<PosScreen />, { path: '/' });
    expect(await screen.findByText('Связан с iiko')).toBeInTheDocument();
    expect(screen.getAllByText(/зарегистрирован/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Синхронизировать сейчас' }));
    expect(await screen.findByText('Синхронизация выполнена')).toBeInTheDocument();
    const result = screen.getByRole('list', { name: 'Синхронизация' });
    expect(within(result).getByText(/Калифорния, Кола/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Отвязать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отвязать ресторан от iiko?' });
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отвязать' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PUT /api/v1/admin/restos/5/pos')).toBe(true));
    const put = calls.find((c) => c.call === 'PUT /api/v1/admin/restos/5/pos');
    expect(put?.body).toEqual({ linked: false });
    expect(put?.headers['if-match']).toBe('"3"');
    expect(await screen.findByText('Ресторан отвязан')).toBeInTheDocument();
  });

  it('reads the log: failures marked with the reason, summaries in words, searchable, filtered by kind', async () => {
    const calls = api(linked);
    await renderBackOffice(<PosScreen />, { path: '/' });
    const section = await screen.findByRole('region', { name: 'Журнал обмена с iiko' });
    expect(await within(section).findByText(/Терминал ресторана не принял заказ/)).toBeInTheDocument();
    expect(within(section).getByText('Заказ Б-042')).toBeInTheDocument();
    expect(within(section).getByText(/Филадельфия ×2/)).toBeInTheDocument();
    expect(within(section).getByText(/Сет — picture: 404/)).toBeInTheDocument();
    const items = within(section)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.ok !== undefined);
    expect(items.map((li) => li.dataset.ok)).toEqual(['false', 'true']);

    fireEvent.change(within(section).getByLabelText('Поиск по журналу'), { target: { value: 'калифорния' } });
    expect(within(section).queryByText('Заказ Б-042')).not.toBeInTheDocument();
    expect(within(section).getByText(/Калифорния, Кола/)).toBeInTheDocument();
    fireEvent.change(within(section).getByLabelText('Поиск по журналу'), { target: { value: 'нет такого' } });
    expect(within(section).getByText('Ничего не найдено')).toBeInTheDocument();

    fireEvent.change(within(section).getByLabelText('Что'), { target: { value: 'order' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.call.endsWith('/pos/log') && c.url.searchParams.get('kind') === 'order'),
      ).toBe(true),
    );
  });

  it('previews iiko’s zones, then makes them once confirmed', async () => {
    const zone = {
      id: 0,
      restoId: 5,
      name: { ru: 'Центр' },
      polygon: [],
      bands: [{ orderPriceMin: 0, orderPriceMax: 100_000, deliveryPrice: 15_000, timeMinutes: 60 }],
      isActive: true,
      priority: 3,
      color: null,
      version: 0,
    };
    const preview: AdminZoneImportResult = {
      dryRun: true,
      zones: [zone],
      skipped: [{ index: 1, name: 'Север', code: 'pos.zone-no-restriction', message: 'Нет условий' }],
      warnings: [],
    };
    const calls = api(linked, {
      'POST /api/v1/admin/restos/5/pos/zones-import': (_body, _headers, url) =>
        json(
          url.searchParams.get('dryRun') === 'true'
            ? preview
            : { ...preview, dryRun: false, zones: [{ ...zone, id: 31, version: 1 }] },
        ),
    });
    await renderBackOffice(<PosScreen />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Показать, что будет создано' }));
    expect(await screen.findByText('Будет создано зон: 1')).toBeInTheDocument();
    expect(screen.getByText('Центр')).toBeInTheDocument();
    expect(screen.getByText(/Север — Нет условий/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Создать зоны' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать зоны' }));
    expect(await screen.findByText('Создано зон: 1')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.call.endsWith('/zones-import')).map((c) => c.url.searchParams.get('dryRun')),
    ).toEqual(['true', 'false']);
  });

  it('tells an operator who sets the link up, and asks nothing', async () => {
    signIn('operator');
    const calls = api(linked);
    await renderBackOffice(<PosScreen />, { path: '/' });
    expect(await screen.findByText('Связь с кассой настраивают владелец и менеджеры')).toBeInTheDocument();
    expect(calls.some((c) => c.call.includes('/pos'))).toBe(false);
  });
});
