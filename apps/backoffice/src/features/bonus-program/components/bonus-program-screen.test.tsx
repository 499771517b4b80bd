import { DEMO_BONUS_PROGRAM } from '@storefront/domain';
import type { BonusProgramBody } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { BonusProgramScreen } from './bonus-program-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: unknown, headers: Record<string, string>) => Response;

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
      return handler ? handler(body, headers) : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const demo: BonusProgramBody = { ...DEMO_BONUS_PROGRAM };
const PATH = '/api/v1/admin/bonus-program';
const read: Record<string, Handler> = { [`GET ${PATH}`]: () => json({ program: demo, version: 4 }) };
const sent = (calls: { call: string; body: unknown }[]) =>
  calls.filter((c) => c.call === `PUT ${PATH}`).map((c) => c.body as BonusProgramBody);

const signedInAs = (role: 'owner' | 'manager') =>
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 1, login: role, name: 'Анна', role, restoIds: [] },
    },
  });

const open = async () => {
  await renderBackOffice(<BonusProgramScreen />, { path: '/' });
  return screen.findByTestId('bonus-summary');
};

describe('the bonus program screen', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signedInAs('owner');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is for owners only', async () => {
    signedInAs('manager');
    stubApi(read);
    await renderBackOffice(<BonusProgramScreen />, { path: '/' });
    expect(screen.getByRole('alert')).toHaveTextContent('Бонусную программу меняет только владелец');
  });

  it('says the demo program in plain words, and the words follow the fields as they are typed', async () => {
    stubApi(read);
    const summary = await open();
    expect(summary).toHaveTextContent('Гость получает 5 % от оплаченного деньгами за блюда');
    expect(summary).toHaveTextContent('Баллами можно оплатить до 20 % стоимости блюд.');
    expect(summary).toHaveTextContent(
      'Баллы сгорают через 180 дней, в полночь по времени бренда (UTC+03:00).',
    );
    expect(summary).toHaveTextContent('Приветственных баллов нет.');
    expect(summary).toHaveTextContent('Промокод и баллы не сочетаются');
    fireEvent.change(screen.getByLabelText(/Баллы сгорают через, дней/), { target: { value: '31' } });
    fireEvent.change(screen.getByLabelText(/Приветственные баллы/), { target: { value: '300' } });
    fireEvent.click(screen.getByLabelText('Начисляют баллы'));
    expect(summary).toHaveTextContent('Баллы сгорают через 31 день');
    expect(summary).toHaveTextContent('При первом входе гость получает 300 баллов.');
    expect(summary).toHaveTextContent('Заказ с промокодом начисляет баллы, но списать их в нём нельзя.');
  });

  it('saves the whole program under If-Match, the welcome bonus and the tiers’ sums in minor units', async () => {
    const calls = stubApi({
      ...read,
      [`PUT ${PATH}`]: (body) => json({ program: body, version: 5 }),
    });
    const summary = await open();
    fireEvent.change(screen.getByLabelText(/Приветственные баллы/), { target: { value: '150' } });
    fireEvent.click(screen.getByLabelText('Процент зависит от того, сколько гость заплатил'));
    const levels = screen.getByRole('list', { name: 'Уровни' });
    expect(within(levels).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить уровень' }));
    const rows = within(levels).getAllByRole('listitem');
    fireEvent.change(within(rows[1] as HTMLElement).getByLabelText('От суммы, ₽'), {
      target: { value: '10 000' },
    });
    fireEvent.change(within(rows[1] as HTMLElement).getByLabelText('Начислять, %'), {
      target: { value: '7' },
    });
    expect(summary).toHaveTextContent('за последние 90 дней: от 0 ₽ — 5 %, от 10 000 ₽ — 7 %');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(calls.find((c) => c.call === `PUT ${PATH}`)?.headers['if-match']).toBe('"4"');
    expect(sent(calls)[0]).toEqual({
      ...demo,
      welcomeBonus: 15_000,
      tiers: {
        periodDays: 90,
        levels: [
          { fromPaid: 0, earnPercent: 5 },
          { fromPaid: 1_000_000, earnPercent: 7 },
        ],
      },
    });
    expect(await screen.findByText('Сохранено: новые правила уже действуют')).toBeInTheDocument();
  });

  it('refuses wrong numbers on their fields before sending, and puts the API’s 400 on its field', async () => {
    const calls = stubApi({
      ...read,
      [`PUT ${PATH}`]: () =>
        json(
          {
            errors: [
              {
                code: 'validation',
                message: 'Уровни должны идти по возрастанию',
                field: 'tiers.levels.1.fromPaid',
              },
            ],
          },
          400,
        ),
    });
    await open();
    fireEvent.change(screen.getByLabelText(/Начислять, % от оплаченного/), { target: { value: '120' } });
    fireEvent.click(screen.getByLabelText('Процент зависит от того, сколько гость заплатил'));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить уровень' }));
    const second = () =>
      within(screen.getAllByRole('listitem')[1] as HTMLElement).getByLabelText('От суммы, ₽');
    fireEvent.change(second(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Целое число от 0 до 100')).toBeInTheDocument();
    expect(screen.getByText('Каждый уровень — с суммы больше предыдущего')).toBeInTheDocument();
    expect(sent(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Начислять, % от оплаченного/), { target: { value: '5' } });
    fireEvent.change(second(), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Уровни должны идти по возрастанию')).toBeInTheDocument();
    expect(second()).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls)).toHaveLength(1);
  });

  it('asks before turning the program off', async () => {
    const calls = stubApi({ ...read, [`PUT ${PATH}`]: (body) => json({ program: body, version: 5 }) });
    const summary = await open();
    fireEvent.click(screen.getByLabelText('Программа включена'));
    expect(summary).toHaveTextContent('Программа выключена');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выключить бонусную программу?' });
    expect(sent(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выключить' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.enabled).toBe(false);
  });

  it('on 412 shows what someone saved meanwhile, and saves mine over the new version', async () => {
    const theirs = { ...demo, spendMaxPercent: 30 };
    let first = true;
    const calls = stubApi({
      ...read,
      [`PUT ${PATH}`]: (body) => {
        if (first) {
          first = false;
          return json(
            {
              errors: [{ code: 'admin.version-stale', message: 'Уже изменили' }],
              current: { program: theirs, version: 6 },
            },
            412,
          );
        }
        return json({ program: body, version: 7 });
      },
    });
    await open();
    fireEvent.change(screen.getByLabelText(/Оплатить баллами можно до, %/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Программу уже изменили' });
    const row = within(dialog).getByRole('row', { name: /Оплатить баллами/ });
    expect(row).toHaveTextContent('25');
    expect(row).toHaveTextContent('30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить моё' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    expect(calls.filter((c) => c.call === `PUT ${PATH}`)[1]?.headers['if-match']).toBe('"6"');
    expect(sent(calls)[1]?.spendMaxPercent).toBe(25);
  });
});
