import { expect, it } from 'vitest';
import {
  BOOT_CITIES_PATHS,
  type BootChoice,
  bootMenuPaths,
  citiesPath,
  firstBootPaths,
} from './boot-paths.ts';

const choice: BootChoice = { whiteLabel: 'white label', cityId: 2, restoId: 5, method: 'TAKE_AWAY' };

it('spells the boot’s first calls as the storefront asks them; working hours only with pre-orders', () => {
  expect(firstBootPaths(choice, true)).toEqual({
    clock: '/1/now',
    cities: '/1/p/cities?whiteLabel=white%20label',
    location: '/1/p/location?cityId=2&whiteLabel=white%20label',
    promotions: '/1/restos/5/promotions',
    resto: [
      '/1/restos/5/positions/modifiers',
      '/1/restos/5/position-time-slots',
      '/1/restos/5/working-hours',
    ],
  });
  expect(firstBootPaths(choice, false).resto).toEqual([
    '/1/restos/5/positions/modifiers',
    '/1/restos/5/position-time-slots',
  ]);
});

it('asks for the saved restaurant’s menus for the saved method only', () => {
  const restos = [
    { id: 4, menus: [{ id: 1, isDelivery: true, isTakeAway: true }] },
    {
      id: 5,
      menus: [
        { id: 7, isDelivery: true, isTakeAway: false },
        { id: 8, isDelivery: false, isTakeAway: true },
      ],
    },
  ];
  expect(bootMenuPaths(choice, { restos })).toEqual([
    '/1/p/menus/8/position-groups',
    '/1/p/menus/8/positions',
  ]);
  expect(bootMenuPaths({ ...choice, method: 'DELIVERY' }, { restos })).toEqual([
    '/1/p/menus/7/position-groups',
    '/1/p/menus/7/positions',
  ]);
  expect(bootMenuPaths({ ...choice, restoId: 99 }, { restos })).toEqual([]);
});

it("names the brand's cities once, for the head and the app alike", () => {
  expect(citiesPath('demo')).toBe('/1/p/cities?whiteLabel=demo');
  expect(citiesPath('a b&c')).toBe('/1/p/cities?whiteLabel=a%20b%26c');
  expect(citiesPath('demo').startsWith(BOOT_CITIES_PATHS)).toBe(true);
  expect(firstBootPaths(choice, false).cities).toBe(citiesPath(choice.whiteLabel));
});
