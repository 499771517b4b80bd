import type { AdminBrandSettings } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { dishesHandler, type Handler, json, refusal, signInStaff, stubApi } from '../../../test/stub-api.ts';
import { BrandSettingsScreen } from './brand-settings-screen.tsx';

const brand = {
  settings: {
    name: { ru: 'Нори-Нори', en: 'Nori-Nori' },
    logo: '/media/brand/logo.svg',
    favicon: '/media/brand/favicon.svg',
    theme: { mode: 'dark', primary: '#5bd0a4' },
    links: { franchise: null, appStore: null, googlePlay: null, support: null },
    features: { auth: ['PHONE'], personCount: true, promoCodes: true, preOrder: false },
    defaults: { cityId: null, deliveryMethod: null },
    clients: {
      googleMapsKey: null,
      captchaClientKey: null,
      googleClientId: null,
      appleClientId: null,
      vkAppId: null,
      metrikaId: null,
    },
    freeCondiments: [{ positionId: 16, perPerson: 1 }],
  },
  version: 3,
} as AdminBrandSettings;

const base = (): Record<string, Handler> => ({
  'GET /api/v1/admin/brand': () => json(brand),
  'GET /api/v1/admin/cities': () => json({ cities: [] }),
  'GET /api/v1/admin/dishes': dishesHandler,
});

async function openSection() {
  await renderBackOffice(<BrandSettingsScreen />, { path: '/brand/settings' });
  const section = await screen.findByRole('group', { name: /^Бесплатно к заказу ·/ }, { timeout: 5000 });
  await within(section).findByText('Палочки');
  return section;
}

describe('the brand’s free condiments', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signInStaff('owner');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds a condiment with its count per person and saves the list with the settings’ version', async () => {
    const calls = stubApi({
      ...base(),
      'PATCH /api/v1/admin/brand': (body) =>
        json({ settings: { ...brand.settings, ...(body as object) }, version: 4 }),
    });
    const section = await openSection();
    fireEvent.change(within(section).getByLabelText('Найти блюдо бренда'), { target: { value: 'соев' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Добавить: Соевый соус' }));
    fireEvent.change(within(section).getByRole('combobox', { name: 'На персону: Соевый соус' }), {
      target: { value: '2' },
    });
    expect(within(section).getByText(/2 из 10/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/brand')).toBe(true));
    const sent = calls.find((c) => c.call === 'PATCH /api/v1/admin/brand');
    expect((sent?.body as { freeCondiments?: unknown } | undefined)?.freeCondiments).toEqual([
      { positionId: 16, perPerson: 1 },
      { positionId: 11, perPerson: 2 },
    ]);
    expect(sent?.headers['if-match']).toBe('"3"');
    expect(await screen.findByText(/^Сохранено/)).toBeInTheDocument();
  });

  it('removes one, and offers no more once ten are chosen', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => ({ positionId: 100 + index, perPerson: 1 }));
    stubApi({
      ...base(),
      'GET /api/v1/admin/brand': () =>
        json({
          ...brand,
          settings: {
            ...brand.settings,
            freeCondiments: [{ positionId: 16, perPerson: 1 }, ...ten.slice(1)],
          },
        }),
    });
    const section = await openSection();
    expect(within(section).getByText(/10 из 10/)).toBeInTheDocument();
    expect(within(section).getByLabelText('Найти блюдо бренда')).toBeDisabled();
    fireEvent.click(within(section).getByRole('button', { name: 'Убрать: Палочки' }));
    expect(within(section).getByText(/9 из 10/)).toBeInTheDocument();
    expect(within(section).getByLabelText('Найти блюдо бренда')).toBeEnabled();
  });

  it('shows a 422 on a condiment beside the list, naming the dish', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/brand': () =>
        refusal(422, 'admin.dish-not-found', {}, 'freeCondiments.0.positionId'),
    });
    const section = await openSection();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Палочки: admin.dish-not-found (ru)')).toBeInTheDocument();
    expect(section).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a 412 shows the condiments now beside the person’s by name', async () => {
    stubApi({
      ...base(),
      'PATCH /api/v1/admin/brand': () =>
        refusal(412, 'admin.version-stale', {
          current: {
            ...brand,
            settings: { ...brand.settings, freeCondiments: [{ positionId: 12, perPerson: 3 }] },
            version: 5,
          },
        }),
    });
    const section = await openSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Убрать: Палочки' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog');
    const row = within(dialog).getByText('Бесплатно к заказу').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('—');
    expect(row).toHaveTextContent('Имбирь × 3');
  });
});
