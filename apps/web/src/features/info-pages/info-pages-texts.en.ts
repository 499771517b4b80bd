import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

/** English texts: loaded only when a customer chooses English. */
export const infoPagesTextsEn = {
  failed: 'The page could not be loaded',
  retry: 'Try again',
} satisfies NamespaceTexts;
