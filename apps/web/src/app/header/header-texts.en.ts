import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { headerTexts } from './header-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const headerTextsEn = {
  home: '{{brand}}, home page',
  menu: 'Menu',
  promotions: 'Promotions',
  restos: 'Restaurants',
  resto: 'Restaurant',
  account: 'Sign in and profile',
  franchise: 'Franchise',
  newTab: '(opens in a new tab)',
  chooseAddress: 'Choose address',
  delivery: 'Delivery',
  takeAway: 'Pickup',
  mapPoint: 'Point on the map',
  cart: 'Cart',
  cartWithCount: 'Cart, {{count}}',
  language: 'Language: {{current}}',
  openMenu: 'Open menu',
  navigation: 'Navigation',
  support: 'Support on Telegram',
  appStore: 'App Store',
  googlePlay: 'Google Play',
  scrollTop: 'Back to top',
  search: 'Search the menu',
  termsOfSale: 'Terms of sale',
  points_one: '{{count}} point',
  points_other: '{{count}} points',
  pointsLink_one: 'Bonus points: {{count}} point, profile',
  pointsLink_other: 'Bonus points: {{count}} points, profile',
} satisfies EnglishTexts<typeof headerTexts>;
