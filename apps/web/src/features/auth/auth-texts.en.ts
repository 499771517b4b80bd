import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

/** English texts: loaded only when a customer chooses English. */
export const authTextsEn = {
  title: 'Sign in',
  soon: 'Signing in by phone or a social account is coming in the next update.',
  toMenu: 'Back to the menu',
} satisfies NamespaceTexts;
