import type { EnglishTexts } from '../shared/i18n/i18n.ts';
import type { notFoundTexts } from './not-found-texts.ts';

/** English texts of namespace 'not-found': loaded only when a customer chooses English. */
export const notFoundTextsEn = {
  title: 'Page not found',
  text: 'The link may be out of date.',
  home: 'Go to the home page',
} satisfies EnglishTexts<typeof notFoundTexts>;
