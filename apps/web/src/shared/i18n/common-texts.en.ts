import type { commonTexts } from './common-texts.ts';
import type { EnglishTexts } from './i18n.ts';

/** English texts: loaded only when a customer chooses English. */
export const commonTextsEn = {
  close: 'Close',
  cancel: 'Cancel',
  ok: 'OK',
  confirm: 'Confirm?',
  save: 'Save',
  retry: 'Retry',
  loading: 'Loading…',
  back: 'Back',
  requestFailed: 'The request could not be completed',
  unknownError: 'Unknown error',
  dishes_one: '{{count}} dish',
  dishes_other: '{{count}} dishes',
  minutes_one: '{{count}} minute',
  minutes_other: '{{count}} minutes',
  required: 'This field is required',
} satisfies EnglishTexts<typeof commonTexts>;
