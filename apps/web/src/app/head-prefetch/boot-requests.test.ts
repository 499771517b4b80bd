import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_BOOT_ID, type FirstScreenChoice } from '@storefront/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_VERSION } from '../../shared/storage/keys.ts';
import {
  bootCallPath,
  bootOptions,
  claimableAnswers,
  embeddedBoot,
  firstSlidePicture,
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

const choice: SavedChoice = { whiteLabel: 'demo', cityId: 2, restoId: 5, method: 'TAKE_AWAY' };

it('asks the boot call for the saved city, restaurant, method and brand', () => {
  const url = new URL(bootCallPath(choice), 'http://x');
  expect(url.pathname).toBe('/1/p/boot');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    cityId: '2',
    restoId: '5',
    method: 'TAKE_AWAY',
    whiteLabel: 'demo',
  });
});

it('hands out each of the boot call’s answers as its own call’s response, timed by the boot call', async () => {
  const answers = claimableAnswers(
    {
      answers: [
        { path: '/1/now', status: 200, body: { utc_time: '2026-11-24T12:00:00.000Z' } },
        {
          path: '/1/restos/5/promotions',
          status: 404,
          body: { errors: [{ code: 'resto.not-found', message: 'Нет' }] },
        },
        { path: '/1/odd', status: 1000, body: null },
      ],
    },
    'en',
    10,
    20,
  );
  expect([...answers.keys()]).toEqual(['/1/now', '/1/restos/5/promotions']);
  const clock = answers.get('/1/now');
  expect(clock).toMatchObject({ locale: 'en', sentAt: 10, receivedAt: 20 });
  expect(clock?.response.ok).toBe(true);
  expect(await clock?.response.json()).toEqual({ utc_time: '2026-11-24T12:00:00.000Z' });
  const missing = answers.get('/1/restos/5/promotions')?.response;
  expect(missing?.status).toBe(404);
  expect(await missing?.json()).toEqual({ errors: [{ code: 'resto.not-found', message: 'Нет' }] });
});

it('preloads home’s first promotion picture only, and only on home', () => {
  const promotions = [{ image: '/media/promotions/welcome.svg' }, { image: '/media/promotions/night.svg' }];
  expect(firstSlidePicture('/', promotions)).toBe('/media/promotions/welcome.svg');
  expect(firstSlidePicture('/menus/1', promotions)).toBeNull();
  expect(firstSlidePicture('/', [{ image: null }, ...promotions])).toBeNull();
  expect(firstSlidePicture('/', [])).toBeNull();
});

describe('embeddedBoot: the answers of a first screen the server drew', () => {
  const drawnFor: FirstScreenChoice = {
    whiteLabel: 'demo',
    cityId: 2,
    restoId: 5,
    method: 'TAKE_AWAY',
    locale: 'en',
  };
  const answers = [
    { path: '/1/now', status: 200, body: { utc_time: '2026-11-24T12:00:00.000Z' } },
    { path: '/1/p/cities?whiteLabel=demo', status: 200, body: [{ id: 2, name: { ru: 'Казань' }, order: 1 }] },
  ];

  /** The page as the API sends it (apps/api/src/modules/seo/first-screen.ts firstScreenPage). */
  function drawnPage(embedded: unknown = { choice: drawnFor, answers }) {
    document.documentElement.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
    const script = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: FIRST_SCREEN_BOOT_ID,
      textContent: JSON.stringify(embedded),
    });
    document.body.append(script);
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 24, 12, 0, 1));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.documentElement.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
    document.getElementById(FIRST_SCREEN_BOOT_ID)?.remove();
  });

  it('hands over the answers drawn for the same choice and language, timed by the page’s own request', async () => {
    drawnPage();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { requestStart: 120.4, responseStart: 380.6 } as PerformanceNavigationTiming,
    ]);
    expect(await embeddedBoot(choice, 'en')).toEqual({
      boot: { answers },
      sentAt: Math.round(performance.timeOrigin + 120.4),
      receivedAt: Math.round(performance.timeOrigin + 380.6),
    });
  });

  it('times them by the page’s start and now when the browser has no navigation timing', async () => {
    drawnPage();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    expect(await embeddedBoot(choice, 'en')).toEqual({
      boot: { answers },
      sentAt: Math.round(performance.timeOrigin),
      receivedAt: Date.UTC(2026, 10, 24, 12, 0, 1),
    });
  });

  it('hands over nothing drawn for another choice, language or brand: the head asks the boot call', async () => {
    drawnPage();
    expect(await embeddedBoot({ ...choice, restoId: 6 }, 'en')).toBeNull();
    expect(await embeddedBoot({ ...choice, method: 'DELIVERY' }, 'en')).toBeNull();
    expect(await embeddedBoot({ ...choice, cityId: 1 }, 'en')).toBeNull();
    expect(await embeddedBoot({ ...choice, whiteLabel: 'other' }, 'en')).toBeNull();
    expect(await embeddedBoot(choice, 'ru')).toBeNull();
    expect(await embeddedBoot(choice, 'en')).not.toBeNull();
  });

  it('hands over nothing from a page the server did not draw, or without its answers', async () => {
    drawnPage();
    document.documentElement.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
    expect(await embeddedBoot(choice, 'en')).toBeNull();
    document.documentElement.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
    document.getElementById(FIRST_SCREEN_BOOT_ID)?.remove();
    expect(await embeddedBoot(choice, 'en')).toBeNull();
    drawnPage({ choice: drawnFor });
    expect(await embeddedBoot(choice, 'en')).toBeNull();
  });

  it('waits for the page to be parsed: the answers come after the drawn screen', async () => {
    document.documentElement.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    let settled = false;
    const handed = embeddedBoot(choice, 'en').finally(() => {
      settled = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    // The parser reaches the script, then the end of the page.
    drawnPage();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect((await handed)?.boot.answers).toEqual(answers);
  });
});
