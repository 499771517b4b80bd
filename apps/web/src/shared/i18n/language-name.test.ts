import { describe, expect, it } from 'vitest';
import { languageName } from './language-name.ts';

describe('languageName', () => {
  it('names cnr, en and ru each in itself', () => {
    expect(languageName('cnr')).toBe('Crnogorski');
    expect(languageName('en')).toBe('English');
    expect(languageName('ru')).toBe('Русский');
    expect(languageName('RU')).toBe('Русский');
  });

  it('shows an unknown code as itself', () => {
    expect(languageName('de')).toBe('DE');
  });
});
