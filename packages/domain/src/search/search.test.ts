import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  normalizeForSearch,
  type SearchablePosition,
  searchPositions,
  switchKeyboardLayout,
} from './search.ts';

const positions: SearchablePosition[] = [
  { id: 1, name: { ru: 'Филадельфия', en: 'Philadelphia' }, description: { ru: 'Лосось, сливочный сыр' } },
  {
    id: 2,
    name: { ru: 'Филадельфия с угрём', en: 'Philadelphia with eel' },
    description: { ru: 'Угорь, сыр, соус унаги' },
  },
  { id: 3, name: { ru: 'Ролл Калифорния', en: 'California roll' }, description: { ru: 'Краб, икра масаго' } },
  { id: 4, name: { ru: 'Саке', en: 'Hot sake' }, description: { ru: 'Подогретое рисовое вино' } },
  { id: 5, name: { ru: 'Салат с ежевикой' }, description: { ru: 'Ежевика, руккола' } },
  { id: 6, name: { ru: 'Запечённый лосось' }, description: { ru: 'С соусом терияки' } },
  { id: 7, name: { ru: 'Мисо-суп' }, description: { ru: 'Тофу, вакаме, филадельфия в подарок' } },
  { id: 8, name: { ru: 'Ёжик в тумане' }, description: { ru: 'Десерт' } },
];
const index = buildSearchIndex(positions);
const find = (query: string, limit?: number) => searchPositions(index, query, limit);

describe('normalizeForSearch', () => {
  it('lower-cases, turns ё into е, drops diacritics and punctuation, collapses spaces', () => {
    expect(normalizeForSearch('  Запечённый,  ЛОСОСЬ!! ')).toBe('запеченный лосось');
    expect(normalizeForSearch('Crème brûlée — Мисо-суп')).toBe('creme brulee мисо суп');
  });

  it('keeps й a letter of its own', () => {
    expect(normalizeForSearch('Чай ЙОГУРТ')).toBe('чай йогурт');
    expect(normalizeForSearch('чаи\u0306')).toBe('чай');
  });

  it('is locale-independent for Latin I', () => {
    expect(normalizeForSearch('SUSHI')).toBe('sushi');
  });
});

describe('switchKeyboardLayout', () => {
  it('reads English-layout typing as Russian and back', () => {
    expect(switchKeyboardLayout('hjkk')).toBe('ролл');
    expect(switchKeyboardLayout('ыфлу')).toBe('sake');
    expect(switchKeyboardLayout('Ajkflt')).toBe('Фоладе');
    expect(switchKeyboardLayout("[]; ',.`")).toBe('хъж эбюё');
    expect(switchKeyboardLayout('хъжэбюё')).toBe("[];',.`");
    expect(switchKeyboardLayout('{}:"<>~')).toBe('ХЪЖЭБЮЁ');
  });

  it('keeps characters that are not on letter keys', () => {
    expect(switchKeyboardLayout('123 !?')).toBe('123 !?');
  });

  it('is its own inverse on letter keys', () => {
    const keys = [
      ...'`qwertyuiop[]asdfghjkl;\'zxcvbnm,.~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>',
      ...'ёйцукенгшщзхъфывапролджэячсмитьбюЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ',
      ' ',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...keys)), (chars) => {
        const text = chars.join('');
        expect(switchKeyboardLayout(switchKeyboardLayout(text))).toBe(text);
      }),
    );
  });
});

describe('searchPositions', () => {
  it('ignores case', () => {
    expect(find('ФИЛАДЕЛЬФИЯ')).toEqual([1, 2, 7]);
  });

  it('treats ё and е alike, both ways', () => {
    expect(find('ёж')).toEqual([5, 8]);
    expect(find('ежик')).toEqual([8]);
    expect(find('запеченный')).toEqual([6]);
  });

  it('matches words in any order', () => {
    expect(find('угорь филадельфия')).toEqual([2]);
    expect(find('угрём фила')).toEqual([2]);
  });

  it('matches English names', () => {
    expect(find('philadelphia eel')).toEqual([2]);
    expect(find('Hot')).toEqual([4]);
  });

  it('ranks name matches above description-only ones, then keeps menu order', () => {
    // 7 mentions philadelphia only in its description.
    expect(find('филадельфия')).toEqual([1, 2, 7]);
    expect(find('лосось')).toEqual([6, 1]);
  });

  it('ranks prefix matches above substring ones', () => {
    const ranked = buildSearchIndex([
      { id: 10, name: { ru: 'Большой сет' }, description: { ru: '' } },
      { id: 11, name: { ru: 'Сет Самурай' }, description: { ru: '' } },
      { id: 12, name: { ru: 'Суперсет' }, description: { ru: '' } },
    ]);
    expect(searchPositions(ranked, 'сет')).toEqual([10, 11]);
    expect(searchPositions(ranked, 'сет самурай')).toEqual([11]);
    const longer = buildSearchIndex([
      { id: 14, name: { ru: 'Подсетка' }, description: { ru: '' } },
      { id: 13, name: { ru: 'Сетка' }, description: { ru: '' } },
    ]);
    expect(searchPositions(longer, 'сетк')).toEqual([13, 14]);
    expect(searchPositions(longer, 'дсет')).toEqual([14]);
  });

  it('lets words of four or more letters match inside a word, shorter ones only at its start', () => {
    expect(find('адельф')).toEqual([1, 2, 7]);
    expect(find('ифо')).toEqual([]);
    expect(find('лифорния')).toEqual([3]);
  });

  it('retries on the other keyboard layout', () => {
    expect(find('hjkk')).toEqual([3]);
    expect(find('ыфлу')).toEqual([4]);
    expect(find('cfrt')).toEqual([4]);
    // One word typed on each layout.
    expect(find('hjkk california')).toEqual([3]);
    expect(find('abkf eel')).toEqual([2]);
  });

  it('requires every word to match', () => {
    expect(find('филадельфия калифорния')).toEqual([]);
  });

  it('finds nothing for queries under two characters', () => {
    expect(find('ф')).toEqual([]);
    expect(find('  ,  ')).toEqual([]);
    expect(find('')).toEqual([]);
  });

  it('honours the limit', () => {
    expect(find('филадельфия', 2)).toEqual([1, 2]);
  });
});
