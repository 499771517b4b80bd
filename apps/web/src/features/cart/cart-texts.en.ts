import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

/** English texts: loaded only when a customer chooses English. */
export const cartTextsEn = {
  title: 'Cart',
  empty: 'Your cart is empty',
  backToMenu: 'Back to the menu',
  button: 'Cart',
} satisfies NamespaceTexts;
