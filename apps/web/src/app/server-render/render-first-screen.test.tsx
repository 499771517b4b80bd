import {
  type BootChoice,
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_BOOT_ID,
  type FirstScreenChoice,
  minor,
} from '@storefront/domain';
import {
  type BootAnswer,
  bootResponse,
  type CityListItem,
  citiesResponse,
  locationResponse,
  modifiersResponse,
  nowResponse,
  type Position,
  type PositionGroup,
  type Promotion,
  type PublicConfig,
  positionGroupsResponse,
  positionsResponse,
  promotionsResponse,
  type TimeSlot,
  timeSlotsResponse,
  workingHoursResponse,
} from '@storefront/domain/contracts';
import { act } from '@testing-library/react';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../entities/app-flags/app-flags-store.ts';
import { cartStore } from '../../entities/cart/cart-store.ts';
import { clockStore } from '../../entities/clock/clock-store.ts';
import {
  type Selections,
  selectionsAsDrawn,
  selectionsStore,
} from '../../entities/location/selections-store.ts';
import { createI18n } from '../../shared/i18n/i18n.ts';
import { drawnState, readStoresAs } from '../../shared/platform/read-stores-as.ts';
import {
  drawnBootGiven,
  rememberDrawnBoot,
  rememberPrefetch,
} from '../../shared/prefetch/prefetched-answers.ts';
import dialogStyles from '../../shared/ui/dialog.module.css';
import { locationAnswer, resto, stubApi, testBrand } from '../../test/render-app.tsx';
import { WEDNESDAY_NOON } from '../../test/test-clock.ts';
import { App, makeQueryClient } from '../app.tsx';
import { seedBootQueries } from '../boot/seed-boot-queries.ts';
import { claimableAnswers, embeddedBoot } from '../head-prefetch/boot-requests.ts';
import { loadLocaleTexts, TEXTS_RU } from '../texts.ts';
import { renderFirstScreen, renderFirstVisitPopup } from './render-first-screen.tsx';

type FirstScreenInput = Parameters<typeof renderFirstScreen>[0];

// The brand as GET /1/p/config hands it to the server build (the API's publicConfig).
const config: PublicConfig = { ...testBrand, apiBase: '', production: false, pages: [] };

// A returning customer's boot, in the shapes the API answers (each body is checked against its contract below).
const cities: CityListItem[] = [
  { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 },
  { id: 2, name: { ru: 'Набережные Челны', en: 'Naberezhnye Chelny' }, order: 2 },
];
const kremlyovskaya = resto({
  id: 3,
  name: { ru: 'Нори-Нори на Кремлёвской', en: 'Nori-Nori on Kremlyovskaya' },
  street: { ru: 'ул. Кремлёвская, 21', en: '21 Kremlyovskaya St' },
});
const baumana = resto({
  id: 4,
  name: { ru: 'Нори-Нори на Баумана', en: 'Nori-Nori on Baumana' },
  street: { ru: 'ул. Баумана, 58', en: '58 Baumana St' },
});
const groups: PositionGroup[] = [
  { id: 5, menuId: 1, name: { ru: 'Роллы', en: 'Rolls' }, order: 1, photos: [] },
  { id: 6, menuId: 1, name: { ru: 'Супы', en: 'Soups' }, order: 2, photos: [] },
];
const dish = (id: number, group: number, ru: string, en: string, price: number, photo: string): Position => ({
  id,
  menu: { id: 1 },
  positionGroup: { id: group },
  name: { ru, en },
  description: { ru: `${ru}: состав на карточке блюда.`, en: `${en}: see the dish card.` },
  measure: { value: 260, unit: 'g' },
  price: minor(price),
  photos: [`/media/positions/${photo}.svg`],
  tags: [],
  isAdult: false,
  order: id,
});
const positions: Position[] = [
  dish(7, 5, 'Филадельфия', 'Philadelphia', 69_000, 'philadelphia'),
  dish(8, 5, 'Калифорния', 'California', 54_000, 'california'),
  dish(9, 6, 'Мисо-суп', 'Miso soup', 29_000, 'miso'),
];
const promotions: Promotion[] = [
  {
    id: 11,
    title: { ru: 'Сет дня', en: 'Set of the day' },
    text: { ru: 'Каждый день новый сет.', en: 'A new set every day.' },
    image: '/media/promotions/welcome.svg',
    priority: 10,
    startsAt: null,
    endsAt: null,
  },
];

