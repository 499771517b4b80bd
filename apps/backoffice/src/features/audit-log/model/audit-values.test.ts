import type { TFunction } from 'i18next';
import { expect, it } from 'vitest';
import { shownValue } from './audit-values.ts';

// The keys themselves (or their defaults) stand for the words: what matters is the shape of the line.
const t = ((key: string, options?: { defaultValue?: string; day?: string }) =>
  options?.day ? `${options.day}: off` : (options?.defaultValue ?? key)) as unknown as TFunction<'audit'>;

it("shows a restaurant's weeks a method a line: its days with their breaks, or 'same as the restaurant's'", () => {
  const weeks = {
    ALL: [
      { dayOfWeek: 1, active: true, open: '10:00', close: '22:00', breakFrom: '15:00', breakTo: '16:00' },
      { dayOfWeek: 2, active: false, open: '10:00', close: '22:00', breakFrom: null, breakTo: null },
    ],
    DELIVERY: null,
  };
  expect(shownValue('weeks', weeks, 'en', t)).toEqual({
    kind: 'list',
    items: ['ALL: Mon 10:00–22:00 (field_breakFrom 15:00–16:00), Tue: off', 'DELIVERY: weekSame'],
  });
});

it("shows a delivery zone's border as its number of points and its bands as from–to: price, minutes", () => {
  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 1 },
    { lat: 1, lng: 1 },
  ];
  expect(shownValue('polygon', square, 'en', t)).toEqual({ kind: 'text', text: 'polygonPoints' });
  const bands = [
    { orderPriceMin: 50_000, orderPriceMax: 150_000, deliveryPrice: 19_900, timeMinutes: 55 },
    { orderPriceMin: 150_000, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 50 },
  ];
  const shown = shownValue('bands', bands, 'en', t);
  expect(shown.kind).toBe('list');
  const items = (shown as { items: string[] }).items;
  expect(items).toEqual(['₽500 – ₽1,500: ₽199, bandMinutes', '₽1,500+: ₽0, bandMinutes']);
});
