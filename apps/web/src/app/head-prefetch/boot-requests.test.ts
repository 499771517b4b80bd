import { afterEach, beforeEach, expect, it } from 'vitest';
import { STORAGE_VERSION } from '../../shared/storage/keys.ts';
import {
  bootOptions,
  firstBootPaths,
  firstSlidePicture,
  menuPaths,
  type SavedChoice,
  savedChoice,
} from './boot-requests.ts';

const config = {
  whiteLabel: 'demo',
  locales: ['ru', 'en'] as ('ru' | 'en')[],
  defaultLocale: 'ru' as const,
  apiBase: 'https://api.example.com/',
};
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

it('reads a returning customer’s saved choice as the stores will, from storage alone', () => {
  expect(savedChoice()).toEqual({ whiteLabel: 'demo', cityId: 1, restoId: 3, method: 'DELIVERY' });
});

it('starts nothing where the app will ask anew: first visit, another storage version, no choice', () => {
  const without = (key: string) => {
    localStorage.removeItem(key);
    const choice = savedChoice();
    localStorage.setItem(key, returning[key as keyof typeof returning]);
    return choice;
  };
  for (const key of Object.keys(returning)) expect(without(key), key).toBeNull();
  localStorage.setItem('app_version', String(Number(STORAGE_VERSION) - 1));
  expect(savedChoice()).toBeNull();
  localStorage.setItem('app_version', STORAGE_VERSION);
  localStorage.setItem('order_delivery_method', '"DRONE"');
  expect(savedChoice()).toBeNull();
});

it('asks where and in the language the app will: the API base, the saved language if the brand has it', () => {
  const choice = savedChoice() as SavedChoice;
  expect(bootOptions(choice, config)).toEqual({ base: 'https://api.example.com', locale: 'ru' });
  localStorage.setItem('app_locale', '"en"');
  expect(bootOptions(choice, config)?.locale).toBe('en');
  expect(bootOptions(choice, { ...config, locales: ['ru'] })?.locale).toBe('ru');
  localStorage.setItem('app_locale', '"de"');
  expect(bootOptions(choice, { ...config, defaultLocale: 'en' as never })?.locale).toBe('en');
  expect(bootOptions(choice, { ...config, apiBase: '' })?.base).toBe('');
});

it('asks nothing for another brand: the app will clear the storage', () => {
  expect(bootOptions(savedChoice() as SavedChoice, { ...config, whiteLabel: 'other' })).toBeNull();
});

const choice: SavedChoice = { whiteLabel: 'white label', cityId: 2, restoId: 5, method: 'TAKE_AWAY' };

it('asks for the paths the app asks for, spelled as the app spells them', () => {
  expect(firstBootPaths(choice)).toEqual({
    clock: '/1/now',
    promotions: '/1/restos/5/promotions',
    location: '/1/p/location?cityId=2&whiteLabel=white%20label',
    others: [
      '/1/p/cities?whiteLabel=white%20label',
      '/1/restos/5/positions/modifiers',
      '/1/restos/5/position-time-slots',
    ],
    workingHours: '/1/restos/5/working-hours',
  });
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

it('preloads home’s first promotion picture only, and only on home', () => {
  const promotions = [{ image: '/media/promotions/welcome.svg' }, { image: '/media/promotions/night.svg' }];
  expect(firstSlidePicture('/', promotions)).toBe('/media/promotions/welcome.svg');
  expect(firstSlidePicture('/menus/1', promotions)).toBeNull();
  expect(firstSlidePicture('/', [{ image: null }, ...promotions])).toBeNull();
  expect(firstSlidePicture('/', [])).toBeNull();
});
