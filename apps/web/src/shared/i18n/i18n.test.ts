import { describe, expect, it, vi } from 'vitest';
import { commonTextsEn } from './common-texts.en.ts';
import { commonTexts } from './common-texts.ts';
import { createI18n, initialLocale, switchLocale } from './i18n.ts';

describe('i18n', () => {
  it('uses Russian plural rules', async () => {
    const i18n = await createI18n({ common: commonTexts }, 'ru');
    expect([1, 2, 5, 21, 22, 25, 11].map((count) => i18n.t('dishes', { count }))).toEqual([
      '1 блюдо',
      '2 блюда',
      '5 блюд',
      '21 блюдо',
      '22 блюда',
      '25 блюд',
      '11 блюд',
    ]);
  });

  it('loads English when chosen, switches without reload and remembers it', async () => {
    const load = vi.fn(async () => ({ common: commonTextsEn }));
    const i18n = await createI18n({ common: commonTexts }, 'ru', load);
    expect(load).not.toHaveBeenCalled();
    await switchLocale(i18n, 'en');
    expect(load).toHaveBeenCalledWith('en');
    expect(i18n.t('dishes', { count: 2 })).toBe('2 dishes');
    await switchLocale(i18n, 'ru');
    await switchLocale(i18n, 'en');
    expect(load).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('app_locale')).toBe('"en"');
    expect(document.documentElement.lang).toBe('en');
    expect(initialLocale(['ru', 'en'], 'ru')).toBe('en');
  });

  it('ignores a stored locale the brand does not offer', () => {
    localStorage.setItem('app_locale', '"en"');
    expect(initialLocale(['ru'], 'ru')).toBe('ru');
    localStorage.setItem('app_locale', '"de"');
    expect(initialLocale(['ru', 'en'], 'ru')).toBe('ru');
  });
});
