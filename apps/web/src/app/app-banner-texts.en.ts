import type { EnglishTexts } from '../shared/i18n/i18n.ts';
import type { appBannerTexts } from './app-banner-texts.ts';

/** English texts of namespace 'app-banner': loaded only when a customer chooses English. */
export const appBannerTextsEn = {
  text: 'It is handier in the app',
  open: 'Open',
  close: 'Hide',
} satisfies EnglishTexts<typeof appBannerTexts>;
