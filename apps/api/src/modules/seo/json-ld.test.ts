import { expect, it } from 'vitest';
import { majorAmount, openingHoursSpecification } from './json-ld.ts';

it('writes a price as schema.org reads it: roubles with a dot, no currency sign or grouping', () => {
  expect(majorAmount(69000)).toBe('690');
  expect(majorAmount(69050)).toBe('690.5');
  expect(majorAmount(123456789)).toBe('1234567.89');
});

it('lists only the open days, and closes a day that ends at midnight at 23:59', () => {
  const spec = openingHoursSpecification([
    { dayOfWeek: 1, active: true, open: '10:00', close: '22:00' },
    { dayOfWeek: 2, active: false, open: '10:00', close: '22:00' },
    { dayOfWeek: 7, active: true, open: '12:00', close: '00:00' },
  ]);
  expect(spec).toEqual([
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '10:00',
      closes: '22:00',
    },
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Sunday',
      opens: '12:00',
      closes: '23:59',
    },
  ]);
});

it('splits a day with a lunch break into the hours before and after it', () => {
  const spec = openingHoursSpecification([
    { dayOfWeek: 3, active: true, open: '10:00', close: '22:00', breakFrom: '15:00', breakTo: '16:00' },
  ]);
  expect(spec.map((s) => [s.opens, s.closes])).toEqual([
    ['10:00', '15:00'],
    ['16:00', '22:00'],
  ]);
});