// The soup is served at lunch only, 11:00–16:00 on the restaurant's clock.
const lunchOnly: TimeSlot[] = [
  {
    id: 1,
    positionIds: [9],
    details: [1, 2, 3, 4, 5, 6, 7].map((d) => ({
      dayOfWeek: d as 1,
      startAt: '11:00',
      endAt: '16:00',
      isActive: true,
    })),
  },
];
/** Wednesday 10:30 in Kazan (+03:00): the restaurants are open (10:00–23:00), lunch is not served yet. */
const WEDNESDAY_MORNING = WEDNESDAY_NOON - 90 * 60_000;

/** The boot call's answers for this choice (GET /1/p/boot), all 200, as the API draws a first screen from. */
function bootAnswersFor(choice: BootChoice, serverTime = WEDNESDAY_MORNING): BootAnswer[] {
  const r = `/1/restos/${choice.restoId}`;
  const answers: BootAnswer[] = [
    {
      path: '/1/now',
      status: 200,
      body: nowResponse.parse({ utc_time: new Date(serverTime).toISOString() }),
    },
    { path: '/1/p/cities?whiteLabel=demo', status: 200, body: citiesResponse.parse(cities) },
    {
      path: `/1/p/location?cityId=${choice.cityId}&whiteLabel=demo`,
      status: 200,
      body: locationResponse.parse(locationAnswer(1, [kremlyovskaya, baumana], [])),
    },
    { path: `${r}/promotions`, status: 200, body: promotionsResponse.parse(promotions) },
    { path: `${r}/positions/modifiers`, status: 200, body: modifiersResponse.parse([]) },
    { path: `${r}/position-time-slots`, status: 200, body: timeSlotsResponse.parse(lunchOnly) },
    { path: `${r}/working-hours`, status: 200, body: workingHoursResponse.parse([]) },
    { path: '/1/p/menus/1/position-groups', status: 200, body: positionGroupsResponse.parse(groups) },
    { path: '/1/p/menus/1/positions', status: 200, body: positionsResponse.parse(positions) },
  ];
  return bootResponse.parse({ answers }).answers;
}

const choice: FirstScreenChoice = {
  whiteLabel: 'demo',
  cityId: 1,
  restoId: 3,
  method: 'TAKE_AWAY',
  locale: 'ru',
};
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function input(overrides: Partial<FirstScreenInput> = {}): FirstScreenInput {
  return {
    path: '/',
    config,
    locale: choice.locale,
    choice,
    userAgent: LAPTOP,
    answers: bootAnswersFor(choice),
    ...overrides,
  };
}

/** What a server drawing must leave behind: the stores as a first visit's browser would find them. */
function storesNow() {
  const { cityId, restoId, deliveryMethod, paymentMethod, deliveryPlace } = selectionsStore.getState();
  const { offsetMs, synced } = clockStore.getState();
  const { locationOpen, locationPersistent, locationMethodOnly, navigationOpen, searchOpen } =
    appFlagsStore.getState();
  return {
    selections: { cityId, restoId, deliveryMethod, paymentMethod, deliveryPlace },
    clock: { offsetMs, synced },
    cart: cartStore.getState().positions,
    flags: { locationOpen, locationPersistent, locationMethodOnly, navigationOpen, searchOpen },
    // The server snapshots readStoresAs lent out are given back.
    initialSelections: selectionsStore.getInitialState(),
    initialClock: clockStore.getInitialState(),
    initialFlags: appFlagsStore.getInitialState(),
  };
}

/**
 * As the API runs the server build: no window, document or navigator while it draws (the server takes the
 * user agent from the request). The Modal, the user agent and the storage read these to tell the server apart.
 */
async function onServer<T>(draw: () => Promise<T>): Promise<T> {
  vi.stubGlobal('window', undefined);
  vi.stubGlobal('document', undefined);
  vi.stubGlobal('navigator', undefined);
  try {
    return await draw();
  } finally {
    vi.unstubAllGlobals();
  }
}

/** Home as the API has the server build draw it. */
const drawHome = (overrides: Partial<FirstScreenInput> = {}) =>
  onServer(() => renderFirstScreen(input(overrides)));

