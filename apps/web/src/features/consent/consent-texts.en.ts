import type { EnglishTexts } from '../../shared/i18n/i18n.ts';
import type { consentTexts } from './consent-texts.ts';

/** English texts: loaded only when a customer chooses English. */
export const consentTextsEn = {
  cookies: 'We use cookies so the site works and remembers your choices.',
  accept: 'Accept',
  learnMore: 'Learn more',
  adultTitle: 'Are you 18 or older?',
  adultText: 'This section contains alcoholic drinks. They are sold to adults only.',
  no: 'No',
  yes: 'Yes',
} satisfies EnglishTexts<typeof consentTexts>;
