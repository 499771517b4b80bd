import { describe, expect, it } from 'vitest';
import { providerTexts, vkFailureTextKey, widgetErrorTextKey } from './provider-texts.ts';

describe('providerTexts', () => {
  it('has the same keys in ru and en, none empty', () => {
    expect(Object.keys(providerTexts.en).sort()).toEqual(Object.keys(providerTexts.ru).sort());
    for (const texts of Object.values(providerTexts)) {
      for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    }
  });

  it('has a text for every failure code and widget error', () => {
    for (const code of [100, 101, 102, 103, 104] as const) {
      expect(providerTexts.ru[vkFailureTextKey(code)]).toBeTruthy();
    }
    for (const error of ['timeout', 'internal', 'auth'] as const) {
      expect(providerTexts.en[widgetErrorTextKey(error)]).toBeTruthy();
    }
    expect(providerTexts.ru.vkFailure101).toBe(
      'Не удалось открыть окно входа. Разрешите всплывающие окна для этого сайта',
    );
  });

  it('never uses dots in keys (i18next would read them as nesting)', () => {
    for (const key of Object.keys(providerTexts.ru)) expect(key).not.toContain('.');
  });
});
