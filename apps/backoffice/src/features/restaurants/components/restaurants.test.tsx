import type { AdminCity, AdminResto } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { restoIssues, restoPatch, restoValues } from '../model/resto-form.ts';
import { RestaurantsScreen } from './restaurants-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: unknown) => Response;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ call, body, headers: (init?.headers ?? {}) as Record<string, string> });
      const handler = table[call];
      return handler ? handler(body) : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const kazan: AdminCity = {
  id: 1,
  name: { ru: 'Казань', en: 'Kazan' },
  center: { lat: 55.79, lng: 49.12 },
  bounds: { southWest: { lat: 55.6, lng: 48.8 }, northEast: { lat: 55.95, lng: 49.4 } },
  zoom: 12,
  order: 1,
  restoCount: 1,
  version: 1,
};

const bauman: AdminResto = {
  id: 1,
  name: { ru: 'Нори-Нори на Баумана', en: 'Nori-Nori on Baumana' },
  address: { ru: 'Казань, ул. Баумана, 44' },
  street: { ru: 'ул. Баумана, 44' },
  description: { ru: '' },
  location: { lat: 55.7915, lng: 49.1166 },
  phones: ['+7 843 200-00-01'],
  emails: ['bauman@nori-nori.example'],
  links: [],
  timezone: '+03:00',
  averageCheck: 140000,
  isDelivery: true,
  isTakeAway: true,
  payDelivery: { cardOnline: 'demo-shop', cardUponReceipt: true, cashUponReceipt: true },
  payTakeAway: { cardOnline: null, cardUponReceipt: true, cashUponReceipt: true },
  payEngine: 'demo',
  onlineMethods: ['card'],
  takeAwayMinutes: 20,
  takeAwayMaxOrderSum: 3000000,
  slotCapacity: { DELIVERY: null, TAKE_AWAY: null },
  autoDelay: { threshold: null, minutes: 15 },
  reviewLinks: { yandexMaps: null, twoGis: null },
  preOrder: {
    DELIVERY: { enabled: true, minTimeMinutes: 60, dayInAdvance: 2, hours: null },
    TAKE_AWAY: null,
  },
  menuIds: [1],
  cityId: 1,
  isPublished: true,
  orderCode: 'Б',
  photos: [],
  warnings: [],
  version: 3,
};
const hidden: AdminResto = {
  ...bauman,
  id: 2,
  name: { ru: 'Нори-Нори на Пушкина' },
  address: { ru: 'Казань, ул. Пушкина, 10' },
  street: { ru: 'ул. Пушкина, 10' },
  isPublished: false,
};

const common: Record<string, Handler> = {
  'GET /api/v1/admin/restos': () => json({ restos: [bauman, hidden] }),
  'GET /api/v1/admin/restos/1': () => json(bauman),
  'GET /api/v1/admin/cities': () => json({ cities: [kazan] }),
  'GET /api/v1/admin/menus': () => json({ menus: [{ id: 1, name: { ru: 'Основное' } }] }),
};

