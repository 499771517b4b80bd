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

const common: Record<string, Handler> = {
  'GET /api/v1/admin/restos': () => json({ restos: [bauman] }),
  'GET /api/v1/admin/restos/1': () => json(bauman),
  'GET /api/v1/admin/cities': () => json({ cities: [kazan] }),
  'GET /api/v1/admin/menus': () => json({ menus: [{ id: 1, name: { ru: 'Основное' } }] }),
};

const YANDEX = 'https://yandex.ru/maps/org/nori_nori/1234567890/';
const TWO_GIS = 'https://2gis.ru/kazan/firm/70000001012345678';

async function openReviews() {
  await renderBackOffice(<RestaurantsScreen />, { path: '/1' });
  await screen.findByDisplayValue('Нори-Нори на Баумана');
  return screen.getByRole('group', { name: 'Отзывы на картах' });
}

describe('a restaurant’s review links', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signInStaff('manager', [1]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks each link before sending: https on its own service, empty meaning none', () => {
    const values = restoValues(bauman);
    expect([values.reviewYandexMaps, values.reviewTwoGis]).toEqual(['', '']);
    expect(
      restoIssues({ ...values, reviewYandexMaps: 'http://yandex.ru/maps/org/1', reviewTwoGis: YANDEX }),
    ).toEqual({ reviewYandexMaps: 'reviewYandexMaps', reviewTwoGis: 'reviewTwoGis' });
    expect(restoIssues({ ...values, reviewYandexMaps: YANDEX, reviewTwoGis: ` ${TWO_GIS} ` })).toEqual({});
  });

  it('sends both links as one changed field under If-Match; a wrong one shows beside its field, nothing sent', async () => {
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/restos/1': (body) => json({ ...bauman, ...(body as object), version: 4 }),
    });
    const section = await openReviews();
    const yandex = within(section).getByLabelText('Яндекс Карты');
    fireEvent.change(yandex, { target: { value: 'https://maps.example.com/nori' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Нужна ссылка https на карточку ресторана в Яндекс Картах'),
    ).toBeInTheDocument();
    expect(yandex).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
    fireEvent.change(yandex, { target: { value: YANDEX } });
    fireEvent.change(within(section).getByLabelText('2ГИС'), { target: { value: TWO_GIS } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/restos/1')).toBe(true));
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/restos/1');
    expect(patch?.body).toEqual({ reviewLinks: { yandexMaps: YANDEX, twoGis: TWO_GIS } });
    expect(patch?.headers['if-match']).toBe('"3"');
  });

  it('clearing a link sends null; the API’s 422 lands on its field', async () => {
    const calls = stubApi({
      ...common,
      'GET /api/v1/admin/restos/1': () =>
        json({ ...bauman, reviewLinks: { yandexMaps: YANDEX, twoGis: TWO_GIS } }),
      'PATCH /api/v1/admin/restos/1': () =>
        refusal(422, 'admin.review-link-invalid', {}, 'reviewLinks.twoGis'),
    });
    const section = await openReviews();
    expect(within(section).getByLabelText('Яндекс Карты')).toHaveValue(YANDEX);
    fireEvent.change(within(section).getByLabelText('Яндекс Карты'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/restos/1')).toBe(true));
    expect(calls.find((c) => c.call === 'PATCH /api/v1/admin/restos/1')?.body).toEqual({
      reviewLinks: { yandexMaps: null, twoGis: TWO_GIS },
    });
    expect(await screen.findByText('admin.review-link-invalid (ru)')).toBeInTheDocument();
    expect(within(section).getByLabelText('2ГИС')).toHaveAttribute('aria-invalid', 'true');
  });
});
