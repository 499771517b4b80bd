import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { searchTexts } from './search-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const searchTextsEn = {
  title: 'Menu search',
  placeholder: 'Search',
  back: 'Back',
  clear: 'Clear',
  hint: 'A dish or an ingredient, e.g. “eel” or “ыфлу”',
  nothing: 'Nothing found for “{{query}}”',
  results_one: '{{count}} dish found',
  results_other: '{{count}} dishes found',
  open: 'Search the menu',
} satisfies EnglishTexts<typeof searchTexts>;