/** Markup parsed into a detached element, to ask it questions. */
function parsed(markup: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = markup;
  return element;
}

function resetStores() {
  selectionsStore.getState().reset();
  clockStore.setState({ offsetMs: 0, synced: false });
  cartStore.setState(cartStore.getInitialState(), true);
  appFlagsStore.getState().closeLocation();
}

beforeEach(resetStores);
afterEach(() => {
  delete window.__storefrontPrefetch;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetStores();
});

describe('renderFirstScreen', () => {
  it('draws a returning customer’s home from the boot answers: the header’s city, the dish cards, no dish photos', async () => {
    const markup = await drawHome();
    expect(markup).not.toBeNull();
    const page = parsed(markup as string);
    expect(page.querySelector('[data-testid="location-button"]')?.textContent).toContain('Казань');
    expect(page.querySelector('[data-testid="location-place"]')?.textContent).toBe('ул. Кремлёвская, 21');
    const cards = [...page.querySelectorAll('[data-testid="dish-card"]')];
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'Филадельфия',
      'Калифорния',
      'Мисо-суп',
    ]);
    expect(cards[0]?.textContent).toContain('690');
    // Judged by the server's clock from the boot answers, not the device's.
    expect(cards[2]?.textContent).toContain('Доступно сегодня с 11:00');
    // The photos' boxes are drawn, the pictures come once the app has taken the drawing over.
    for (const card of cards) {
      expect(card.querySelector('[aria-hidden="true"] span')).not.toBeNull();
      expect(card.querySelector('img')).toBeNull();
    }
    expect(markup).not.toMatch(/<img[^>]*\/media\/positions\//);
  });

  it('draws it in the cookie’s language', async () => {
    const markup = await drawHome({ locale: 'en' });
    const page = parsed(markup as string);
    expect(page.querySelector('[data-testid="location-button"]')?.textContent).toContain('Kazan');
    expect([...page.querySelectorAll('[data-testid="dish-card"] h3')].map((h) => h.textContent)).toEqual([
      'Philadelphia',
      'California',
      'Miso soup',
    ]);
  });

  it('draws by the boot answers’ clock: lunch served at noon', async () => {
    const markup = await drawHome({ answers: bootAnswersFor(choice, WEDNESDAY_NOON) });
    const soup = parsed(markup as string).querySelectorAll('[data-testid="dish-card"]')[2];
    expect(soup?.querySelector('h3')?.textContent).toBe('Мисо-суп');
    expect(soup?.textContent).not.toContain('Доступно');
  });

  it('draws nothing when an answer the screen needs is missing or failed', async () => {
    const answers = bootAnswersFor(choice);
    const without = (path: string) => answers.filter((answer) => answer.path !== path);
    const failed = (path: string) =>
      answers.map((answer) =>
        answer.path === path ? { ...answer, status: 500, body: { errors: [{ message: 'Сбой' }] } } : answer,
      );
    for (const path of [
      '/1/now',
      '/1/p/cities?whiteLabel=demo',
      '/1/p/location?cityId=1&whiteLabel=demo',
      '/1/restos/3/promotions',
      '/1/restos/3/working-hours',
      '/1/p/menus/1/positions',
    ]) {
      expect(await drawHome({ answers: without(path) }), `without ${path}`).toBeNull();
      expect(await drawHome({ answers: failed(path) }), `failed ${path}`).toBeNull();
    }
    // A clock that is not one.
    const noClock = answers.map((a) => (a.path === '/1/now' ? { ...a, body: { utc_time: 5 } } : a));
    expect(await drawHome({ answers: noClock })).toBeNull();
  });

  it('leaves the app’s stores as it found them, after drawing and after a drawing that throws', async () => {
    const before = storesNow();
    await drawHome();
    expect(storesNow()).toEqual(before);

    // A body the menu cannot draw (a dish without its tags) makes the drawing itself throw.
    const broken = bootAnswersFor(choice).map((answer) =>
      answer.path === '/1/p/menus/1/positions'
        ? { ...answer, body: [{ ...positions[0], tags: undefined, photos: undefined }] }
        : answer,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(drawHome({ answers: broken })).rejects.toThrow();
    expect(storesNow()).toEqual(before);
  });
});

