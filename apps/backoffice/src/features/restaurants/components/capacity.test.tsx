import type { AdminCity, AdminResto } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { type Handler, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import { restoIssues, restoValues } from '../model/resto-form.ts';
import { RestaurantsScreen } from './restaurants-screen.tsx';

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

async function openBauman() {
  await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
  await screen.findByDisplayValue('Нори-Нори на Баумана');
  return screen.getByRole('group', { name: 'Вместимость' });
}

describe('a restaurant’s capacity and automatic delay', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signInStaff('manager', [1, 2]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks the limits before sending: whole orders, empty meaning none', () => {
    const values = restoValues(bauman);
    expect(values.capacityDelivery).toBe('');
    expect(
      restoIssues({ ...values, capacityDelivery: '0', capacityTakeAway: '2.5', autoDelayThreshold: '101' }),
    ).toEqual({
      capacityDelivery: 'capacity',
      capacityTakeAway: 'capacity',
      autoDelayThreshold: 'threshold',
    });
    expect(restoIssues({ ...values, capacityDelivery: '6', autoDelayThreshold: '100' })).toEqual({});
  });

  it('sends the capacity per method and the automatic delay as changed fields under If-Match', async () => {
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': (body) => json({ ...bauman, ...(body as object), version: 4 }),
    });
    const section = await openBauman();
    fireEvent.change(within(section).getByLabelText('Доставка: заказов за 15 минут'), {
      target: { value: '6' },
    });
    fireEvent.change(within(section).getByLabelText('Больше скольких непринятых заказов'), {
      target: { value: '8' },
    });
    fireEvent.change(within(section).getByLabelText('Добавлять'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/restos/1')).toBe(true));
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/restos/1');
    expect(patch?.body).toEqual({
      slotCapacity: { DELIVERY: 6, TAKE_AWAY: null },
      autoDelay: { threshold: 8, minutes: 60 },
    });
    expect(patch?.headers['if-match']).toBe('"3"');
  });

  it('clearing a limit sends null (no limit); a wrong one is shown on its field and nothing is sent', async () => {
    const calls = stubApi({
      ...common,
      'GET /api/v1/admin/restos/1': () =>
        json({
          ...bauman,
          slotCapacity: { DELIVERY: 6, TAKE_AWAY: 4 },
          autoDelay: { threshold: 8, minutes: 30 },
        }),
      'PATCH /api/v1/admin/restos/1': (body) => json({ ...bauman, ...(body as object), version: 4 }),
    });
    const section = await openBauman();
    const takeAway = within(section).getByLabelText('Самовывоз: заказов за 15 минут');
    expect(takeAway).toHaveValue('4');
    fireEvent.change(takeAway, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Целое число заказов от 1 до 1000 или пусто')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.change(takeAway, { target: { value: '' } });
    fireEvent.change(within(section).getByLabelText('Больше скольких непринятых заказов'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/restos/1')).toBe(true));
    expect(calls.find((c) => c.call === 'PATCH /api/v1/admin/restos/1')?.body).toEqual({
      slotCapacity: { DELIVERY: 6, TAKE_AWAY: null },
      autoDelay: { threshold: null, minutes: 30 },
    });
  });

  it('puts the API’s 422 on the method’s field', async () => {
    stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': () => refusal(422, 'validation.too-big', {}, 'slotCapacity.TAKE_AWAY'),
    });
    const section = await openBauman();
    fireEvent.change(within(section).getByLabelText('Самовывоз: заказов за 15 минут'), {
      target: { value: '900' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('validation.too-big (ru)')).toBeInTheDocument();
    expect(within(section).getByLabelText('Самовывоз: заказов за 15 минут')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('on a 412 names the capacity among what differs', async () => {
    stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': () =>
        refusal(412, 'admin.version-stale', {
          current: { ...bauman, slotCapacity: { DELIVERY: 3, TAKE_AWAY: null }, version: 5 },
        }),
    });
    const section = await openBauman();
    fireEvent.change(within(section).getByLabelText('Доставка: заказов за 15 минут'), {
      target: { value: '6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog');
    const row = within(dialog).getByText('Вместимость').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Доставка 6 · Самовывоз —');
    expect(row).toHaveTextContent('Доставка 3 · Самовывоз —');
  });
});
