import { afterEach, beforeEach, expect, it } from 'vitest';
import { STORAGE_VERSION } from '../../shared/storage/keys.ts';
import { firstBootPaths, menuPaths, type SavedChoice, savedChoice } from './boot-requests.ts';

const config = { whiteLabel: 'demo', locales: ['ru', 'en'] as ('ru' | 'en')[], defaultLocale: 'ru' as const };
const returning = {
  app_white_label: 'demo',
  app_version: STORAGE_VERSION,
  city_id: '1',
  resto_id: '3',
  order_delivery_method: '"DELIVERY"',
};

beforeEach(() => {
  for (const [key, value] of Object.entries(returning)) localStorage.setItem(key, value);
});
afterEach(() => localStorage.clear());

it('reads a returning customer’s saved choice as the stores will', () => {
  expect(savedChoice(config)).toEqual({
    whiteLabel: 'demo',
    locale: 'ru',
    cityId: 1,
    restoId: 3,
    method: 'DELIVERY',
  });
  localStorage.setItem('app_locale', '"en"');
  expect(savedChoice(config)?.locale).toBe('en');
  localStorage.setItem('app_locale', '"de"');
  expect(savedChoice(config)?.locale).toBe('ru');
});

it('starts nothing where the app will ask anew: first visit, another brand or storage version, no choice', () => {
  const without = (key: string) => {
    localStorage.removeItem(key);
    const choice = savedChoice(config);
    localStorage.setItem(key, returning[key as keyof typeof returning]);
    return choice;
  };
  for (const key of Object.keys(returning)) expect(without(key), key).toBeNull();
  localStorage.setItem('app_white_label', 'other');
  expect(savedChoice(config)).toBeNull();
  localStorage.setItem('app_white_label', 'demo');
  localStorage.setItem('app_version', String(Number(STORAGE_VERSION) - 1));
  expect(savedChoice(config)).toBeNull();
  localStorage.setItem('app_version', STORAGE_VERSION);
  localStorage.setItem('order_delivery_method', '"DRONE"');
  expect(savedChoice(config)).toBeNull();
});

const choice: SavedChoice = {
  whiteLabel: 'white label',
  locale: 'ru',
  cityId: 2,
  restoId: 5,
  method: 'TAKE_AWAY',
};

it('asks for the paths the app asks for, spelled as the app spells them', () => {
  expect(firstBootPaths(choice, true)).toEqual({
    location: '/1/p/location?cityId=2&whiteLabel=white%20label',
    others: [
      '/1/p/cities?whiteLabel=white%20label',
      '/1/restos/5/promotions',
      '/1/restos/5/positions/modifiers',
      '/1/restos/5/position-time-slots',
      '/1/restos/5/working-hours',
    ],
  });
  expect(firstBootPaths(choice, false).others).not.toContain('/1/restos/5/working-hours');
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
  expect(menuPaths(choice, { restos } as never)).toEqual([
    '/1/p/menus/8/position-groups',
    '/1/p/menus/8/positions',
  ]);
  expect(menuPaths({ ...choice, restoId: 99 }, { restos } as never)).toEqual([]);
});
