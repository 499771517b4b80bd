import { useLazyNamespace } from '../../shared/i18n/lazy-namespace.ts';
import { ordersTextsEn } from './orders-texts.en.ts';
import { ordersTexts } from './orders-texts.ts';

/**
 * Namespace 'orders' travels with the order pages' own chunks, every language at once (useLazyNamespace):
 * a first visit never shows an order, so it does not carry these words.
 */
export const ORDERS_TEXTS = { ru: ordersTexts, en: ordersTextsEn };

export const useOrdersTexts = () => useLazyNamespace('orders', ORDERS_TEXTS);
