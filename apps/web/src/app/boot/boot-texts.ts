import type { NamespaceTexts } from '../../shared/i18n/i18n.ts';

export const bootTexts = {
  loading: 'Загружаем меню…',
  failedTitle: 'Не удалось загрузить витрину',
  failedHint: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
} satisfies NamespaceTexts;
