import type { Locale } from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import type { NamespaceTexts } from './i18n.ts';

/**
 * Texts of a part that loads lazily (the map, the map popup) travel in that part's own chunk, every
 * language at once: they are small, and the first visit's JavaScript stays within its budget. Each such
 * set is named in app/texts.ts's LAZY_TEXTS, which the texts test walks.
 */
export function useLazyNamespace(namespace: string, texts: Record<Locale, NamespaceTexts>) {
  const { i18n } = useTranslation();
  for (const [locale, bundle] of Object.entries(texts)) {
    if (!i18n.hasResourceBundle(locale, namespace)) i18n.addResourceBundle(locale, namespace, bundle);
  }
  return useTranslation(namespace);
}
