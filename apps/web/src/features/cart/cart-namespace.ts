import { useLazyNamespace } from '../../shared/i18n/lazy-namespace.ts';
import { cartTextsEn } from './cart-texts.en.ts';
import { cartTexts } from './cart-texts.ts';

/** Namespace 'cart' travels with the cart route's chunk (useLazyNamespace), not in the first visit. */
export const CART_TEXTS = { ru: cartTexts, en: cartTextsEn };

export const useCartTexts = () => useLazyNamespace('cart', CART_TEXTS);
