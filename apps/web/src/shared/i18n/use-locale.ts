import type { Locale } from '@storefront/domain';
import { useTranslation } from 'react-i18next';

/** The interface language as a Locale: English when chosen, else Russian (the default and the fallback). */
export function localeOf(language: string | undefined): Locale {
  return language === 'en' ? 'en' : 'ru';
}

/** The interface language, re-rendering on a switch: the one way a component asks which texts to pick. */
export function useLocale(): Locale {
  return localeOf(useTranslation().i18n.language);
}
