import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { bootTexts } from './boot-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const bootTextsEn = {
  loading: 'Loading the menu…',
  failedTitle: 'The storefront could not load',
  failedHint: 'Check your internet connection and try again.',
  retry: 'Try again',
} satisfies EnglishTexts<typeof bootTexts>;
