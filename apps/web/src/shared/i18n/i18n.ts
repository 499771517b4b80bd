import { isLocale, type Locale } from '@storefront/domain';
import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLocale } from '../api-client.ts';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { readStored, writeStored } from '../storage/local-storage.ts';
import { isString } from '../storage/stored-value-guards.ts';

/**
 * One language's texts of one feature: the i18next namespace named after the feature. Russian ships
 * with the app; other languages are separate modules loaded when chosen (decision 7).
 */
export type NamespaceTexts = Record<string, unknown>;
export type LocaleTexts = Record<string, NamespaceTexts>;
/** Plural forms Russian has and English does not (i18next's plural suffixes by Intl.PluralRules). */
type RussianOnlyPlural = `${string}_${'few' | 'many'}`;
/**
 * The English twin of a Russian namespace: the same keys, nested alike, less the plural forms only Russian
 * has. An English module declares `satisfies EnglishTexts<typeof xTexts>` (a type-only import of the
 * Russian one), so a missing or an extra English key is a type error, not only a failed texts test.
 */
export type EnglishTexts<T> = {
  [K in keyof T as K extends RussianOnlyPlural ? never : K]: T[K] extends string
    ? string
    : EnglishTexts<T[K]>;
};
/** Loads every namespace of a language that does not ship with the app. */
export type LoadLocaleTexts = (locale: Locale) => Promise<LocaleTexts>;

/** docs/product.md §5: a stored locale is used only if the brand offers it; else the brand's default. */
export function initialLocale(available: readonly Locale[], fallback: Locale): Locale {
  const stored = readStored(STORAGE_KEYS.locale, isString);
  return isLocale(stored) && available.includes(stored) ? stored : fallback;
}

let loadLocale: LoadLocaleTexts = async () => ({});

/** Makes sure a language's texts are present before it is shown. */
async function ensureLocale(instance: i18n, locale: Locale): Promise<void> {
  if (locale === 'ru' || instance.hasResourceBundle(locale, 'common')) return;
  for (const [namespace, texts] of Object.entries(await loadLocale(locale))) {
    instance.addResourceBundle(locale, namespace, texts, true, true);
  }
}

export async function createI18n(
  russian: LocaleTexts,
  locale: Locale,
  load?: LoadLocaleTexts,
): Promise<i18n> {
  if (load) loadLocale = load;
  const resources: Resource = { ru: russian };
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'ru',
    defaultNS: 'common',
    ns: Object.keys(russian),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLocale(instance, locale);
  setApiLocale(locale);
  // The server draws a returning customer's first screen with the same texts (decision 44): no document there.
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return instance;
}

/** Switches the language everywhere without a reload and remembers it under app_locale. */
export async function switchLocale(instance: i18n, locale: Locale): Promise<void> {
  await ensureLocale(instance, locale);
  await instance.changeLanguage(locale);
  setApiLocale(locale);
  document.documentElement.lang = locale;
  writeStored(STORAGE_KEYS.locale, locale);
}
