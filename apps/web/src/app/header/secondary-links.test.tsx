import type { BrandPageLink } from '@storefront/domain/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi, testBrand } from '../../test/render-app.tsx';
import { AppRoutes } from '../router.tsx';
import { SecondaryLinks } from './links.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The brand's published pages as /config.json lists them: already in the brand's order. */
const pages: BrandPageLink[] = [
  { slug: 'dostavka-nochyu', title: { ru: 'Доставка ночью', en: 'Night delivery' }, order: 1 },
  {
    slug: 'informaciya-dlya-klientov',
    title: { ru: 'Информация для клиентов', en: 'For customers' },
    order: 10,
  },
  { slug: 'dostavka', title: { ru: 'Доставка', en: 'Delivery' }, order: 80 },
];
const brand = { ...testBrand, pages };

const linksOf = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

it('links the brand’s pages in its order, titled in Russian', async () => {
  await renderWithApp(<SecondaryLinks />, { cities: [] }, { brand });
  expect(linksOf()).toEqual([
    ['Доставка ночью', '/dostavka-nochyu'],
    ['Информация для клиентов', '/informaciya-dlya-klientov'],
    ['Доставка', '/dostavka'],
  ]);
});

it('titles them in English for an English customer', async () => {
  await renderWithApp(<SecondaryLinks />, { cities: [] }, { brand, locale: 'en' });
  expect(linksOf().map(([title]) => title)).toEqual(['Night delivery', 'For customers', 'Delivery']);
});

it('links nothing when the brand has no published page', async () => {
  await renderWithApp(<SecondaryLinks />, { cities: [] }, { brand: { ...testBrand, pages: [] } });
  expect(screen.queryAllByRole('link')).toEqual([]);
});

it('opens a listed page from its markdown', async () => {
  stubApi({ '/content/pages/ru/dostavka-nochyu.md': 'Возим до трёх часов ночи' });
  await renderWithApp(<AppRoutes />, { cities: [] }, { brand, entry: '/dostavka-nochyu' });
  expect(await screen.findByText(/Возим до трёх часов ночи/)).toBeInTheDocument();
});

it('draws the not-found page for a slug the brand does not list, asking nothing', async () => {
  const calls = stubApi({ '/content/pages/ru/skrytaya.md': '# Скрытая' });
  await renderWithApp(<AppRoutes />, { cities: [] }, { brand, entry: '/skrytaya' });
  expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
  expect(calls.filter((call) => call.startsWith('/content/'))).toEqual([]);
});

it('draws the not-found page for a listed page hidden since the storefront started (its markdown is 404)', async () => {
  stubApi({});
  await renderWithApp(<AppRoutes />, { cities: [] }, { brand, entry: '/dostavka' });
  expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
});
