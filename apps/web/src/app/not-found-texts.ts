import type { NamespaceTexts } from '../shared/i18n/i18n.ts';

/** Namespace 'not-found': the page for an address the storefront does not know. */
export const notFoundTexts = {
  title: 'Страница не найдена',
  text: 'Возможно, ссылка устарела.',
  home: 'На главную',
} satisfies NamespaceTexts;
