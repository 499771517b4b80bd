import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const authTexts = {
  title: 'Вход',
  soon: 'Вход по номеру телефона и через соцсети появится в ближайшем обновлении.',
  toMenu: 'Вернуться в меню',
} satisfies NamespaceTexts;
