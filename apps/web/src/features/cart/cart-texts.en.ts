import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

/** English texts: loaded only when a customer chooses English. */
export const cartTextsEn = {
  title: 'Cart',
  empty: 'Your cart is empty',
  checkout: 'Place the order',
  checkoutSoon: 'Placing orders is coming in the next update',
  backToMenu: 'Back to the menu',
  button: 'Cart',
} satisfies NamespaceTexts;
