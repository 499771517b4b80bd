import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { promotionsTexts } from './promotions-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const promotionsTextsEn = {
  title: 'Promotions',
  empty: 'No promotions right now',
  loading: 'Loading promotions…',
  loadFailed: 'Could not load the promotions',
  retry: 'Retry',
  viewAll: 'All promotions',
  openMenu: 'Open the menu',
  openDish: 'Open the dish',
  notFound: 'This promotion is not running now',
  close: 'Close',
  until: 'until {{date}}',
  carousel: 'Promotions',
  slide: '{{index}} of {{total}}',
  previous: 'Previous promotion',
  next: 'Next promotion',
  pause: 'Stop rotating promotions',
  play: 'Resume rotating promotions',
} satisfies EnglishTexts<typeof promotionsTexts>;
