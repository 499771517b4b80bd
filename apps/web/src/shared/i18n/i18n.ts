import { isLocale, type Locale } from '@storefront/domain';
import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLocale } from '../api-client.ts';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { readStored, writeStored } from '../storage/local-storage.ts';
import { isString } from '../storage/stored-value-guards.ts';

/** A feature's texts: one object per locale, used as the i18next namespace named after the feature. */
export type Texts = { ru: Record<string, unknown>; en: Record<string, unknown> };

/** SPEC §5: a stored locale is used only if the brand offers it; else the brand's default. */
export function initialLocale(available: readonly Locale[], fallback: Locale): Locale {
  const stored = readStored(STORAGE_KEYS.locale, isString);
  return isLocale(stored) && available.includes(stored) ? stored : fallback;
}

export async function createI18n(namespaces: Record<string, Texts>, locale: Locale): Promise<i18n> {
  const resources: Resource = { ru: {}, en: {} };
  for (const [namespace, texts] of Object.entries(namespaces)) {
    (resources.ru as Record<string, unknown>)[namespace] = texts.ru;
    (resources.en as Record<string, unknown>)[namespace] = texts.en;
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'ru',
    defaultNS: 'common',
    ns: Object.keys(namespaces),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setApiLocale(locale);
  document.documentElement.lang = locale;
  return instance;
}

/** Switches the language everywhere without a reload and remembers it under app_locale. */
export async function switchLocale(instance: i18n, locale: Locale): Promise<void> {
  await instance.changeLanguage(locale);
  setApiLocale(locale);
  document.documentElement.lang = locale;
  writeStored(STORAGE_KEYS.locale, locale);
}
