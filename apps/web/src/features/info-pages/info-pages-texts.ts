import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const infoPagesTexts = {
  failed: 'Не удалось загрузить страницу',
  retry: 'Повторить',
} satisfies NamespaceTexts;
