import type { AdminBrandSettings } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { brandSettingsBody, brandSettingsValues, textOn } from '../model/brand-settings-form.ts';
import { BrandSecretsScreen } from './brand-secrets-screen.tsx';
import { BrandSettingsScreen } from './brand-settings-screen.tsx';

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

const brand: AdminBrandSettings = {
  settings: {
    name: { ru: 'Нори-Нори', en: 'Nori-Nori' },
    logo: '/media/brand/logo.svg',
    favicon: '/media/brand/favicon.svg',
    theme: { mode: 'dark', primary: '#5bd0a4' },
    links: { franchise: 'https://franchise.example/', appStore: null, googlePlay: null, support: null },
    features: { auth: ['PHONE', 'VK'], personCount: true, promoCodes: true, preOrder: false },
    defaults: { cityId: null, deliveryMethod: null },
    clients: {
      googleMapsKey: null,
      captchaClientKey: null,
      googleClientId: null,
      appleClientId: null,
      vkAppId: '51234567',
      metrikaId: null,
    },
    freeCondiments: [],
  },
  version: 3,
};

const common: Record<string, Handler> = {
  'GET /api/v1/admin/brand': () => json(brand),
  'GET /api/v1/admin/cities': () => json({ cities: [] }),
};

const signedInAs = (role: 'owner' | 'manager') =>
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 1, login: role, name: 'Анна', role, restoIds: [] },
    },
  });

describe('the brand’s settings', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    signedInAs('owner');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('turn the form back into the API’s sections, empty texts as null', () => {
    const body = brandSettingsBody(brandSettingsValues(brand.settings));
    expect(body).toEqual(brand.settings);
    expect(textOn('#ffffff')).toBe('#111111');
    expect(textOn('#1a1a1a')).toBe('#ffffff');
  });

  it('are for owners only', async () => {
    signedInAs('manager');
    stubApi(common);
    await renderBackOffice(<BrandSettingsScreen />, { path: '/' });
    expect(screen.getByRole('alert')).toHaveTextContent('Настройки бренда меняет только владелец');
  });

  it('preview a new colour at once, refuse a plain-http link on its field, and send the sections under If-Match', async () => {
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/brand': (body) =>
        json({ settings: { ...brand.settings, ...(body as object) }, version: 4 }),
    });
    await renderBackOffice(<BrandSettingsScreen />, { path: '/' });
    const primary = await screen.findByRole('textbox', { name: 'Основной цвет' });
    fireEvent.change(primary, { target: { value: '#e0457b' } });
    expect(screen.getByTestId('brand-preview-button')).toHaveStyle({ background: '#e0457b' });
    fireEvent.change(screen.getByLabelText('Поддержка'), { target: { value: 'http://t.me/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Адрес должен начинаться с https://')).toBeInTheDocument();
    expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/brand')).toBe(false);
    fireEvent.change(screen.getByLabelText('Поддержка'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/brand')).toBe(true));
    const sent = calls.find((c) => c.call === 'PATCH /api/v1/admin/brand');
    expect(sent?.headers['if-match']).toBe('"3"');
    expect(sent?.body).toMatchObject({
      theme: { mode: 'dark', primary: '#e0457b' },
      links: { support: null },
      features: { auth: ['PHONE', 'VK'] },
    });
    expect(await screen.findByText('Сохранено: сайт уже показывает новые настройки')).toBeInTheDocument();
  });

  it('put the API’s field errors on their fields', async () => {
    stubApi({
      ...common,
      'PATCH /api/v1/admin/brand': () =>
        json(
          {
            errors: [
              { code: 'admin.brand-city-not-found', message: 'Такого города у бренда нет', field: 'name.en' },
            ],
          },
          422,
        ),
    });
    await renderBackOffice(<BrandSettingsScreen />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Такого города у бренда нет')).toBeInTheDocument();
    expect(screen.getByLabelText(/Название \(англ\.\)/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('upload a logo as the raw image under If-Match, keeping the form’s other edits', async () => {
    const calls = stubApi({
      ...common,
      'PUT /api/v1/admin/brand/pictures/logo': () =>
        json({ settings: { ...brand.settings, logo: '/media/u/abc/640.jpg' }, version: 4 }),
    });
    await renderBackOffice(<BrandSettingsScreen />, { path: '/' });
    const nameEn = await screen.findByLabelText(/Название \(англ\.\)/);
    fireEvent.change(nameEn, { target: { value: 'Nori' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Загрузить логотип'), { target: { files: [file] } });
    expect(await screen.findByText('Картинка загружена и уже на сайте')).toBeInTheDocument();
    const sent = calls.find((c) => c.call === 'PUT /api/v1/admin/brand/pictures/logo');
    expect(sent?.headers).toMatchObject({ 'content-type': 'image/png', 'if-match': '"3"' });
    expect(screen.getByLabelText(/Логотип/)).toHaveValue('/media/u/abc/640.jpg');
    expect(nameEn).toHaveValue('Nori');
  });

  it('list the server’s secrets as set or missing, searchable, never a value', async () => {
    stubApi({
      'GET /api/v1/admin/brand/secrets': () =>
        json({
          secrets: [
            {
              name: 'AUTH_TOKEN_SECRET',
              purpose: { ru: 'Подписывает токены', en: 'Signs tokens' },
              requiredFor: { ru: 'Продакшен', en: 'Production' },
              present: true,
            },
            {
              name: 'SMSRU_API_ID',
              purpose: { ru: 'Ключ SMS.ru', en: 'SMS.ru key' },
              requiredFor: { ru: 'Вход по телефону', en: 'Phone sign-in' },
              present: false,
            },
          ],
        }),
    });
    await renderBackOffice(<BrandSecretsScreen />, { path: '/' });
    const row = (await screen.findByText('SMSRU_API_ID')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Не задан');
    fireEvent.change(screen.getByLabelText('Поиск по названию или назначению'), {
      target: { value: 'токен' },
    });
    expect(screen.queryByText('SMSRU_API_ID')).not.toBeInTheDocument();
    expect(screen.getByText('AUTH_TOKEN_SECRET').closest('tr')).toHaveTextContent('Задан');
  });
});
