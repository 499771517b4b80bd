import type { Locale } from '@storefront/domain';
import type { NamespaceTexts } from '../i18n/i18n.ts';

/** Namespace 'map': shipped inside the map's own chunk (see useLazyNamespace). */
export const MAP_TEXTS = {
  ru: {
    loading: 'Загружаем карту…',
    failed: 'Не удалось загрузить карту',
    retry: 'Повторить',
    zoomIn: 'Приблизить',
    zoomOut: 'Отдалить',
  },
  en: {
    loading: 'Loading the map…',
    failed: 'The map could not be loaded',
    retry: 'Retry',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
  },
} satisfies Record<Locale, NamespaceTexts>;