/** main.tsx's Started: the stores read as drawn are given back once hydration has committed. */
function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit, as main.tsx.
  useEffect(() => onStarted(), []);
  return children;
}

describe('the app hydrates the server’s drawing', () => {
  let root: Root | null = null;
  let container: HTMLElement | null = null;
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    container?.remove();
    container = null;
    document.documentElement.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
    document.getElementById(FIRST_SCREEN_BOOT_ID)?.remove();
  });

  /**
   * The page the API sends (seo.routes.ts sendReturning, first-screen.ts firstScreenPage) for the cookie's choice,
   * then what the browser does with it: the head hands the embedded answers to the app (head-prefetch.ts), and
   * the app seeds its cache from them and hydrates (main.tsx), its stores read as drawn, the clock as synced.
   */
  async function serveAndHydrate(
    drawnFor: FirstScreenChoice,
    saved: Pick<Selections, 'cityId' | 'restoId' | 'deliveryMethod' | 'deliveryPlace'>,
  ) {
    window.history.replaceState(null, '', '/');
    const answers = bootAnswersFor(drawnFor);
    const markup = await drawHome({ choice: drawnFor, answers, userAgent: navigator.userAgent });
    expect(markup).not.toBeNull();
    container = Object.assign(document.createElement('div'), { id: 'root', innerHTML: markup as string });
    document.body.append(container);
    document.documentElement.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
    const script = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: FIRST_SCREEN_BOOT_ID,
      textContent: JSON.stringify({ choice: drawnFor, answers }),
    });
    document.body.append(script);

    // The page head, for what local storage holds.
    const { cityId: savedCity, restoId: savedResto, deliveryMethod: savedMethod } = saved;
    if (savedCity === null || savedResto === null || savedMethod === null)
      throw new Error('a returning customer');
    const savedChoice = { whiteLabel: 'demo', cityId: savedCity, restoId: savedResto, method: savedMethod };
    const embedded = await embeddedBoot(savedChoice, 'ru');
    if (embedded) {
      rememberDrawnBoot();
      for (const [path, answer] of claimableAnswers(
        embedded.boot,
        'ru',
        embedded.sentAt,
        embedded.receivedAt,
      ))
        rememberPrefetch(path, Promise.resolve(answer));
    }

    // The app: its stores read back what the customer saved (a payment method the drawing never knew of too).
    selectionsStore.getState().save({ ...saved, paymentMethod: 'CASH_UPON_RECEIPT' });
    const i18n = await createI18n(TEXTS_RU, 'ru', loadLocaleTexts);
    const queryClient = makeQueryClient();
    const seeded = await seedBootQueries(queryClient, config, 'ru');
    const cardsBefore = [...container.querySelectorAll('[data-testid="dish-card"]')];
    const { cityId, restoId, deliveryMethod } = selectionsStore.getState();
    const restoreStores = readStoresAs([
      drawnState(selectionsStore, selectionsAsDrawn({ cityId, restoId, deliveryMethod })),
      drawnState(clockStore, clockStore.getState()),
    ]);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(
        container as HTMLElement,
        <StrictMode>
          <Started onStarted={restoreStores}>
            <App brand={config} i18n={i18n} queryClient={queryClient} />
          </Started>
        </StrictMode>,
        { onRecoverableError },
      );
    });
    return { seeded, cardsBefore, onRecoverableError, consoleError, container: container as HTMLElement };
  }

  it('takes the drawing over as it is: no mismatch, the same dish card elements, then the pictures', async () => {
    const { seeded, cardsBefore, onRecoverableError, consoleError, container } = await serveAndHydrate(
      choice,
      {
        cityId: 1,
        restoId: 3,
        deliveryMethod: 'TAKE_AWAY',
        deliveryPlace: null,
      },
    );
    expect(seeded).toBe(true);
    expect(drawnBootGiven()).toBe(true);
    expect(cardsBefore).toHaveLength(3);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    const cardsAfter = [...container.querySelectorAll('[data-testid="dish-card"]')];
    expect(cardsAfter).toHaveLength(cardsBefore.length);
    cardsAfter.forEach((card, index) => {
      expect(card).toBe(cardsBefore[index]);
    });
    // Drawn by the server's clock, taken over by the same (the device's may say lunch is served).
    expect(cardsAfter[2]?.textContent).toContain('Доступно сегодня с 11:00');
    // Taken over, the app draws what the server leaves out: the dish photos, in the same cards.
    expect(cardsAfter[0]?.querySelector('img')?.getAttribute('src')).toBe(
      '/media/positions/philadelphia.svg',
    );
    // And the stores are the customer's own again: the saved payment method, the real server snapshots.
    expect(selectionsStore.getState().paymentMethod).toBe('CASH_UPON_RECEIPT');
    expect(selectionsStore.getInitialState().cityId).toBeNull();
  });

  it('reports a mismatch when the app hydrates with another choice than the drawing’s (what the check above relies on)', async () => {
    stubApi({});
    const { onRecoverableError } = await serveAndHydrate(choice, {
      cityId: 1,
      restoId: 4,
      deliveryMethod: 'TAKE_AWAY',
      deliveryPlace: null,
    });
    // main.tsx would not hydrate here (the head hands over no answers drawn for another restaurant).
    expect(drawnBootGiven()).toBe(false);
    expect(onRecoverableError).toHaveBeenCalled();
  });

  it('takes over a delivery customer’s drawing, which knew no address, then shows their saved address', async () => {
    const delivery: FirstScreenChoice = { ...choice, method: 'DELIVERY' };
    const { onRecoverableError, cardsBefore, container } = await serveAndHydrate(delivery, {
      cityId: 1,
      restoId: 3,
      deliveryMethod: 'DELIVERY',
      deliveryPlace: {
        address: 'ул. Баумана, 44',
        apartment: '12',
        entrance: '2',
        floor: '3',
        intercom: null,
        comment: null,
        location: { lat: 55.7897, lng: 49.1147 },
      },
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(cardsBefore).toHaveLength(3);
    expect(container.querySelectorAll('[data-testid="dish-card"]')[0]).toBe(cardsBefore[0]);
    expect(container.querySelector('[data-testid="location-place"]')?.textContent).toBe('ул. Баумана, 44');
  });
});

