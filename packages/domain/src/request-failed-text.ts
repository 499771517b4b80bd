import type { LocalizedText } from './i18n/locale.ts';

/**
 * What a failed call says when the answer carries no words of its own. A module of its own because a
 * bundle splits by module: the storefront's first screen needs this text, not every message in errors.ts.
 */
export const REQUEST_FAILED_TEXT = {
  ru: 'Не удалось выполнить запрос',
  en: 'The request could not be completed',
} as const satisfies LocalizedText;
