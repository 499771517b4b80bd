import type { Texts } from '../../shared/i18n/i18n.ts';

export const infoPagesTexts = {
  ru: { failed: 'Не удалось загрузить страницу', retry: 'Повторить' },
  en: { failed: 'The page could not be loaded', retry: 'Try again' },
} satisfies Texts;
