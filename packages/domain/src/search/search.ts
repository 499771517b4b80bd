import type { LocalizedText } from '../i18n/locale.ts';

/**
 * Dish search (docs/product.md §2, the menu screens): words in any order, case and ё insensitive, prefix matches,
 * substring matches for longer words, and a second try on the other keyboard layout.
 */

/** Query words shorter than this only match the start of a word; longer ones match anywhere inside it. */
const SEARCH_SUBSTRING_MIN_LENGTH = 4;
/** A query shorter than this (after normalisation) finds nothing. */
export const SEARCH_QUERY_MIN_LENGTH = 2;

// Latin letters with diacritics lose them ('crème' → 'creme'); Cyrillic й is a letter of its own, not и.
const LATIN_WITH_DIACRITICS = /[\u00C0-\u024F\u1E00-\u1EFF]/g;
const COMBINING_MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Lower case (locale-independent), ё → е, diacritics dropped, punctuation to spaces, spaces collapsed. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(LATIN_WITH_DIACRITICS, (char) => char.normalize('NFD').replace(COMBINING_MARKS, ''))
    .replace(COMBINING_MARKS, '')
    .replace(NOT_LETTER_OR_DIGIT, ' ')
    .trim();
}

// The same physical keys on the English QWERTY and the Russian ЙЦУКЕН layouts, without and with Shift.
const QWERTY = '`qwertyuiop[]asdfghjkl;\'zxcvbnm,.~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>';
const JCUKEN = 'ёйцукенгшщзхъфывапролджэячсмитьбюЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ';

const LAYOUT_SWITCH: ReadonlyMap<string, string> = new Map([
  ...[...QWERTY].map((char, index): [string, string] => [char, JCUKEN.charAt(index)]),
  ...[...JCUKEN].map((char, index): [string, string] => [char, QWERTY.charAt(index)]),
]);

/**
 * Text typed with the wrong layout active, as it was meant: 'hjkk' → 'ролл', 'ыфлу' → 'sake'. Works both
 * ways, character by character; characters on neither layout's letter keys are kept.
 */
export function switchKeyboardLayout(text: string): string {
  let result = '';
  for (const char of text) result += LAYOUT_SWITCH.get(char) ?? char;
  return result;
}

export interface SearchablePosition {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
}

interface IndexEntry {
  id: number;
  nameWords: readonly string[];
  descriptionWords: readonly string[];
}

/** Positions prepared for searching: the normalised words of their names and descriptions in every locale. */
export interface SearchIndex {
  readonly entries: readonly IndexEntry[];
}

function wordsOf(texts: readonly (LocalizedText | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const value of Object.values(text ?? {})) {
      if (typeof value !== 'string') continue;
      for (const word of normalizeForSearch(value).split(' ')) if (word) words.add(word);
    }
  }
  return [...words];
}

export function buildSearchIndex(positions: readonly SearchablePosition[]): SearchIndex {
  return {
    entries: positions.map((position) => ({
      id: position.id,
      nameWords: wordsOf([position.name]),
      descriptionWords: wordsOf([position.description]),
    })),
  };
}

/** How well one query word matched: lower is better. */
const Match = { NamePrefix: 0, NameSubstring: 1, DescriptionPrefix: 2, DescriptionSubstring: 3 } as const;
type Match = (typeof Match)[keyof typeof Match];

function matchIn(words: readonly string[], queryWord: string): 'prefix' | 'substring' | null {
  if (words.some((word) => word.startsWith(queryWord))) return 'prefix';
  if (queryWord.length >= SEARCH_SUBSTRING_MIN_LENGTH && words.some((word) => word.includes(queryWord))) {
    return 'substring';
  }
  return null;
}

function matchWord(entry: IndexEntry, queryWord: string): Match | null {
  const inName = matchIn(entry.nameWords, queryWord);
  if (inName === 'prefix') return Match.NamePrefix;
  if (inName === 'substring') return Match.NameSubstring;
  const inDescription = matchIn(entry.descriptionWords, queryWord);
  if (inDescription === 'prefix') return Match.DescriptionPrefix;
  if (inDescription === 'substring') return Match.DescriptionSubstring;
  return null;
}

interface Hit {
  id: number;
  order: number;
  descriptionOnly: number;
  substring: number;
}

/** Each query word is a list of spellings, any of which may match (the word as typed, on the other layout). */
function search(index: SearchIndex, queryWords: readonly (readonly string[])[]): Hit[] {
  const hits: Hit[] = [];
  index.entries.forEach((entry, order) => {
    let descriptionOnly = 0;
    let substring = 0;
    for (const spellings of queryWords) {
      let best: Match | null = null;
      for (const spelling of spellings) {
        const match = matchWord(entry, spelling);
        if (match !== null && (best === null || match < best)) best = match;
      }
      if (best === null) return;
      if (best >= Match.DescriptionPrefix) descriptionOnly++;
      if (best === Match.NameSubstring || best === Match.DescriptionSubstring) substring++;
    }
    hits.push({ id: entry.id, order, descriptionOnly, substring });
  });
  // Name matches first, then prefix and whole-word matches before substring ones, then menu order.
  return hits.sort(
    (a, b) => a.descriptionOnly - b.descriptionOnly || a.substring - b.substring || a.order - b.order,
  );
}

function queryWordsOf(query: string): string[] | null {
  const normalized = normalizeForSearch(query);
  if (normalized.length < SEARCH_QUERY_MIN_LENGTH) return null;
  return normalized.split(' ');
}

/**
 * One raw query word as typed or on the other layout, for the word-by-word attempt. Usually one group of two
 * spellings; a word that punctuation splits on one layout only ('x,y' is 'чбн') keeps its one-word spelling.
 */
function perWordSpellings(raw: string): string[][] {
  const typed = normalizeForSearch(raw).split(' ').filter(Boolean);
  const switched = normalizeForSearch(switchKeyboardLayout(raw)).split(' ').filter(Boolean);
  const single = [typed, switched].filter((words) => words.length === 1).flat();
  if (single.length > 0) return [[...new Set(single)]];
  return (typed.length > 0 ? typed : switched).map((word) => [word]);
}

/**
 * Ids of the matching positions, best first. When the query as typed finds nothing it is read as typed on the
 * other keyboard layout, first as a whole and then word by word (each word as typed or switched).
 */
export function searchPositions(index: SearchIndex, query: string, limit?: number): number[] {
  const rawWords = query.split(/\s+/).filter(Boolean);
  const asTyped = queryWordsOf(query);
  const switched = queryWordsOf(switchKeyboardLayout(query));
  const attempts: (readonly (readonly string[])[])[] = [];
  if (asTyped) attempts.push(asTyped.map((word) => [word]));
  if (switched) attempts.push(switched.map((word) => [word]));
  if (asTyped && switched && rawWords.length > 1) attempts.push(rawWords.flatMap(perWordSpellings));
  for (const words of attempts) {
    const hits = search(index, words);
    if (hits.length > 0) return hits.slice(0, limit).map((hit) => hit.id);
  }
  return [];
}
