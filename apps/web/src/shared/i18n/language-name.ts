/**
 * docs/product.md §3 'Locale': the language-name helper knows cnr (Montenegrin), en and ru. Each
 * language is named in itself (its autonym), so a customer finds their own language whatever the
 * interface language is; the list that names them marks each with its `lang`.
 */
const LANGUAGE_NAMES = {
  cnr: 'Crnogorski',
  en: 'English',
  ru: 'Русский',
} as const satisfies Record<string, string>;

export type NamedLanguage = keyof typeof LANGUAGE_NAMES;

/** The language's own name; an unknown code is shown as itself, upper-cased. */
export function languageName(code: string): string {
  const known = LANGUAGE_NAMES[code.toLowerCase() as NamedLanguage] as string | undefined;
  return known ?? code.toUpperCase();
}
