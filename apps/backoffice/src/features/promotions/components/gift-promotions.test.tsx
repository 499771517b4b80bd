import type { AdminPromotion } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { dishesHandler, type Handler, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import { PromotionEditor } from './promotion-editor.tsx';
import { PromotionList } from './promotion-list.tsx';

const BANNER: AdminPromotion = {
  id: 1,
  title: { ru: 'Сет недели' },
  text: { ru: '' },
  image: null,
  priority: 10,
  startsAt: null,
  endsAt: null,
  linkMenuId: null,
  linkPositionId: null,
  isPublished: true,
  restoIds: [],
  kind: 'banner',
  gift: null,
  state: 'active',
  version: 1,
};
const GIFT: AdminPromotion = {
  ...BANNER,
  id: 2,
  title: { ru: 'Ролл в подарок' },
  kind: 'gift',
  gift: { minSum: 150_000, positionIds: [15], withPromoCode: false, withBonus: true },
  version: 3,
};

const base = (): Record<string, Handler> => ({
  'GET /api/v1/admin/promotions': () => json({ promotions: [BANNER, GIFT], timezone: '+03:00' }),
  'GET /api/v1/admin/promotions/2': () => json(GIFT),
  'GET /api/v1/admin/menus': () => json({ menus: [] }),
  'GET /api/v1/admin/restos': () => json({ restos: [] }),
  'GET /api/v1/admin/dishes': dishesHandler,
});

const pickerOf = () => screen.getByRole('group', { name: /^Блюда на выбор ·/ });

describe('gift promotions', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signInStaff();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the list marks a gift with its sum and filters to gifts', async () => {
    stubApi(base());
    await renderBackOffice(<PromotionList />, { path: '/marketing/promotions' });
    const gift = (await screen.findByText('Ролл в подарок')).closest('tr') as HTMLElement;
    expect(within(gift).getByText(/^Подарок от 1\s500 ₽$/)).toBeInTheDocument();
    const banner = screen.getByText('Сет недели').closest('tr') as HTMLElement;
    expect(within(banner).queryByText(/Подарок от/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Вид'), { target: { value: 'gift' } });
    expect(screen.queryByText('Сет недели')).toBeNull();
    expect(screen.getByText('Ролл в подарок')).toBeInTheDocument();
  });

  it('makes a gift: the sum typed in roubles goes in kopecks, the dishes in order, the stacking switches', async () => {
    const calls = stubApi({
      ...base(),
      'POST /api/v1/admin/promotions': (body) =>
        json({ ...GIFT, ...(body as object), id: 9, version: 1 }, 201),
    });
    await renderBackOffice(<PromotionEditor id={null} />, { path: '/marketing/promotions/new' });
    fireEvent.change(await screen.findByLabelText(/Название \(рус\.\)/), {
      target: { value: 'Подарок к сету' },
    });
    expect(screen.queryByLabelText(/Заказ от/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Подарок' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Целое число рублей от 1 до 1 000 000')).toBeInTheDocument();
    expect(screen.getAllByText('Выберите хотя бы одно блюдо').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.call === 'POST /api/v1/admin/promotions')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Заказ от/), { target: { value: '1500' } });
    await waitFor(() => expect(within(pickerOf()).getByLabelText('Найти блюдо бренда')).toBeEnabled());
    fireEvent.change(within(pickerOf()).getByLabelText('Найти блюдо бренда'), { target: { value: 'фила' } });
    fireEvent.click(within(pickerOf()).getByRole('button', { name: 'Добавить: Филадельфия' }));
    fireEvent.change(within(pickerOf()).getByLabelText('Найти блюдо бренда'), { target: { value: 'морс' } });
    fireEvent.click(within(pickerOf()).getByRole('button', { name: 'Добавить: Морс клюквенный' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Вместе с промокодом' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'POST /api/v1/admin/promotions')).toBe(true));
    const sent = calls.find((c) => c.call === 'POST /api/v1/admin/promotions')?.body as { gift: unknown };
    expect(sent.gift).toEqual({
      minSum: 150_000,
      positionIds: [15, 14],
      withPromoCode: true,
      withBonus: false,
    });
  });

  it('turning a gift back into a banner sends gift null under its version', async () => {
    const calls = stubApi({
      ...base(),
      'PATCH /api/v1/admin/promotions/2': (body) =>
        json({ ...GIFT, ...(body as object), kind: 'banner', version: 4 }),
    });
    await renderBackOffice(<PromotionEditor id={2} />, { path: '/marketing/promotions/2' });
    expect(await screen.findByRole('radio', { name: 'Подарок' })).toBeChecked();
    expect(screen.getByLabelText(/Заказ от/)).toHaveValue('1500');
    expect(screen.getByRole('checkbox', { name: 'Вместе с баллами' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Баннер' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/promotions/2')).toBe(true));
    const sent = calls.find((c) => c.call === 'PATCH /api/v1/admin/promotions/2');
    expect((sent?.body as { gift?: unknown } | undefined)?.gift).toBeNull();
    expect(sent?.headers['if-match']).toBe('"3"');
  });

  it('shows the API’s 422 on the gift’s dishes beside them', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/promotions/2': () =>
        refusal(422, 'admin.dish-not-found', {}, 'gift.positionIds.0'),
    });
    await renderBackOffice(<PromotionEditor id={2} />, { path: '/marketing/promotions/2' });
    await screen.findByRole('radio', { name: 'Подарок' });
    await waitFor(() => expect(within(pickerOf()).getByText('Филадельфия')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('admin.dish-not-found (ru)')).toBeInTheDocument();
    expect(pickerOf()).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a 412 shows the gift now beside the person’s, dishes by name', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/promotions/2': () =>
        refusal(412, 'admin.version-stale', {
          current: { ...GIFT, gift: { ...GIFT.gift, minSum: 200_000, positionIds: [14] }, version: 5 },
        }),
    });
    await renderBackOffice(<PromotionEditor id={2} />, { path: '/marketing/promotions/2' });
    await screen.findByRole('radio', { name: 'Подарок' });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog');
    const sum = within(dialog).getByText('Заказ от').closest('tr') as HTMLElement;
    expect(sum).toHaveTextContent('1500');
    expect(sum).toHaveTextContent('2000');
    const dishes = within(dialog).getByText('Блюда на выбор').closest('tr') as HTMLElement;
    expect(dishes).toHaveTextContent('Филадельфия');
    expect(dishes).toHaveTextContent('Морс клюквенный');
  });
});
