import type { NamespaceTexts } from '../shared/i18n/i18n.ts';

/** English texts: loaded only when a customer chooses English. */
export const notFoundTextsEn = {
  title: 'Page not found',
  text: 'The link may be out of date.',
  home: 'Go to the home page',
} satisfies NamespaceTexts;

export const appBannerTextsEn = {
  text: 'It is handier in the app',
  open: 'Open',
  close: 'Hide',
} satisfies NamespaceTexts;
