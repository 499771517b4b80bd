import type { AdminBrandPage } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { BrandPagesScreen } from './brand-pages-screen.tsx';

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function stubApi(table: Record<string, (body: unknown) => Response>) {
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

const page = (id: number, slug: string, ru: string, isPublished = true): AdminBrandPage => ({
  id,
  slug,
  title: { ru, en: `${ru} (en)` },
  body: { ru: `# ${ru}\n\nТекст <script>alert(1)</script> и **жирный**.`, en: `# ${ru} (en)` },
  order: id * 10,
  isPublished,
  version: 2,
});

const pages = [page(1, 'dostavka', 'Доставка'), page(2, 'pravila-prodazhi', 'Правила продажи', false)];

describe('the brand’s pages', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    staffSessionStore.setState({
      session: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: Date.now() + 15 * 60_000,
        staff: { id: 1, login: 'owner', name: 'Анна', role: 'owner', restoIds: [] },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('are listed with their state, searched by title or address, deleted after a confirmation', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/brand/pages': () => json({ pages }),
      'DELETE /api/v1/admin/brand/pages/2': () => json(null, 204),
    });
    await renderBackOffice(<BrandPagesScreen />, { path: '/' });
    const hidden = (await screen.findByRole('link', { name: 'Правила продажи' })).closest(
      'tr',
    ) as HTMLElement;
    expect(hidden).toHaveTextContent('Скрыта');
    fireEvent.change(screen.getByLabelText('Поиск по названию или адресу'), { target: { value: 'dost' } });
    expect(screen.queryByRole('link', { name: 'Правила продажи' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Поиск по названию или адресу'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить страницу «Правила продажи»' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() =>
      expect(calls.some((c) => c.call === 'DELETE /api/v1/admin/brand/pages/2')).toBe(true),
    );
    expect(calls.find((c) => c.call.startsWith('DELETE'))?.headers['if-match']).toBe('"2"');
  });

  it('preview the markdown as the storefront renders it, raw HTML shown as text', async () => {
    stubApi({ 'GET /api/v1/admin/brand/pages': () => json({ pages }) });
    await renderBackOffice(<BrandPagesScreen />, { path: '/1' });
    const preview = await screen.findByRole('region', { name: /Предпросмотр/ });
    expect(within(preview).getByRole('heading', { name: 'Доставка' })).toBeInTheDocument();
    expect(preview.querySelector('strong')).toHaveTextContent('жирный');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>alert(1)</script>');
  });

  it('refuse a slug with other letters on its field and send nothing; a good one is created', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/brand/pages': () => json({ pages }),
      'POST /api/v1/admin/brand/pages': () => json(page(3, 'o-nas', 'О нас'), 201),
    });
    const { location } = await renderBackOffice(<BrandPagesScreen />, { path: '/new' });
    fireEvent.change(await screen.findByLabelText(/Адрес страницы/), { target: { value: 'О нас' } });
    fireEvent.change(screen.getByLabelText(/Заголовок \(рус\.\)/), { target: { value: 'О нас' } });
    fireEvent.change(screen.getByLabelText(/Заголовок \(англ\.\)/), { target: { value: 'About us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(
      await screen.findByText('Только латинские буквы в нижнем регистре, цифры и дефисы'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('POST'))).toBe(false);
    fireEvent.change(screen.getByLabelText(/Адрес страницы/), { target: { value: 'o-nas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'POST /api/v1/admin/brand/pages')).toBe(true));
    expect(calls.find((c) => c.call.startsWith('POST'))?.body).toMatchObject({
      slug: 'o-nas',
      title: { ru: 'О нас', en: 'About us' },
      isPublished: true,
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/3'));
  });
});
