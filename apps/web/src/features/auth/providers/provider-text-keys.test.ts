import { describe, expect, it } from 'vitest';
import { authTextsEn } from '../auth-texts.en.ts';
import { authTexts } from '../auth-texts.ts';
import { vkFailureTextKey, widgetErrorTextKey } from './provider-text-keys.ts';

describe('provider texts', () => {
  it('has a text for every failure code and widget error, in both languages, none empty', () => {
    const keys = [
      ...([100, 101, 102, 103, 104] as const).map(vkFailureTextKey),
      ...(['timeout', 'internal', 'auth'] as const).map(widgetErrorTextKey),
    ];
    for (const texts of [authTexts, authTextsEn]) {
      for (const key of keys) expect(texts[key].trim()).not.toBe('');
    }
    expect(authTexts.vkFailure101).toBe(
      'Не удалось открыть окно входа. Разрешите всплывающие окна для этого сайта',
    );
  });

  it('never uses dots in keys (i18next would read them as nesting)', () => {
    for (const key of Object.keys(authTexts)) expect(key).not.toContain('.');
  });
});
