import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { infoPagesTexts } from './info-pages-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const infoPagesTextsEn = {
  failed: 'The page could not be loaded',
  retry: 'Try again',
} satisfies EnglishTexts<typeof infoPagesTexts>;
