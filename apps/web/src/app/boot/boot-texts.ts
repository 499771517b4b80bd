import type { Texts } from '../../shared/i18n/i18n.ts';

export const bootTexts = {
  ru: {
    loading: 'Загружаем меню…',
    failedTitle: 'Не удалось загрузить витрину',
    failedHint: 'Проверьте подключение к интернету и попробуйте ещё раз.',
    retry: 'Повторить',
  },
  en: {
    loading: 'Loading the menu…',
    failedTitle: 'The storefront could not load',
    failedHint: 'Check your internet connection and try again.',
    retry: 'Try again',
  },
} satisfies Texts;
