import type { NamespaceTexts } from '../i18n/i18n.ts';

/** Namespace 'map': shipped inside the map's own chunk with its English (map-texts.en.ts; see useLazyNamespace). */
export const mapTexts = {
  loading: 'Загружаем карту…',
  failed: 'Не удалось загрузить карту',
  retry: 'Повторить',
  zoomIn: 'Приблизить',
  zoomOut: 'Отдалить',
} satisfies NamespaceTexts;
