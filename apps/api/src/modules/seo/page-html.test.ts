import type { OpeningHoursDay } from '@storefront/domain';
import { expect, it } from 'vitest';
import { hoursLines, infoHtml } from './page-html.ts';
import type { SiteContext } from './site.ts';

const site = (locale: 'ru' | 'en'): SiteContext => ({
  origin: 'https://shop.example.com',
  locale,
  brandName: 'Brand',
  brandImage: null,
  catalog: { restos: [], menus: [], positions: new Map(), promotions: [], expiresAt: 0 },
  cityNames: new Map(),
  pages: new Map(),
});

it('writes a week of opening hours Monday first, with days off, round-the-clock days and 24:00', () => {
  const week: OpeningHoursDay[] = [
    { dayOfWeek: 3, active: true, open: '00:00', close: '00:00' },
    { dayOfWeek: 2, active: false, open: '10:00', close: '22:00' },
    { dayOfWeek: 1, active: true, open: '10:00', close: '23:59' },
    { dayOfWeek: 4, active: true, open: '11:00', close: '02:00' },
  ];
  expect(hoursLines(site('ru'), week)).toEqual([
    'Пн: 10:00–24:00',
    'Вт: выходной',
    'Ср: круглосуточно',
    'Чт: 11:00–02:00',
  ]);
  expect(hoursLines(site('en'), week)[1]).toBe('Tue: day off');
});

it("escapes an information page's markup inside its article", () => {
  expect(infoHtml({ slug: 'x', title: 'X', markdown: '# <b>Hi</b>\n\nA & B' })).toBe(
    '<article><h1>&lt;b&gt;Hi&lt;/b&gt;</h1>\n<p>A &amp; B</p></article>',
  );
});
