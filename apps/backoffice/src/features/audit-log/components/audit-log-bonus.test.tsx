import { DEMO_BONUS_PROGRAM } from '@storefront/domain';
import type { AdminAuditEntry } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { AuditLogScreen } from './audit-log-screen.tsx';

/** The change log's bonus entries (decision 55): the program, a points adjustment and its undo, a refund. */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(table: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(call);
      const handler = table[call];
      return handler ? handler() : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const base = {
  staff: { id: 2, login: 'manager' },
  at: '2026-11-24T09:00:00Z',
  revertsEntryId: null,
  revertedByEntryId: null,
  summary: null,
};

const programEntry: AdminAuditEntry = {
  ...base,
  id: 30,
  entity: 'bonus-program',
  entityId: 0,
  action: 'update',
  staff: { id: 1, login: 'owner' },
  before: { program: DEMO_BONUS_PROGRAM },
  after: {
    program: {
      ...DEMO_BONUS_PROGRAM,
      spendMaxPercent: 30,
      expiryDays: 90,
      welcomeBonus: 30_000,
      tiers: {
        periodDays: 90,
        levels: [
          { fromPaid: 0, earnPercent: 3 },
          { fromPaid: 1_000_000, earnPercent: 7 },
        ],
      },
    },
  },
};

const adjustment = (over: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
  ...base,
  id: 31,
  entity: 'bonus-adjustment',
  entityId: 501,
  action: 'adjust',
  before: { personId: 9, orderId: 77, amount: 0, reason: 'Извинение за опоздание' },
  after: { personId: 9, orderId: 77, amount: 20_000, reason: 'Извинение за опоздание' },
  ...over,
});

const refundEntry: AdminAuditEntry = {
  ...base,
  id: 32,
  entity: 'order-refund',
  entityId: 4,
  action: 'refund',
  before: { orderId: 77, refunded: 0 },
  after: { orderId: 77, refunded: 50_050 },
};

const page = (entries: AdminAuditEntry[]) => () => json({ entries, nextBefore: null });
const render = () => renderBackOffice(<AuditLogScreen />, { path: '/audit' });

describe('the change log’s points and refunds', () => {
  beforeEach(() => {
    stubMatchMedia(true);
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

  it('reads a program change field by field: percents, days, points and the tiers', async () => {
    stubApi({ 'GET /api/v1/admin/audit': page([programEntry]), 'GET /1/p/restos': () => json([]) });
    await render();
    const card = await screen.findByTestId('audit-entry-30');
    expect(card).toHaveTextContent('Бонусная программа');
    expect(card).toHaveTextContent(/Оплата баллами до\s*было: 20 %→стало: 30 %/);
    expect(card).toHaveTextContent(/Срок жизни баллов\s*было: 180 дней→стало: 90 дней/);
    expect(card).toHaveTextContent('стало: 300 баллов');
    expect(card).toHaveTextContent('по оплаченному за 90 дней');
    expect(card).toHaveTextContent(/от 10\s000\s₽ — 7 %/);
    // Unchanged fields are not listed.
    expect(card).not.toHaveTextContent('Часовой пояс');
  });

  it('shows an adjustment as what it did, found by its reason; a refund in rubles, not undoable', async () => {
    stubApi({
      'GET /api/v1/admin/audit': page([refundEntry, adjustment(), programEntry]),
      'GET /1/p/restos': () => json([]),
    });
    await render();
    const card = await screen.findByTestId('audit-entry-31');
    expect(card).toHaveTextContent('Баллы гостя · заказ #77 · №501');
    expect(card).toHaveTextContent('Баллы+200 баллов');
    expect(card).toHaveTextContent('ПричинаИзвинение за опоздание');
    expect(within(card).getByRole('button', { name: 'Отменить изменение баллов №31' })).toHaveTextContent(
      'Отменить начисление',
    );
    const refund = screen.getByTestId('audit-entry-32');
    expect(refund).toHaveTextContent('Возврат денег · заказ #77');
    expect(refund).toHaveTextContent(/Возвращено\s*было: 0\s₽→стало: 500,5\s₽/);
    expect(refund).toHaveTextContent('Это не отменяется');
    expect(within(refund).queryByRole('button')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Поиск по автору и объекту/), { target: { value: 'опоздание' } });
    expect(screen.queryByTestId('audit-entry-32')).toBeNull();
    expect(screen.getByTestId('audit-entry-31')).toBeInTheDocument();
  });

  it('undoes an adjustment after saying the opposite change it writes; the undo itself is not undone', async () => {
    let reverted = false;
    const undo = adjustment({
      id: 33,
      action: 'revert',
      revertsEntryId: 31,
      before: adjustment().after,
      after: adjustment().before,
    });
    const calls = stubApi({
      'GET /api/v1/admin/audit': () =>
        reverted
          ? page([undo, adjustment({ revertedByEntryId: 33 })])()
          : page([adjustment({ action: 'adjust', after: { ...adjustment().after, amount: -5_000 } })])(),
      'POST /api/v1/admin/audit/31/revert': () => {
        reverted = true;
        return json(undo);
      },
      'GET /1/p/restos': () => json([]),
    });
    await render();
    const card = await screen.findByTestId('audit-entry-31');
    expect(card).toHaveTextContent('Баллы−50 баллов');
    fireEvent.click(within(card).getByRole('button', { name: 'Отменить изменение баллов №31' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Гостю запишется обратное изменение: +50 баллов');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить изменение' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/admin/audit/31/revert'));
    expect(await screen.findByText('Изменение №31 отменено')).toBeInTheDocument();
    const undone = await screen.findByTestId('audit-entry-33');
    expect(undone).toHaveTextContent('Баллы−200 баллов');
    expect(within(undone).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('audit-entry-31')).toHaveTextContent('Отменено записью №33');
  });
});
