import type { Texts } from '../../shared/i18n/i18n.ts';

export const authTexts = {
  ru: {
    title: 'Вход',
    soon: 'Вход по номеру телефона и через соцсети появится в ближайшем обновлении.',
    toMenu: 'Вернуться в меню',
  },
  en: {
    title: 'Sign in',
    soon: 'Signing in by phone or a social account is coming in the next update.',
    toMenu: 'Back to the menu',
  },
} satisfies Texts;
