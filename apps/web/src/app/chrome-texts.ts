import type { NamespaceTexts } from '../shared/i18n/i18n.ts';

export const notFoundTexts = {
  title: 'Страница не найдена',
  text: 'Возможно, ссылка устарела.',
  home: 'На главную',
} satisfies NamespaceTexts;

export const appBannerTexts = {
  text: 'В приложении удобнее',
  open: 'Открыть',
  close: 'Скрыть',
} satisfies NamespaceTexts;