describe('restaurants', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    staffSessionStore.setState({
      session: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: Date.now() + 15 * 60_000,
        staff: { id: 1, login: 'manager', name: 'Анна', role: 'manager', restoIds: [1, 2] },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks phones, e-mails, links, money and coordinates as the API does', () => {
    const values = restoValues(bauman);
    expect(restoIssues(values)).toEqual({});
    expect(
      restoIssues({
        ...values,
        phones: '+7 843 200-00-01\nзвоните',
        emails: 'nope',
        links: 'ftp://x.ru',
        averageCheck: '-5',
        lat: '95',
        timezone: 'MSK',
        nameRu: ' ',
      }),
    ).toEqual({
      phones: 'phone',
      emails: 'email',
      links: 'link',
      averageCheck: 'money',
      lat: 'lat',
      timezone: 'timezone',
      nameRu: 'required',
    });
    // Only what changed is sent.
    expect(restoPatch({ ...values, nameRu: 'Нори на Баумана' }, bauman)).toEqual({
      name: { ru: 'Нори на Баумана', en: 'Nori-Nori on Baumana' },
    });
  });

  it('lists restaurants, searched by address and city, filtered by publication', async () => {
    stubApi(common);
    await renderBackOffice(<RestaurantsScreen />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Нори-Нори на Баумана' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Показ на сайте'), { target: { value: 'no' } });
    expect(screen.queryByRole('link', { name: 'Нори-Нори на Баумана' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Нори-Нори на Пушкина' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Показ на сайте'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Поиск по названию, адресу или городу'), {
      target: { value: 'баумана, 44' },
    });
    expect(screen.queryByRole('link', { name: 'Нори-Нори на Пушкина' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Поиск по названию, адресу или городу'), {
      target: { value: 'казань' },
    });
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('says on the fields what is wrong and sends nothing', async () => {
    const calls = stubApi(common);
    await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
    await screen.findByDisplayValue('Нори-Нори на Баумана');
    fireEvent.change(screen.getByLabelText('Телефоны'), { target: { value: 'позвоните нам' } });
    fireEvent.change(screen.getByLabelText('Ссылки'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(screen.getByLabelText('Средний чек, ₽'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Телефон: + и от 7 до 15 цифр, например +7 843 200-00-01'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Ссылки')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Средний чек, ₽')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
  });

  it('shows the server’s field error; sends the changed fields under If-Match', async () => {
    let answers = 0;
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': (body) => {
        answers += 1;
        return answers === 1
          ? json(
              {
                errors: [
                  { code: 'admin.resto-order-code-taken', message: 'Префикс занят', field: 'orderCode' },
                ],
              },
              422,
            )
          : json({ ...bauman, ...(body as object), version: 4 });
      },
    });
    await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
    await screen.findByDisplayValue('Нори-Нори на Баумана');
    fireEvent.change(screen.getByLabelText('Префикс номера заказа'), { target: { value: 'П' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Префикс занят')).toBeInTheDocument();
    expect(screen.getByLabelText('Префикс номера заказа')).toHaveAttribute('aria-invalid', 'true');
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/restos/1');
    expect(patch?.body).toEqual({ orderCode: 'П' });
    expect(patch?.headers['if-match']).toBe('"3"');
  });

  it('gives a method’s pre-orders a week of their own, checked as the opening hours are', async () => {
    let answers = 0;
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': () => {
        answers += 1;
        return json(
          {
            errors: [
              {
                code: 'validation',
                message: 'Время в формате ЧЧ:ММ',
                field: 'preOrder.DELIVERY.hours.2.close',
              },
            ],
          },
          400,
        );
      },
    });
    await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
    await screen.findByDisplayValue('Нори-Нори на Баумана');
    expect(screen.getByRole('radio', { name: 'Как часы работы' })).toBeChecked();
    expect(screen.queryByLabelText('Перерыв, Среда')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Свои часы' }));
    fireEvent.click(await screen.findByLabelText('Перерыв, Среда'));
    fireEvent.change(screen.getByLabelText('Перерыв с, Среда'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Перерыв до, Среда'), { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Перерыв должен быть внутри часов работы')).toBeInTheDocument();
    expect(screen.getByLabelText('Перерыв с, Среда')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Перерыв с, Среда'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByLabelText('Перерыв до, Среда'), { target: { value: '16:00' } });
    fireEvent.change(screen.getByLabelText('Режим, Воскресенье'), { target: { value: 'off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    // The server's field error lands on its day's input.
    await waitFor(() =>
      expect(screen.getByLabelText('Закрытие, Среда')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(answers).toBe(1);
    const body = calls.find((c) => c.call === 'PATCH /api/v1/admin/restos/1')?.body as {
      preOrder: { DELIVERY: { hours: unknown[] } };
    };
    expect(Object.keys(body)).toEqual(['preOrder']);
    expect(body.preOrder.DELIVERY).toMatchObject({ minTimeMinutes: 60, dayInAdvance: 2 });
    expect(body.preOrder.DELIVERY.hours).toHaveLength(7);
    expect(body.preOrder.DELIVERY.hours[2]).toEqual({
      dayOfWeek: 3,
      active: true,
      open: '10:00',
      close: '22:00',
      breakFrom: '15:00',
      breakTo: '16:00',
    });
    expect(body.preOrder.DELIVERY.hours[6]).toMatchObject({ dayOfWeek: 7, active: false });
  });

  it('asks before hiding a restaurant from the storefront', async () => {
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': () => json({ ...bauman, isPublished: false, version: 4 }),
    });
    await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
    await screen.findByDisplayValue('Нори-Нори на Баумана');
    fireEvent.click(screen.getByLabelText('Показывать на сайте'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Скрыть «Нори-Нори на Баумана» с сайта?' });
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/restos/1')).toBe(true));
    expect(calls.find((c) => c.call.startsWith('PATCH'))?.body).toEqual({ isPublished: false });
  });
  it('offers the shop’s online methods where it has one: at least one, sent card first', async () => {
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': (body) => json({ ...bauman, ...(body as object), version: 4 }),
    });
    await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
    await screen.findByDisplayValue('Нори-Нори на Баумана');
    const methods = screen.getByRole('group', { name: 'Способы онлайн-оплаты' });
    expect(within(methods).getByLabelText('Карта')).toBeChecked();
    fireEvent.click(within(methods).getByLabelText('Карта'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await within(methods).findByText('Отметьте хотя бы один способ')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.click(within(methods).getByLabelText('SberPay'));
    fireEvent.click(within(methods).getByLabelText('СБП'));
    fireEvent.click(within(methods).getByLabelText('Карта'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/restos/1')).toBe(true));
    expect(calls.find((c) => c.call.startsWith('PATCH'))?.body).toEqual({
      onlineMethods: ['card', 'sbp', 'sberpay'],
    });
  });

  it('shows no online methods for a restaurant without an online shop', async () => {
    const offline = { ...bauman, payDelivery: { ...bauman.payDelivery, cardOnline: null } };
    stubApi({ ...common, 'GET /api/v1/admin/restos/1': () => json(offline) });
    await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
    await screen.findByDisplayValue('Нори-Нори на Баумана');
    expect(screen.queryByRole('group', { name: 'Способы онлайн-оплаты' })).toBeNull();
    fireEvent.click(screen.getAllByLabelText('Картой онлайн')[0] as HTMLElement);
    expect(await screen.findByRole('group', { name: 'Способы онлайн-оплаты' })).toBeInTheDocument();
  });
});
