import { useLazyNamespace } from '../../shared/i18n/lazy-namespace.ts';
import { ratingTextsEn } from './rating-texts.en.ts';
import { ratingTexts } from './rating-texts.ts';

/** Namespace 'rating' travels with the order page's and the rating link's chunks, every language at once. */
export const RATING_TEXTS = { ru: ratingTexts, en: ratingTextsEn };

export const useRatingTexts = () => useLazyNamespace('rating', RATING_TEXTS);