describe('renderFirstVisitPopup', () => {
  const drawnOnServer = (userAgent: string, locale: 'ru' | 'en' = 'ru') =>
    onServer(() => renderFirstVisitPopup({ config, locale, cities, userAgent }));

  it('draws the location popup open, with the brand’s cities as buttons, in its texts', async () => {
    const markup = await drawnOnServer(PHONE);
    expect(markup).toMatch(/^<dialog[^>]* open=""[^>]* data-drawn-by-server=""/);
    const popup = parsed(markup).querySelector('dialog') as HTMLDialogElement;
    expect(popup.querySelector('h2')?.textContent).toBe('Адрес');
    expect(popup.textContent).toContain('Выберите город');
    expect([...popup.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Казань',
      'Набережные Челны',
    ]);
    // A first visit's popup cannot be closed: no close button.
    expect(popup.querySelector('[aria-label="Закрыть"]')).toBeNull();

    const english = parsed(await drawnOnServer(PHONE, 'en')).querySelector('dialog');
    expect(english?.querySelector('h2')?.textContent).toBe('Address');
    expect([...(english?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual([
      'Kazan',
      'Naberezhnye Chelny',
    ]);
  });

  it('draws a bottom sheet for a phone and a centred dialog for a laptop, as ResponsiveDialog does', async () => {
    const content = (markup: string) =>
      parsed(markup).querySelector('dialog > div:not([aria-hidden])') as HTMLElement;
    const phone = content(await drawnOnServer(PHONE));
    expect(phone.classList).toContain(dialogStyles.sheet);
    expect(phone.classList).not.toContain(dialogStyles.dialog);
    expect(phone.closest('dialog')?.hasAttribute('data-sheet')).toBe(true);
    const laptop = content(await drawnOnServer(LAPTOP));
    expect(laptop.classList).toContain(dialogStyles.dialog);
    expect(laptop.classList).not.toContain(dialogStyles.sheet);
    expect(laptop.closest('dialog')?.hasAttribute('data-sheet')).toBe(false);
  });

  it('closes the popup’s flag again afterwards', async () => {
    const before = storesNow();
    await drawnOnServer(PHONE);
    expect(appFlagsStore.getState().locationOpen).toBe(false);
    expect(storesNow()).toEqual(before);
  });
});
