export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

/** Text a customer reads, in every locale the brand writes. Russian is always present. */
export type LocalizedText = { ru: string } & Partial<Record<Exclude<Locale, 'ru'>, string>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The text in the wanted locale, falling back to Russian when the brand has not translated it. */
export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.ru;
}

/** Picks the first supported language of an Accept-Language header; Russian when none matches. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}
