import type { Locale } from '@storefront/domain';
import { minor } from '@storefront/domain';
import type { Position, PositionGroup } from '@storefront/domain/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../entities/app-flags/app-flags-store.ts';
import { clockStore } from '../entities/clock/clock-store.ts';
import { selectionsStorage, selectionsStore } from '../entities/location/selections-store.ts';
import { createI18n } from '../shared/i18n/i18n.ts';
import { ConfirmationPopup } from '../shared/ui/confirmation-popup.tsx';
import { ProgressOverlay } from '../shared/ui/progress-overlay.tsx';
import { stubMatchMedia } from '../test/match-media.ts';
import { locationAnswer, resto, stubApi, testBrand } from '../test/render-app.tsx';
import { App } from './app.tsx';
import { loadLocaleTexts, TEXTS_RU } from './texts.ts';

/*
 * No interface text leaks into the other language: every name a screen reader or a tooltip reads
 * (aria-label, title, alt, placeholder) and every visible text of the chrome is in the interface
 * language. The catalog's own data is bilingual here, so anything Russian on an English screen is ours.
 */

const cities = [
  { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 },
  { id: 2, name: { ru: 'Самара', en: 'Samara' }, order: 2 },
];
const menus = [1, 2].map((id) => ({
  id,
  name: id === 1 ? { ru: 'Основное', en: 'Main' } : { ru: 'Бар', en: 'Bar' },
  order: id,
  isDelivery: true,
  isTakeAway: true,
  isOnline: false,
  isTable: false,
}));
const kazanResto = resto({
  id: 1,
  name: { ru: 'Нори на Баумана', en: 'Nori on Baumana' },
  street: { ru: 'ул. Баумана, 44', en: '44 Baumana St' },
  address: { ru: 'Казань, ул. Баумана, 44', en: 'Kazan, 44 Baumana St' },
  description: { ru: '', en: '' },
  menus,
  openingHours: [1, 2, 3, 4, 5, 6, 7].map((d) => ({
    dayOfWeek: d as 1,
    active: true,
    open: '00:00',
    close: '00:00',
  })),
});
const groups = (menuId: number): PositionGroup[] => [
  { id: 5, menuId, name: { ru: 'Роллы', en: 'Rolls' }, order: 1, photos: [] },
];
const positions = (menuId: number): Position[] => [
  {
    id: 7 + menuId,
    menu: { id: menuId },
    positionGroup: { id: 5 },
    name: { ru: 'Филадельфия', en: 'Philadelphia' },
    description: { ru: 'Лосось', en: 'Salmon' },
    measure: { value: 260, unit: 'g' },
    price: minor(69000),
    photos: [],
    tags: [],
    isAdult: false,
    order: 1,
  },
];
const api = {
  '/1/now': { utc_time: new Date().toISOString() },
  '/1/p/cities': cities,
  '/1/p/location': locationAnswer(1, [kazanResto], []),
  '/1/p/menus/1/position-groups': groups(1),
  '/1/p/menus/1/positions': positions(1),
  '/1/p/menus/2/position-groups': groups(2),
  '/1/p/menus/2/positions': positions(2),
  '/1/restos/1/promotions': [],
  '/1/restos/1/positions/modifiers': [],
  '/1/restos/1/position-time-slots': [],
  '/1/restos/1/working-hours': [],
};

const CYRILLIC = /[А-Яа-яЁё]/;
/** Two or more English words and no Cyrillic: an English phrase (names like 'Email' or 'RU' are one word). */
const ENGLISH_PHRASE = /^(?=.*\b[A-Za-z]{2,}\b\s+\b[A-Za-z]{2,}\b)[^А-Яа-яЁё]*$/;

/** Every accessible-name attribute on the page: `attribute="value"` of each element that has one. */
function namedAttributes(root: ParentNode = document.body): { where: string; value: string }[] {
  const found: { where: string; value: string }[] = [];
  for (const attribute of ['aria-label', 'title', 'alt', 'placeholder', 'aria-roledescription']) {
    for (const element of root.querySelectorAll(`[${attribute}]`)) {
      const value = element.getAttribute(attribute) ?? '';
      if (value) found.push({ where: `<${element.tagName.toLowerCase()} ${attribute}>`, value });
    }
  }
  return found;
}

/** The app in `locale`: the splash's names are checked while it shows, then home once it is there. */
async function renderIn(locale: Locale, check: (phase: string) => void) {
  const i18n = await createI18n(TEXTS_RU, locale, loadLocaleTexts);
  render(<App brand={testBrand} i18n={i18n} />);
  expect(screen.getByRole('progressbar')).toBeInTheDocument();
  check('splash');
  await screen.findAllByRole('heading', { level: 2 }, { timeout: 3000 });
  check('home');
}

describe('no text leaks into the other language', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    selectionsStorage.hydrate();
    selectionsStore
      .getState()
      .save({ cityId: 1, deliveryMethod: 'TAKE_AWAY', restoId: 1, paymentMethod: null, deliveryPlace: null });
    appFlagsStore.getState().closeLocation();
    clockStore.setState({ offsetMs: 0, synced: false });
    window.history.replaceState(null, '', '/');
    localStorage.setItem('person_cookies_consent_accepted', 'true');
    stubApi(api);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('in English: no Cyrillic in any aria-label, title, alt or placeholder of the splash, home, the navigation and the address popup', async () => {
    const leaks = () => namedAttributes().filter(({ value }) => CYRILLIC.test(value));
    await renderIn('en', () => expect(leaks()).toEqual([]));
    expect(screen.getByTestId('location-button').textContent).not.toMatch(CYRILLIC);

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    expect(leaks()).toEqual([]);
    act(() => appFlagsStore.getState().setNavigationOpen(false));

    await userEvent.click(screen.getByTestId('location-button'));
    await screen.findByRole('dialog', { name: 'Address' });
    expect(leaks()).toEqual([]);
  });

  it('in Russian: no English phrase in any aria-label, title, alt or placeholder of the same screens', async () => {
    const leaks = () => namedAttributes().filter(({ value }) => ENGLISH_PHRASE.test(value));
    await renderIn('ru', () => expect(leaks()).toEqual([]));

    await userEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
    await screen.findByRole('dialog');
    expect(leaks()).toEqual([]);
    act(() => appFlagsStore.getState().setNavigationOpen(false));

    await userEvent.click(screen.getByTestId('location-button'));
    await screen.findByRole('dialog', { name: 'Адрес' });
    expect(leaks()).toEqual([]);
  });
});

it('shared popups default to the interface language: a confirmation and a progress overlay in English', async () => {
  const i18n = await createI18n(TEXTS_RU, 'en', loadLocaleTexts);
  render(
    <I18nextProvider i18n={i18n}>
      <ConfirmationPopup open onConfirm={() => {}} onCancel={() => {}} />
      <ProgressOverlay open={false} />
    </I18nextProvider>,
  );
  const popup = await screen.findByRole('dialog', { name: 'Confirm?' });
  expect(popup.textContent).not.toMatch(CYRILLIC);
  expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
});
