import { useLazyNamespace } from '../../shared/i18n/lazy-namespace.ts';
import { checkoutTextsEn } from './checkout-texts.en.ts';
import { checkoutTexts } from './checkout-texts.ts';

/** Namespace 'checkout' travels with the cart route's chunk (useLazyNamespace), not in the first visit. */
export const CHECKOUT_TEXTS = { ru: checkoutTexts, en: checkoutTextsEn };

export const useCheckoutTexts = () => useLazyNamespace('checkout', CHECKOUT_TEXTS);
