import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { bootTexts } from './boot-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const bootTextsEn = {
  loading: 'Loading the menu…',
  failedTitle: 'The storefront could not load',
  failedHint: 'Check your internet connection and try again.',
  retry: 'Try again',
  // docs/product.md §8's own words.
  clockFailed: 'Failed to fetch UTC time',
  citiesFailed: 'Failed to fetch cities',
  locationFailed: 'Failed to fetch restaurants and delivery zones',
  menuGroupsFailed: 'Failed to fetch menu groups',
  menuGroupsNotFound: 'Menu groups not found',
  menuPositionsFailed: 'Failed to fetch menu positions',
  menuPositionsNotFound: 'Menu positions not found',
  promotionsFailed: 'Failed to fetch promotions',
  modifiersFailed: 'Failed to fetch position modifiers',
  timeSlotsFailed: 'Failed to fetch position time slots',
  workingHoursFailed: 'Failed to fetch working hours',
  status: 'Server status: {{status}}',
  noAnswer: 'No answer from the server',
} satisfies EnglishTexts<typeof bootTexts>;
